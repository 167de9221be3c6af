import { Migration } from '@mikro-orm/migrations';

export class Migration20261121003426 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "users" ("id" serial primary key, "email" varchar(254) not null, "password_hash" varchar(255) not null, "full_name" varchar(50) not null, "phone" varchar(20) null, "address" varchar(200) null, "role" text check ("role" in ('customer', 'vendor', 'admin')) not null, "status" text check ("status" in ('active', 'suspended')) not null default 'active', "suspended_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_role_index" on "users" ("role");`);

    this.addSql(`create table "sessions" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "user_agent" varchar(255) null, "ip" varchar(64) null, "created_at" timestamptz not null, "last_used_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null);`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "contact_messages" ("id" serial primary key, "name" varchar(100) not null, "email" varchar(254) not null, "subject" varchar(200) not null, "message" varchar(5000) not null, "handled_at" timestamptz null, "handled_by_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "contact_messages_created_at_index" on "contact_messages" ("created_at");`);

    this.addSql(`create table "checkouts" ("id" serial primary key, "user_id" int not null, "idempotency_key" varchar(128) null, "subtotal_kobo" int not null, "discount_kobo" int not null, "shipping_kobo" int not null, "total_kobo" int not null, "coupon_code" varchar(20) null, "payment_status" text check ("payment_status" in ('pending', 'paid', 'failed')) not null default 'pending', "expires_at" timestamptz not null, "paid_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "checkouts_expires_at_index" on "checkouts" ("expires_at");`);
    this.addSql(`alter table "checkouts" add constraint "checkouts_user_id_idempotency_key_unique" unique ("user_id", "idempotency_key");`);

    this.addSql(`create table "payments" ("id" serial primary key, "checkout_id" int not null, "reference" varchar(64) not null, "provider" text check ("provider" in ('paystack', 'sandbox')) not null, "amount_kobo" int not null, "currency" varchar(3) not null default 'NGN', "status" text check ("status" in ('pending', 'success', 'failed')) not null default 'pending', "gateway_response" varchar(255) null, "paid_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "payments_checkout_id_index" on "payments" ("checkout_id");`);
    this.addSql(`alter table "payments" add constraint "payments_reference_unique" unique ("reference");`);

    this.addSql(`create table "audit_logs" ("id" serial primary key, "actor_id" int null, "action" varchar(64) not null, "target_type" varchar(32) not null, "target_id" int null, "details" jsonb null, "created_at" timestamptz not null);`);
    this.addSql(`create index "audit_logs_created_at_index" on "audit_logs" ("created_at");`);

    this.addSql(`create table "addresses" ("id" serial primary key, "user_id" int not null, "full_name" varchar(50) not null, "address" varchar(200) not null, "city" varchar(100) not null, "state" varchar(100) not null, "postal_code" varchar(20) not null, "phone" varchar(20) not null, "is_default" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`create index "addresses_user_id_index" on "addresses" ("user_id");`);

    this.addSql(`create table "vendors" ("id" serial primary key, "user_id" int not null, "shop_name" varchar(50) not null, "shop_description" varchar(500) not null, "address" varchar(200) not null, "phone" varchar(20) not null, "account_holder_name" varchar(50) not null, "account_number" varchar(10) not null, "bank_name" varchar(50) not null, "profile_image" varchar(100) null, "cover_image" varchar(100) null, "verified_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "vendors" add constraint "vendors_user_id_unique" unique ("user_id");`);
    this.addSql(`create index "vendors_verified_at_index" on "vendors" ("verified_at");`);

    this.addSql(`create table "reports" ("id" serial primary key, "reporter_id" int null, "vendor_id" int not null, "reason" text check ("reason" in ('Fake products', 'Poor quality', 'Misleading information', 'Poor customer service', 'Inappropriate content', 'Scam/Fraud', 'Other')) not null, "description" varchar(1000) not null, "status" text check ("status" in ('pending', 'reviewed', 'resolved')) not null default 'pending', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "reports_reporter_id_index" on "reports" ("reporter_id");`);
    this.addSql(`create index "reports_vendor_id_index" on "reports" ("vendor_id");`);

    this.addSql(`create table "products" ("id" serial primary key, "vendor_id" int not null, "name" varchar(100) not null, "description" text not null, "price_kobo" int not null, "stock" int not null, "category" text check ("category" in ('Hausa Caps', 'Yoruba Caps', 'Igbo Caps', 'Modern Caps', 'Traditional Caps')) not null, "sizes" jsonb not null, "images" jsonb not null, "rating_average" real not null default 0, "rating_count" int not null default 0, "archived_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "products_vendor_id_index" on "products" ("vendor_id");`);
    this.addSql(`create index "products_name_index" on "products" ("name");`);
    this.addSql(`create index "products_price_kobo_index" on "products" ("price_kobo");`);
    this.addSql(`create index "products_category_index" on "products" ("category");`);
    this.addSql(`create index "products_rating_average_index" on "products" ("rating_average");`);
    this.addSql(`create index "products_created_at_index" on "products" ("created_at");`);

    this.addSql(`create table "reviews" ("id" serial primary key, "user_id" int null, "product_id" int null, "vendor_id" int null, "rating" int not null, "comment" varchar(500) not null, "verified_purchase" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`create index "reviews_user_id_index" on "reviews" ("user_id");`);
    this.addSql(`create index "reviews_product_id_index" on "reviews" ("product_id");`);
    this.addSql(`create index "reviews_vendor_id_index" on "reviews" ("vendor_id");`);

    this.addSql(`create table "cart_items" ("id" serial primary key, "user_id" int not null, "product_id" int not null, "size" varchar(20) not null, "quantity" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "cart_items_product_id_index" on "cart_items" ("product_id");`);
    this.addSql(`alter table "cart_items" add constraint "cart_items_user_id_product_id_size_unique" unique ("user_id", "product_id", "size");`);

    this.addSql(`create table "coupons" ("id" serial primary key, "vendor_id" int null, "code" varchar(20) not null, "description" varchar(255) null, "discount_percent" int not null, "usage_limit" int null, "used_count" int not null default 0, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "coupons_code_index" on "coupons" ("code");`);
    this.addSql(`alter table "coupons" add constraint "coupons_vendor_id_code_unique" unique ("vendor_id", "code");`);

    this.addSql(`create table "orders" ("id" serial primary key, "checkout_id" int not null, "user_id" int not null, "vendor_id" int not null, "status" text check ("status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')) not null default 'pending', "payment_status" text check ("payment_status" in ('pending', 'paid', 'failed')) not null default 'pending', "subtotal_kobo" int not null, "shipping_kobo" int not null, "discount_kobo" int not null, "total_kobo" int not null, "coupon_id" int null, "coupon_code" varchar(20) null, "shipping_address" varchar(500) not null, "shipping_details" jsonb null, "paid_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "orders_checkout_id_index" on "orders" ("checkout_id");`);
    this.addSql(`create index "orders_user_id_index" on "orders" ("user_id");`);
    this.addSql(`create index "orders_vendor_id_index" on "orders" ("vendor_id");`);
    this.addSql(`create index "orders_created_at_index" on "orders" ("created_at");`);

    this.addSql(`create table "order_status_changes" ("id" serial primary key, "order_id" int not null, "from_status" text check ("from_status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')) null, "to_status" text check ("to_status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')) not null, "actor_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "order_status_changes_order_id_index" on "order_status_changes" ("order_id");`);

    this.addSql(`create table "order_items" ("id" serial primary key, "order_id" int not null, "product_id" int not null, "product_name" varchar(100) not null, "size" varchar(20) not null, "quantity" int not null, "unit_price_kobo" int not null);`);
    this.addSql(`create index "order_items_order_id_index" on "order_items" ("order_id");`);
    this.addSql(`create index "order_items_product_id_index" on "order_items" ("product_id");`);

    this.addSql(`create table "wishlist_entries" ("id" serial primary key, "user_id" int not null, "product_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "wishlist_entries_product_id_index" on "wishlist_entries" ("product_id");`);
    this.addSql(`alter table "wishlist_entries" add constraint "wishlist_entries_user_id_product_id_unique" unique ("user_id", "product_id");`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "contact_messages" add constraint "contact_messages_handled_by_id_foreign" foreign key ("handled_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "checkouts" add constraint "checkouts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payments" add constraint "payments_checkout_id_foreign" foreign key ("checkout_id") references "checkouts" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "audit_logs" add constraint "audit_logs_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "addresses" add constraint "addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "vendors" add constraint "vendors_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "reports" add constraint "reports_reporter_id_foreign" foreign key ("reporter_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "reports" add constraint "reports_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "products" add constraint "products_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "reviews" add constraint "reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "reviews" add constraint "reviews_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "reviews" add constraint "reviews_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "cart_items" add constraint "cart_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cart_items" add constraint "cart_items_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "coupons" add constraint "coupons_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "orders" add constraint "orders_checkout_id_foreign" foreign key ("checkout_id") references "checkouts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "order_items" add constraint "order_items_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_items" add constraint "order_items_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade;`);

    this.addSql(`alter table "wishlist_entries" add constraint "wishlist_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "wishlist_entries" add constraint "wishlist_entries_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`alter table "contact_messages" drop constraint "contact_messages_handled_by_id_foreign";`);

    this.addSql(`alter table "checkouts" drop constraint "checkouts_user_id_foreign";`);

    this.addSql(`alter table "audit_logs" drop constraint "audit_logs_actor_id_foreign";`);

    this.addSql(`alter table "addresses" drop constraint "addresses_user_id_foreign";`);

    this.addSql(`alter table "vendors" drop constraint "vendors_user_id_foreign";`);

    this.addSql(`alter table "reports" drop constraint "reports_reporter_id_foreign";`);

    this.addSql(`alter table "reviews" drop constraint "reviews_user_id_foreign";`);

    this.addSql(`alter table "cart_items" drop constraint "cart_items_user_id_foreign";`);

    this.addSql(`alter table "orders" drop constraint "orders_user_id_foreign";`);

    this.addSql(`alter table "order_status_changes" drop constraint "order_status_changes_actor_id_foreign";`);

    this.addSql(`alter table "wishlist_entries" drop constraint "wishlist_entries_user_id_foreign";`);

    this.addSql(`alter table "payments" drop constraint "payments_checkout_id_foreign";`);

    this.addSql(`alter table "orders" drop constraint "orders_checkout_id_foreign";`);

    this.addSql(`alter table "reports" drop constraint "reports_vendor_id_foreign";`);

    this.addSql(`alter table "products" drop constraint "products_vendor_id_foreign";`);

    this.addSql(`alter table "reviews" drop constraint "reviews_vendor_id_foreign";`);

    this.addSql(`alter table "coupons" drop constraint "coupons_vendor_id_foreign";`);

    this.addSql(`alter table "orders" drop constraint "orders_vendor_id_foreign";`);

    this.addSql(`alter table "reviews" drop constraint "reviews_product_id_foreign";`);

    this.addSql(`alter table "cart_items" drop constraint "cart_items_product_id_foreign";`);

    this.addSql(`alter table "order_items" drop constraint "order_items_product_id_foreign";`);

    this.addSql(`alter table "wishlist_entries" drop constraint "wishlist_entries_product_id_foreign";`);

    this.addSql(`alter table "orders" drop constraint "orders_coupon_id_foreign";`);

    this.addSql(`alter table "order_status_changes" drop constraint "order_status_changes_order_id_foreign";`);

    this.addSql(`alter table "order_items" drop constraint "order_items_order_id_foreign";`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`drop table if exists "contact_messages" cascade;`);

    this.addSql(`drop table if exists "checkouts" cascade;`);

    this.addSql(`drop table if exists "payments" cascade;`);

    this.addSql(`drop table if exists "audit_logs" cascade;`);

    this.addSql(`drop table if exists "addresses" cascade;`);

    this.addSql(`drop table if exists "vendors" cascade;`);

    this.addSql(`drop table if exists "reports" cascade;`);

    this.addSql(`drop table if exists "products" cascade;`);

    this.addSql(`drop table if exists "reviews" cascade;`);

    this.addSql(`drop table if exists "cart_items" cascade;`);

    this.addSql(`drop table if exists "coupons" cascade;`);

    this.addSql(`drop table if exists "orders" cascade;`);

    this.addSql(`drop table if exists "order_status_changes" cascade;`);

    this.addSql(`drop table if exists "order_items" cascade;`);

    this.addSql(`drop table if exists "wishlist_entries" cascade;`);
  }

}
