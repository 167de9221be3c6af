import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185913 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "password_reset_tokens" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "ip" varchar(64) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "password_reset_tokens_user_id_index" on "password_reset_tokens" ("user_id");`);
    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "notification_preferences" ("id" serial primary key, "user_id" int not null, "kind" text check ("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, "email" boolean not null, "in_app" boolean not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_user_id_kind_unique" unique ("user_id", "kind");`);

    this.addSql(`create table "notifications" ("id" serial primary key, "key" varchar(150) not null, "user_id" int not null, "kind" text check ("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, "title" varchar(200) not null, "body" varchar(1000) not null, "link" varchar(300) null, "read_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "notifications" add constraint "notifications_key_unique" unique ("key");`);
    this.addSql(`create index "notifications_user_id_read_at_index" on "notifications" ("user_id", "read_at");`);
    this.addSql(`create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`);

    this.addSql(`create table "email_outbox" ("id" serial primary key, "key" varchar(150) not null, "kind" text check ("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, "user_id" int null, "to_address" varchar(254) not null, "subject" varchar(300) not null, "html" text not null, "text" text not null, "status" text check ("status" in ('pending', 'sent', 'failed', 'kept')) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz null, "locked_until" timestamptz null, "claim" varchar(64) null, "last_error" varchar(1000) null, "message_id" varchar(200) not null, "sent_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "email_outbox" add constraint "email_outbox_key_unique" unique ("key");`);
    this.addSql(`create index "email_outbox_user_id_index" on "email_outbox" ("user_id");`);
    this.addSql(`create index "email_outbox_status_next_attempt_at_index" on "email_outbox" ("status", "next_attempt_at");`);
    this.addSql(`create index "email_outbox_created_at_index" on "email_outbox" ("created_at");`);

    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "email_outbox" add constraint "email_outbox_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "order_status_changes" add column "note" varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "password_reset_tokens" cascade;`);

    this.addSql(`drop table if exists "notification_preferences" cascade;`);

    this.addSql(`drop table if exists "notifications" cascade;`);

    this.addSql(`drop table if exists "email_outbox" cascade;`);

    this.addSql(`alter table "order_status_changes" drop column "note";`);

  }

}
