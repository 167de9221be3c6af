import { Migration } from '@mikro-orm/migrations';

export class Migration20261124153942 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "platform_settings" ("id" serial primary key, "commission_bp" int not null, "payout_minimum_kobo" bigint not null, "return_window_days" int not null, "updated_at" timestamptz not null);`);

    this.addSql(`create table "payouts" ("id" serial primary key, "vendor_id" int not null, "amount_kobo" bigint not null, "status" text check ("status" in ('pending', 'processing', 'success', 'failed', 'reversed')) not null default 'pending', "reference" varchar(64) not null, "recipient_code" varchar(64) null, "transfer_code" varchar(64) null, "failure_reason" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "settled_at" timestamptz null);`);
    this.addSql(`create index "payouts_vendor_id_index" on "payouts" ("vendor_id");`);
    this.addSql(`create index "payouts_status_index" on "payouts" ("status");`);
    this.addSql(`alter table "payouts" add constraint "payouts_reference_unique" unique ("reference");`);
    this.addSql(`create index "payouts_created_at_index" on "payouts" ("created_at");`);

    this.addSql(`create table "ledger_entries" ("id" serial primary key, "key" varchar(100) not null, "vendor_id" int null, "bucket" text check ("bucket" in ('pending', 'available', 'paid_out', 'platform')) not null, "kind" text check ("kind" in ('sale', 'commission', 'shipping', 'platform_coupon', 'release', 'payout', 'payout_reversal', 'refund', 'adjustment')) not null, "amount_kobo" bigint not null, "order_id" int null, "payout_id" int null, "rate_bp" int null, "reason" varchar(500) null, "actor_id" int null, "effective_at" timestamptz not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_key_unique" unique ("key");`);
    this.addSql(`create index "ledger_entries_order_id_index" on "ledger_entries" ("order_id");`);
    this.addSql(`create index "ledger_entries_created_at_index" on "ledger_entries" ("created_at");`);
    this.addSql(`create index "ledger_entries_vendor_id_bucket_effective_at_index" on "ledger_entries" ("vendor_id", "bucket", "effective_at");`);

    this.addSql(`alter table "payouts" add constraint "payouts_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade;`);

    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_vendor_id_foreign" foreign key ("vendor_id") references "vendors" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_payout_id_foreign" foreign key ("payout_id") references "payouts" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "vendors" add column "bank_code" varchar(12) null, add column "resolved_account_name" varchar(100) null, add column "bank_verified_at" timestamptz null, add column "transfer_recipient_code" varchar(64) null, add column "payouts_paused_until" timestamptz null, add column "commission_bp" int null, add column "payout_seq" int not null default 0;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_payout_id_foreign";`);

    this.addSql(`drop table if exists "platform_settings" cascade;`);

    this.addSql(`drop table if exists "payouts" cascade;`);

    this.addSql(`drop table if exists "ledger_entries" cascade;`);


    this.addSql(`alter table "vendors" drop column "bank_code", drop column "resolved_account_name", drop column "bank_verified_at", drop column "transfer_recipient_code", drop column "payouts_paused_until", drop column "commission_bp", drop column "payout_seq";`);
  }

}
