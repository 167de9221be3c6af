import { Migration } from '@mikro-orm/migrations';

export class Migration20261124163742 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "refunds" ("id" serial primary key, "order_id" int null, "payment_id" int not null, "items_kobo" bigint not null, "shipping_kobo" bigint not null, "amount_kobo" bigint not null, "kind" text check ("kind" in ('cancellation', 'return', 'goodwill', 'duplicate_payment', 'late_payment')) not null, "reason" varchar(500) null, "initiated_by_id" int null, "status" text check ("status" in ('pending', 'processing', 'processed', 'failed')) not null default 'pending', "provider_refund_id" varchar(64) null, "failure_reason" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "processed_at" timestamptz null);`);
    this.addSql(`create index "refunds_order_id_index" on "refunds" ("order_id");`);
    this.addSql(`create index "refunds_payment_id_index" on "refunds" ("payment_id");`);
    this.addSql(`create index "refunds_status_index" on "refunds" ("status");`);
    this.addSql(`create index "refunds_created_at_index" on "refunds" ("created_at");`);

    this.addSql(`create table "return_requests" ("id" serial primary key, "order_id" int not null, "user_id" int not null, "vendor_id" int not null, "status" text check ("status" in ('requested', 'approved', 'rejected', 'received', 'refunded')) not null default 'requested', "reason" text check ("reason" in ('wrong_item', 'damaged', 'not_as_described', 'changed_mind', 'other')) not null, "details" varchar(1000) not null, "includes_shipping" boolean not null, "decision_note" varchar(500) null, "decided_by_id" int null, "decided_at" timestamptz null, "received_at" timestamptz null, "received_by_id" int null, "restocked" boolean null, "refund_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "return_requests_order_id_index" on "return_requests" ("order_id");`);
    this.addSql(`create index "return_requests_user_id_index" on "return_requests" ("user_id");`);
    this.addSql(`create index "return_requests_vendor_id_index" on "return_requests" ("vendor_id");`);
    this.addSql(`create index "return_requests_status_index" on "return_requests" ("status");`);
    this.addSql(`create index "return_requests_created_at_index" on "return_requests" ("created_at");`);

    this.addSql(`create table "return_items" ("id" serial primary key, "return_request_id" int not null, "order_item_id" int not null, "quantity" int not null, "amount_kobo" bigint not null);`);
    this.addSql(`create index "return_items_return_request_id_index" on "return_items" ("return_request_id");`);
    this.addSql(`create index "return_items_order_item_id_index" on "return_items" ("order_item_id");`);
    this.addSql(`alter table "return_items" add constraint "return_items_return_request_id_order_item_id_unique" unique ("return_request_id", "order_item_id");`);

    this.addSql(`alter table "refunds" add constraint "refunds_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "refunds" add constraint "refunds_payment_id_foreign" foreign key ("payment_id") references "payments" ("id") on update cascade;`);
    this.addSql(`alter table "refunds" add constraint "refunds_initiated_by_id_foreign" foreign key ("initiated_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "return_requests" add constraint "return_requests_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_received_by_id_foreign" foreign key ("received_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_refund_id_foreign" foreign key ("refund_id") references "refunds" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "return_items" add constraint "return_items_return_request_id_foreign" foreign key ("return_request_id") references "return_requests" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "return_items" add constraint "return_items_order_item_id_foreign" foreign key ("order_item_id") references "order_items" ("id") on update cascade;`);

    this.addSql(`alter table "orders" drop constraint if exists "orders_status_check";`);

    this.addSql(`alter table "order_status_changes" drop constraint if exists "order_status_changes_from_status_check";`);
    this.addSql(`alter table "order_status_changes" drop constraint if exists "order_status_changes_to_status_check";`);


    this.addSql(`alter table "checkouts" add column "shipping_refunded_kobo" bigint not null default 0;`);

    this.addSql(`alter table "orders" add column "cancellation_reason" varchar(500) null, add column "refunded_kobo" bigint not null default 0, add column "return_window_ends_at" timestamptz null;`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check("status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'partially_refunded'));`);

    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_from_status_check" check("from_status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'partially_refunded'));`);
    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_to_status_check" check("to_status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'partially_refunded'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "return_requests" drop constraint "return_requests_refund_id_foreign";`);

    this.addSql(`alter table "return_items" drop constraint "return_items_return_request_id_foreign";`);

    this.addSql(`drop table if exists "refunds" cascade;`);

    this.addSql(`drop table if exists "return_requests" cascade;`);

    this.addSql(`drop table if exists "return_items" cascade;`);

    this.addSql(`alter table "order_status_changes" drop constraint if exists "order_status_changes_from_status_check";`);
    this.addSql(`alter table "order_status_changes" drop constraint if exists "order_status_changes_to_status_check";`);

    this.addSql(`alter table "orders" drop constraint if exists "orders_status_check";`);

    this.addSql(`alter table "checkouts" drop column "shipping_refunded_kobo";`);

    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_from_status_check" check("from_status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled'));`);
    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_to_status_check" check("to_status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled'));`);

    this.addSql(`alter table "orders" drop column "cancellation_reason", drop column "refunded_kobo", drop column "return_window_ends_at";`);

    this.addSql(`alter table "orders" add constraint "orders_status_check" check("status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled'));`);

  }

}
