import { Migration } from '@mikro-orm/migrations';

export class Migration20261124163741 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`refunds\` (\`id\` integer not null primary key autoincrement, \`order_id\` integer null, \`payment_id\` integer not null, \`items_kobo\` integer not null, \`shipping_kobo\` integer not null, \`amount_kobo\` integer not null, \`kind\` text check (\`kind\` in ('cancellation', 'return', 'goodwill', 'duplicate_payment', 'late_payment')) not null, \`reason\` text null, \`initiated_by_id\` integer null, \`status\` text check (\`status\` in ('pending', 'processing', 'processed', 'failed')) not null default 'pending', \`provider_refund_id\` text null, \`failure_reason\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`processed_at\` datetime null, constraint \`refunds_order_id_foreign\` foreign key(\`order_id\`) references \`orders\`(\`id\`) on delete set null on update cascade, constraint \`refunds_payment_id_foreign\` foreign key(\`payment_id\`) references \`payments\`(\`id\`) on update cascade, constraint \`refunds_initiated_by_id_foreign\` foreign key(\`initiated_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`refunds_order_id_index\` on \`refunds\` (\`order_id\`);`);
    this.addSql(`create index \`refunds_payment_id_index\` on \`refunds\` (\`payment_id\`);`);
    this.addSql(`create index \`refunds_initiated_by_id_index\` on \`refunds\` (\`initiated_by_id\`);`);
    this.addSql(`create index \`refunds_status_index\` on \`refunds\` (\`status\`);`);
    this.addSql(`create index \`refunds_created_at_index\` on \`refunds\` (\`created_at\`);`);

    this.addSql(`create table \`return_requests\` (\`id\` integer not null primary key autoincrement, \`order_id\` integer not null, \`user_id\` integer not null, \`vendor_id\` integer not null, \`status\` text check (\`status\` in ('requested', 'approved', 'rejected', 'received', 'refunded')) not null default 'requested', \`reason\` text check (\`reason\` in ('wrong_item', 'damaged', 'not_as_described', 'changed_mind', 'other')) not null, \`details\` text not null, \`includes_shipping\` integer not null, \`decision_note\` text null, \`decided_by_id\` integer null, \`decided_at\` datetime null, \`received_at\` datetime null, \`received_by_id\` integer null, \`restocked\` integer null, \`refund_id\` integer null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`return_requests_order_id_foreign\` foreign key(\`order_id\`) references \`orders\`(\`id\`) on update cascade, constraint \`return_requests_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on update cascade, constraint \`return_requests_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on update cascade, constraint \`return_requests_decided_by_id_foreign\` foreign key(\`decided_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`return_requests_received_by_id_foreign\` foreign key(\`received_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`return_requests_refund_id_foreign\` foreign key(\`refund_id\`) references \`refunds\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`return_requests_order_id_index\` on \`return_requests\` (\`order_id\`);`);
    this.addSql(`create index \`return_requests_user_id_index\` on \`return_requests\` (\`user_id\`);`);
    this.addSql(`create index \`return_requests_vendor_id_index\` on \`return_requests\` (\`vendor_id\`);`);
    this.addSql(`create index \`return_requests_status_index\` on \`return_requests\` (\`status\`);`);
    this.addSql(`create index \`return_requests_decided_by_id_index\` on \`return_requests\` (\`decided_by_id\`);`);
    this.addSql(`create index \`return_requests_received_by_id_index\` on \`return_requests\` (\`received_by_id\`);`);
    this.addSql(`create index \`return_requests_refund_id_index\` on \`return_requests\` (\`refund_id\`);`);
    this.addSql(`create index \`return_requests_created_at_index\` on \`return_requests\` (\`created_at\`);`);

    this.addSql(`create table \`return_items\` (\`id\` integer not null primary key autoincrement, \`return_request_id\` integer not null, \`order_item_id\` integer not null, \`quantity\` integer not null, \`amount_kobo\` integer not null, constraint \`return_items_return_request_id_foreign\` foreign key(\`return_request_id\`) references \`return_requests\`(\`id\`) on delete cascade on update cascade, constraint \`return_items_order_item_id_foreign\` foreign key(\`order_item_id\`) references \`order_items\`(\`id\`) on update cascade);`);
    this.addSql(`create index \`return_items_return_request_id_index\` on \`return_items\` (\`return_request_id\`);`);
    this.addSql(`create index \`return_items_order_item_id_index\` on \`return_items\` (\`order_item_id\`);`);
    this.addSql(`create unique index \`return_items_return_request_id_order_item_id_unique\` on \`return_items\` (\`return_request_id\`, \`order_item_id\`);`);

    this.addSql(`alter table \`checkouts\` add column \`shipping_refunded_kobo\` integer not null default 0;`);

    // orders: three new columns and the after-sale statuses in its status check, which SQLite changes only by
    // rebuilding the table (the generator wrote the columns but missed the check).
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`orders__temp_alter\` (\`id\` integer not null primary key autoincrement, \`checkout_id\` integer not null, \`user_id\` integer not null, \`vendor_id\` integer not null, \`status\` text check (\`status\` in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'partially_refunded')) not null default 'pending', \`payment_status\` text check (\`payment_status\` in ('pending', 'paid', 'failed')) not null default 'pending', \`subtotal_kobo\` integer not null, \`shipping_kobo\` integer not null, \`discount_kobo\` integer not null, \`total_kobo\` integer not null, \`coupon_id\` integer null, \`coupon_code\` text null, \`shipping_address\` text not null, \`shipping_details\` json null, \`paid_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`cancellation_reason\` text null, \`refunded_kobo\` integer not null default 0, \`return_window_ends_at\` datetime null, constraint \`orders_checkout_id_foreign\` foreign key(\`checkout_id\`) references \`checkouts\`(\`id\`) on delete cascade on update cascade, constraint \`orders_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`orders_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on delete cascade on update cascade, constraint \`orders_coupon_id_foreign\` foreign key(\`coupon_id\`) references \`coupons\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`insert into \`orders__temp_alter\` (\`id\`, \`checkout_id\`, \`user_id\`, \`vendor_id\`, \`status\`, \`payment_status\`, \`subtotal_kobo\`, \`shipping_kobo\`, \`discount_kobo\`, \`total_kobo\`, \`coupon_id\`, \`coupon_code\`, \`shipping_address\`, \`shipping_details\`, \`paid_at\`, \`created_at\`, \`updated_at\`) select \`id\`, \`checkout_id\`, \`user_id\`, \`vendor_id\`, \`status\`, \`payment_status\`, \`subtotal_kobo\`, \`shipping_kobo\`, \`discount_kobo\`, \`total_kobo\`, \`coupon_id\`, \`coupon_code\`, \`shipping_address\`, \`shipping_details\`, \`paid_at\`, \`created_at\`, \`updated_at\` from \`orders\`;`);
    this.addSql(`drop table \`orders\`;`);
    this.addSql(`alter table \`orders__temp_alter\` rename to \`orders\`;`);
    this.addSql(`create index \`orders_checkout_id_index\` on \`orders\` (\`checkout_id\`);`);
    this.addSql(`create index \`orders_user_id_index\` on \`orders\` (\`user_id\`);`);
    this.addSql(`create index \`orders_vendor_id_index\` on \`orders\` (\`vendor_id\`);`);
    this.addSql(`create index \`orders_coupon_id_index\` on \`orders\` (\`coupon_id\`);`);
    this.addSql(`create index \`orders_created_at_index\` on \`orders\` (\`created_at\`);`);
    this.addSql(`pragma foreign_keys = on;`);

    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`order_status_changes__temp_alter\` (\`id\` integer not null primary key autoincrement, \`order_id\` integer not null, \`from_status\` text check (\`from_status\` in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'partially_refunded')) null, \`to_status\` text check (\`to_status\` in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'partially_refunded')) not null, \`actor_id\` integer null, \`created_at\` datetime not null, constraint \`order_status_changes_order_id_foreign\` foreign key(\`order_id\`) references \`orders\`(\`id\`) on delete cascade on update cascade, constraint \`order_status_changes_actor_id_foreign\` foreign key(\`actor_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`insert into \`order_status_changes__temp_alter\` select \`id\`, \`order_id\`, \`from_status\`, \`to_status\`, \`actor_id\`, \`created_at\` from \`order_status_changes\`;`);
    this.addSql(`drop table \`order_status_changes\`;`);
    this.addSql(`alter table \`order_status_changes__temp_alter\` rename to \`order_status_changes\`;`);
    this.addSql(`create index \`order_status_changes_order_id_index\` on \`order_status_changes\` (\`order_id\`);`);
    this.addSql(`create index \`order_status_changes_actor_id_index\` on \`order_status_changes\` (\`actor_id\`);`);
    this.addSql(`pragma foreign_keys = on;`);
  }

}
