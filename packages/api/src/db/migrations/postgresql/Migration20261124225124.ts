import { Migration } from '@mikro-orm/migrations';

export class Migration20261124225124 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sandbox_recipients" ("id" serial primary key, "code" varchar(32) not null, "name" varchar(255) not null, "account_number" varchar(20) not null, "account_name" varchar(255) not null, "bank_code" varchar(20) not null, "bank_name" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "sandbox_recipients" add constraint "sandbox_recipients_code_unique" unique ("code");`);
    this.addSql(`alter table "sandbox_recipients" add constraint "sandbox_recipients_bank_code_account_number_unique" unique ("bank_code", "account_number");`);

    this.addSql(`create table "sandbox_requests" ("id" serial primary key, "kind" text check ("kind" in ('transfer', 'refund')) not null, "key" varchar(100) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "sandbox_requests_kind_key_index" on "sandbox_requests" ("kind", "key");`);

    this.addSql(`create table "sandbox_settings" ("id" serial primary key, "secret_key" varchar(100) not null, "created_at" timestamptz not null);`);

    this.addSql(`create table "sandbox_transactions" ("id" serial primary key, "reference" varchar(100) not null, "access_code" varchar(32) not null, "email" varchar(254) not null, "amount" bigint not null, "currency" varchar(3) not null, "callback_url" varchar(2000) not null, "status" text check ("status" in ('ongoing', 'success', 'failed', 'abandoned')) not null default 'ongoing', "gateway_response" varchar(255) not null, "last4" varchar(4) null, "refunded_amount" bigint not null default 0, "created_at" timestamptz not null, "paid_at" timestamptz null);`);
    this.addSql(`alter table "sandbox_transactions" add constraint "sandbox_transactions_reference_unique" unique ("reference");`);

    this.addSql(`create table "sandbox_refunds" ("id" serial primary key, "transaction_id" int not null, "amount" bigint not null, "status" text check ("status" in ('pending', 'processing', 'processed', 'failed')) not null default 'pending', "merchant_note" varchar(500) not null, "held" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, "refunded_at" timestamptz null);`);
    this.addSql(`create index "sandbox_refunds_transaction_id_index" on "sandbox_refunds" ("transaction_id");`);

    this.addSql(`create table "sandbox_transfers" ("id" serial primary key, "transfer_code" varchar(32) not null, "reference" varchar(100) not null, "amount" bigint not null, "reason" varchar(500) not null, "recipient_id" int not null, "status" text check ("status" in ('pending', 'success', 'failed', 'reversed')) not null default 'pending', "gateway_response" varchar(255) null, "held" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, "transferred_at" timestamptz null);`);
    this.addSql(`alter table "sandbox_transfers" add constraint "sandbox_transfers_transfer_code_unique" unique ("transfer_code");`);
    this.addSql(`alter table "sandbox_transfers" add constraint "sandbox_transfers_reference_unique" unique ("reference");`);
    this.addSql(`create index "sandbox_transfers_recipient_id_index" on "sandbox_transfers" ("recipient_id");`);

    this.addSql(`alter table "sandbox_refunds" add constraint "sandbox_refunds_transaction_id_foreign" foreign key ("transaction_id") references "sandbox_transactions" ("id") on update cascade;`);

    this.addSql(`alter table "sandbox_transfers" add constraint "sandbox_transfers_recipient_id_foreign" foreign key ("recipient_id") references "sandbox_recipients" ("id") on update cascade;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sandbox_transfers" drop constraint "sandbox_transfers_recipient_id_foreign";`);

    this.addSql(`alter table "sandbox_refunds" drop constraint "sandbox_refunds_transaction_id_foreign";`);

    this.addSql(`drop table if exists "sandbox_recipients" cascade;`);

    this.addSql(`drop table if exists "sandbox_requests" cascade;`);

    this.addSql(`drop table if exists "sandbox_settings" cascade;`);

    this.addSql(`drop table if exists "sandbox_transactions" cascade;`);

    this.addSql(`drop table if exists "sandbox_refunds" cascade;`);

    this.addSql(`drop table if exists "sandbox_transfers" cascade;`);

  }

}
