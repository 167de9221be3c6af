import { Migration } from '@mikro-orm/migrations';

export class Migration20261121003426 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`users\` (\`id\` integer not null primary key autoincrement, \`email\` text not null, \`password_hash\` text not null, \`full_name\` text not null, \`phone\` text null, \`address\` text null, \`role\` text check (\`role\` in ('customer', 'vendor', 'admin')) not null, \`status\` text check (\`status\` in ('active', 'suspended')) not null default 'active', \`suspended_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null);`);
    this.addSql(`create unique index \`users_email_unique\` on \`users\` (\`email\`);`);
    this.addSql(`create index \`users_role_index\` on \`users\` (\`role\`);`);

    this.addSql(`create table \`sessions\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`token_hash\` text not null, \`user_agent\` text null, \`ip\` text null, \`created_at\` datetime not null, \`last_used_at\` datetime not null, \`expires_at\` datetime not null, \`revoked_at\` datetime null, constraint \`sessions_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`sessions_user_id_index\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create unique index \`sessions_token_hash_unique\` on \`sessions\` (\`token_hash\`);`);

    this.addSql(`create table \`contact_messages\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`email\` text not null, \`subject\` text not null, \`message\` text not null, \`handled_at\` datetime null, \`handled_by_id\` integer null, \`created_at\` datetime not null, constraint \`contact_messages_handled_by_id_foreign\` foreign key(\`handled_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`contact_messages_handled_by_id_index\` on \`contact_messages\` (\`handled_by_id\`);`);
    this.addSql(`create index \`contact_messages_created_at_index\` on \`contact_messages\` (\`created_at\`);`);

    this.addSql(`create table \`checkouts\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`idempotency_key\` text null, \`subtotal_kobo\` integer not null, \`discount_kobo\` integer not null, \`shipping_kobo\` integer not null, \`total_kobo\` integer not null, \`coupon_code\` text null, \`payment_status\` text check (\`payment_status\` in ('pending', 'paid', 'failed')) not null default 'pending', \`expires_at\` datetime not null, \`paid_at\` datetime null, \`created_at\` datetime not null, constraint \`checkouts_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`checkouts_user_id_index\` on \`checkouts\` (\`user_id\`);`);
    this.addSql(`create index \`checkouts_expires_at_index\` on \`checkouts\` (\`expires_at\`);`);
    this.addSql(`create unique index \`checkouts_user_id_idempotency_key_unique\` on \`checkouts\` (\`user_id\`, \`idempotency_key\`);`);

    this.addSql(`create table \`payments\` (\`id\` integer not null primary key autoincrement, \`checkout_id\` integer not null, \`reference\` text not null, \`provider\` text check (\`provider\` in ('paystack', 'sandbox')) not null, \`amount_kobo\` integer not null, \`currency\` text not null default 'NGN', \`status\` text check (\`status\` in ('pending', 'success', 'failed')) not null default 'pending', \`gateway_response\` text null, \`paid_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`payments_checkout_id_foreign\` foreign key(\`checkout_id\`) references \`checkouts\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`payments_checkout_id_index\` on \`payments\` (\`checkout_id\`);`);
    this.addSql(`create unique index \`payments_reference_unique\` on \`payments\` (\`reference\`);`);

    this.addSql(`create table \`audit_logs\` (\`id\` integer not null primary key autoincrement, \`actor_id\` integer null, \`action\` text not null, \`target_type\` text not null, \`target_id\` integer null, \`details\` json null, \`created_at\` datetime not null, constraint \`audit_logs_actor_id_foreign\` foreign key(\`actor_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`audit_logs_actor_id_index\` on \`audit_logs\` (\`actor_id\`);`);
    this.addSql(`create index \`audit_logs_created_at_index\` on \`audit_logs\` (\`created_at\`);`);

    this.addSql(`create table \`addresses\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`full_name\` text not null, \`address\` text not null, \`city\` text not null, \`state\` text not null, \`postal_code\` text not null, \`phone\` text not null, \`is_default\` integer not null default false, \`created_at\` datetime not null, constraint \`addresses_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`addresses_user_id_index\` on \`addresses\` (\`user_id\`);`);

    this.addSql(`create table \`vendors\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`shop_name\` text not null, \`shop_description\` text not null, \`address\` text not null, \`phone\` text not null, \`account_holder_name\` text not null, \`account_number\` text not null, \`bank_name\` text not null, \`profile_image\` text null, \`cover_image\` text null, \`verified_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`vendors_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create unique index \`vendors_user_id_unique\` on \`vendors\` (\`user_id\`);`);
    this.addSql(`create index \`vendors_verified_at_index\` on \`vendors\` (\`verified_at\`);`);

    this.addSql(`create table \`reports\` (\`id\` integer not null primary key autoincrement, \`reporter_id\` integer null, \`vendor_id\` integer not null, \`reason\` text check (\`reason\` in ('Fake products', 'Poor quality', 'Misleading information', 'Poor customer service', 'Inappropriate content', 'Scam/Fraud', 'Other')) not null, \`description\` text not null, \`status\` text check (\`status\` in ('pending', 'reviewed', 'resolved')) not null default 'pending', \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`reports_reporter_id_foreign\` foreign key(\`reporter_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`reports_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`reports_reporter_id_index\` on \`reports\` (\`reporter_id\`);`);
    this.addSql(`create index \`reports_vendor_id_index\` on \`reports\` (\`vendor_id\`);`);

    this.addSql(`create table \`products\` (\`id\` integer not null primary key autoincrement, \`vendor_id\` integer not null, \`name\` text not null, \`description\` text not null, \`price_kobo\` integer not null, \`stock\` integer not null, \`category\` text check (\`category\` in ('Hausa Caps', 'Yoruba Caps', 'Igbo Caps', 'Modern Caps', 'Traditional Caps')) not null, \`sizes\` json not null, \`images\` json not null, \`rating_average\` real not null default 0, \`rating_count\` integer not null default 0, \`archived_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`products_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`products_vendor_id_index\` on \`products\` (\`vendor_id\`);`);
    this.addSql(`create index \`products_name_index\` on \`products\` (\`name\`);`);
    this.addSql(`create index \`products_price_kobo_index\` on \`products\` (\`price_kobo\`);`);
    this.addSql(`create index \`products_category_index\` on \`products\` (\`category\`);`);
    this.addSql(`create index \`products_rating_average_index\` on \`products\` (\`rating_average\`);`);
    this.addSql(`create index \`products_created_at_index\` on \`products\` (\`created_at\`);`);

    this.addSql(`create table \`reviews\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer null, \`product_id\` integer null, \`vendor_id\` integer null, \`rating\` integer not null, \`comment\` text not null, \`verified_purchase\` integer not null default false, \`created_at\` datetime not null, constraint \`reviews_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`reviews_product_id_foreign\` foreign key(\`product_id\`) references \`products\`(\`id\`) on delete cascade on update cascade, constraint \`reviews_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`reviews_user_id_index\` on \`reviews\` (\`user_id\`);`);
    this.addSql(`create index \`reviews_product_id_index\` on \`reviews\` (\`product_id\`);`);
    this.addSql(`create index \`reviews_vendor_id_index\` on \`reviews\` (\`vendor_id\`);`);

    this.addSql(`create table \`cart_items\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`product_id\` integer not null, \`size\` text not null, \`quantity\` integer not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`cart_items_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`cart_items_product_id_foreign\` foreign key(\`product_id\`) references \`products\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`cart_items_user_id_index\` on \`cart_items\` (\`user_id\`);`);
    this.addSql(`create index \`cart_items_product_id_index\` on \`cart_items\` (\`product_id\`);`);
    this.addSql(`create unique index \`cart_items_user_id_product_id_size_unique\` on \`cart_items\` (\`user_id\`, \`product_id\`, \`size\`);`);

    this.addSql(`create table \`coupons\` (\`id\` integer not null primary key autoincrement, \`vendor_id\` integer null, \`code\` text not null, \`description\` text null, \`discount_percent\` integer not null, \`usage_limit\` integer null, \`used_count\` integer not null default 0, \`expires_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`coupons_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`coupons_vendor_id_index\` on \`coupons\` (\`vendor_id\`);`);
    this.addSql(`create index \`coupons_code_index\` on \`coupons\` (\`code\`);`);
    this.addSql(`create unique index \`coupons_vendor_id_code_unique\` on \`coupons\` (\`vendor_id\`, \`code\`);`);

    this.addSql(`create table \`orders\` (\`id\` integer not null primary key autoincrement, \`checkout_id\` integer not null, \`user_id\` integer not null, \`vendor_id\` integer not null, \`status\` text check (\`status\` in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')) not null default 'pending', \`payment_status\` text check (\`payment_status\` in ('pending', 'paid', 'failed')) not null default 'pending', \`subtotal_kobo\` integer not null, \`shipping_kobo\` integer not null, \`discount_kobo\` integer not null, \`total_kobo\` integer not null, \`coupon_id\` integer null, \`coupon_code\` text null, \`shipping_address\` text not null, \`shipping_details\` json null, \`paid_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`orders_checkout_id_foreign\` foreign key(\`checkout_id\`) references \`checkouts\`(\`id\`) on delete cascade on update cascade, constraint \`orders_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`orders_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on delete cascade on update cascade, constraint \`orders_coupon_id_foreign\` foreign key(\`coupon_id\`) references \`coupons\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`orders_checkout_id_index\` on \`orders\` (\`checkout_id\`);`);
    this.addSql(`create index \`orders_user_id_index\` on \`orders\` (\`user_id\`);`);
    this.addSql(`create index \`orders_vendor_id_index\` on \`orders\` (\`vendor_id\`);`);
    this.addSql(`create index \`orders_coupon_id_index\` on \`orders\` (\`coupon_id\`);`);
    this.addSql(`create index \`orders_created_at_index\` on \`orders\` (\`created_at\`);`);

    this.addSql(`create table \`order_status_changes\` (\`id\` integer not null primary key autoincrement, \`order_id\` integer not null, \`from_status\` text check (\`from_status\` in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')) null, \`to_status\` text check (\`to_status\` in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')) not null, \`actor_id\` integer null, \`created_at\` datetime not null, constraint \`order_status_changes_order_id_foreign\` foreign key(\`order_id\`) references \`orders\`(\`id\`) on delete cascade on update cascade, constraint \`order_status_changes_actor_id_foreign\` foreign key(\`actor_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`order_status_changes_order_id_index\` on \`order_status_changes\` (\`order_id\`);`);
    this.addSql(`create index \`order_status_changes_actor_id_index\` on \`order_status_changes\` (\`actor_id\`);`);

    this.addSql(`create table \`order_items\` (\`id\` integer not null primary key autoincrement, \`order_id\` integer not null, \`product_id\` integer not null, \`product_name\` text not null, \`size\` text not null, \`quantity\` integer not null, \`unit_price_kobo\` integer not null, constraint \`order_items_order_id_foreign\` foreign key(\`order_id\`) references \`orders\`(\`id\`) on delete cascade on update cascade, constraint \`order_items_product_id_foreign\` foreign key(\`product_id\`) references \`products\`(\`id\`) on update cascade);`);
    this.addSql(`create index \`order_items_order_id_index\` on \`order_items\` (\`order_id\`);`);
    this.addSql(`create index \`order_items_product_id_index\` on \`order_items\` (\`product_id\`);`);

    this.addSql(`create table \`wishlist_entries\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`product_id\` integer not null, \`created_at\` datetime not null, constraint \`wishlist_entries_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`wishlist_entries_product_id_foreign\` foreign key(\`product_id\`) references \`products\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`wishlist_entries_user_id_index\` on \`wishlist_entries\` (\`user_id\`);`);
    this.addSql(`create index \`wishlist_entries_product_id_index\` on \`wishlist_entries\` (\`product_id\`);`);
    this.addSql(`create unique index \`wishlist_entries_user_id_product_id_unique\` on \`wishlist_entries\` (\`user_id\`, \`product_id\`);`);
  }

}
