import { Migration } from '@mikro-orm/migrations';

/**
 * Catalogue search column and the composite indexes of the catalogue's filters and sorts. On
 * PostgreSQL a trigram index lets `search_text like '%word%'` use an index; it needs the pg_trgm
 * extension, and without the right to create it the search still works, only slower.
 */
export class Migration20261121011933 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "search_text" text not null default '';`);
    this.addSql(`create index "products_category_price_kobo_index" on "products" ("category", "price_kobo");`);
    this.addSql(`create index "products_category_created_at_index" on "products" ("category", "created_at");`);
    this.addSql(`create index "products_vendor_id_created_at_index" on "products" ("vendor_id", "created_at");`);
    this.addSql(`update "products" set "search_text" = lower("name" || ' ' || "description" || ' ' || "category" || ' ' || coalesce((select "shop_name" from "vendors" where "vendors"."id" = "products"."vendor_id"), ''));`);
    this.addSql(`do $$ begin
  create extension if not exists pg_trgm;
  create index if not exists "products_search_text_trgm" on "products" using gin ("search_text" gin_trgm_ops);
exception when insufficient_privilege then
  raise notice 'pg_trgm is not available: the catalogue search runs without a trigram index';
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "products_search_text_trgm";`);
    this.addSql(`drop index "products_category_price_kobo_index";`);
    this.addSql(`drop index "products_category_created_at_index";`);
    this.addSql(`drop index "products_vendor_id_created_at_index";`);
    this.addSql(`alter table "products" drop column "search_text";`);
  }

}
