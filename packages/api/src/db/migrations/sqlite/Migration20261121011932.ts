import { Migration } from '@mikro-orm/migrations';

/** Catalogue search column and the composite indexes of the catalogue's filters and sorts. */
export class Migration20261121011932 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`products\` add column \`search_text\` text not null default '';`);
    this.addSql(`create index \`products_category_price_kobo_index\` on \`products\` (\`category\`, \`price_kobo\`);`);
    this.addSql(`create index \`products_category_created_at_index\` on \`products\` (\`category\`, \`created_at\`);`);
    this.addSql(`create index \`products_vendor_id_created_at_index\` on \`products\` (\`vendor_id\`, \`created_at\`);`);
    this.addSql(`update \`products\` set \`search_text\` = lower(\`name\` || ' ' || \`description\` || ' ' || \`category\` || ' ' || coalesce((select \`shop_name\` from \`vendors\` where \`vendors\`.\`id\` = \`products\`.\`vendor_id\`), ''));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index \`products_category_price_kobo_index\`;`);
    this.addSql(`drop index \`products_category_created_at_index\`;`);
    this.addSql(`drop index \`products_vendor_id_created_at_index\`;`);
    this.addSql(`alter table \`products\` drop column \`search_text\`;`);
  }

}
