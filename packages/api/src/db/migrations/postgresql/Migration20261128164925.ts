import { Migration } from '@mikro-orm/migrations';

export class Migration20261128164925 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sandbox_webhooks" ("id" serial primary key, "reference" varchar(100) null, "body" text not null, "attempts" int not null default 0, "next_attempt_at" timestamptz null, "delivered_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "sandbox_webhooks_reference_index" on "sandbox_webhooks" ("reference");`);
    this.addSql(`create index "sandbox_webhooks_delivered_at_next_attempt_at_index" on "sandbox_webhooks" ("delivered_at", "next_attempt_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_webhooks" cascade;`);
  }
}
