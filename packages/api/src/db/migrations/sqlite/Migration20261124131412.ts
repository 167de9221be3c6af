import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons get a per-customer limit, and a checkout names the coupon it holds a use of, so a checkout
 * released unpaid can give that use back. The kobo columns need nothing here: SQLite's integer is already
 * 64-bit (the entities declare them integer on SQLite, bigint on PostgreSQL). The generator's rebuilds of
 * unchanged tables are left out.
 */
export class Migration20261124131412 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`coupons\` add column \`per_customer_limit\` integer null;`);

    this.addSql(`alter table \`checkouts\` add column \`coupon_id\` integer null constraint \`checkouts_coupon_id_foreign\` references \`coupons\` (\`id\`) on update cascade on delete set null;`);
    this.addSql(`create index \`checkouts_coupon_id_index\` on \`checkouts\` (\`coupon_id\`);`);

    // Checkouts placed before this migration name their coupon on their orders only. A paid one keeps it
    // for the per-customer count; an unpaid one now holds a use, which used to be counted at payment.
    this.addSql(`update \`checkouts\` set \`coupon_id\` = (select min(o.\`coupon_id\`) from \`orders\` o where o.\`checkout_id\` = \`checkouts\`.\`id\`) where \`payment_status\` in ('pending', 'paid');`);
    this.addSql(`update \`coupons\` set \`used_count\` = \`used_count\` + (select count(*) from \`checkouts\` c where c.\`coupon_id\` = \`coupons\`.\`id\` and c.\`payment_status\` = 'pending');`);
  }

}
