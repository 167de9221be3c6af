import { Migration } from '@mikro-orm/migrations';

/**
 * Money beyond ₦21,474,836: every kobo column becomes bigint (int4 overflowed on one big checkout).
 * Coupons get a per-customer limit, and a checkout names the coupon it holds a use of, so a checkout
 * released unpaid can give that use back.
 */
export class Migration20261124131413 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "products" alter column "price_kobo" type bigint using ("price_kobo"::bigint);`);

    this.addSql(`alter table "coupons" add column "per_customer_limit" int null;`);

    this.addSql(`alter table "checkouts" add column "coupon_id" int null;`);
    this.addSql(`alter table "checkouts" alter column "subtotal_kobo" type bigint using ("subtotal_kobo"::bigint);`);
    this.addSql(`alter table "checkouts" alter column "discount_kobo" type bigint using ("discount_kobo"::bigint);`);
    this.addSql(`alter table "checkouts" alter column "shipping_kobo" type bigint using ("shipping_kobo"::bigint);`);
    this.addSql(`alter table "checkouts" alter column "total_kobo" type bigint using ("total_kobo"::bigint);`);
    this.addSql(`alter table "checkouts" add constraint "checkouts_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "checkouts_coupon_id_index" on "checkouts" ("coupon_id");`);

    this.addSql(`alter table "payments" alter column "amount_kobo" type bigint using ("amount_kobo"::bigint);`);

    this.addSql(`alter table "orders" alter column "subtotal_kobo" type bigint using ("subtotal_kobo"::bigint);`);
    this.addSql(`alter table "orders" alter column "shipping_kobo" type bigint using ("shipping_kobo"::bigint);`);
    this.addSql(`alter table "orders" alter column "discount_kobo" type bigint using ("discount_kobo"::bigint);`);
    this.addSql(`alter table "orders" alter column "total_kobo" type bigint using ("total_kobo"::bigint);`);

    this.addSql(`alter table "order_items" alter column "unit_price_kobo" type bigint using ("unit_price_kobo"::bigint);`);

    // Checkouts placed before this migration name their coupon on their orders only. A paid one keeps it
    // for the per-customer count; an unpaid one now holds a use, which used to be counted at payment.
    this.addSql(`update "checkouts" set "coupon_id" = (select min(o."coupon_id") from "orders" o where o."checkout_id" = "checkouts"."id") where "payment_status" in ('pending', 'paid');`);
    this.addSql(`update "coupons" set "used_count" = "used_count" + (select count(*) from "checkouts" c where c."coupon_id" = "coupons"."id" and c."payment_status" = 'pending');`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "coupons" set "used_count" = "used_count" - (select count(*) from "checkouts" c where c."coupon_id" = "coupons"."id" and c."payment_status" = 'pending');`);

    this.addSql(`alter table "checkouts" drop constraint "checkouts_coupon_id_foreign";`);

    this.addSql(`drop index "checkouts_coupon_id_index";`);
    this.addSql(`alter table "checkouts" drop column "coupon_id";`);

    this.addSql(`alter table "checkouts" alter column "subtotal_kobo" type int4 using ("subtotal_kobo"::int4);`);
    this.addSql(`alter table "checkouts" alter column "discount_kobo" type int4 using ("discount_kobo"::int4);`);
    this.addSql(`alter table "checkouts" alter column "shipping_kobo" type int4 using ("shipping_kobo"::int4);`);
    this.addSql(`alter table "checkouts" alter column "total_kobo" type int4 using ("total_kobo"::int4);`);

    this.addSql(`alter table "coupons" drop column "per_customer_limit";`);

    this.addSql(`alter table "order_items" alter column "unit_price_kobo" type int4 using ("unit_price_kobo"::int4);`);

    this.addSql(`alter table "orders" alter column "subtotal_kobo" type int4 using ("subtotal_kobo"::int4);`);
    this.addSql(`alter table "orders" alter column "shipping_kobo" type int4 using ("shipping_kobo"::int4);`);
    this.addSql(`alter table "orders" alter column "discount_kobo" type int4 using ("discount_kobo"::int4);`);
    this.addSql(`alter table "orders" alter column "total_kobo" type int4 using ("total_kobo"::int4);`);

    this.addSql(`alter table "payments" alter column "amount_kobo" type int4 using ("amount_kobo"::int4);`);

    this.addSql(`alter table "products" alter column "price_kobo" type int4 using ("price_kobo"::int4);`);
  }

}
