import { Migration } from '@mikro-orm/migrations';

/**
 * Payments may be abandoned (a newer attempt for the same checkout superseded them) or refund_due (the money
 * arrived but the checkout was already paid, or it had expired and its caps could not be reserved again).
 * SQLite cannot change a check constraint in place, so the table is rebuilt; nothing references payments.
 */
export class Migration20261121043443 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`payments__temp_alter\` (\`id\` integer not null primary key autoincrement, \`checkout_id\` integer not null, \`reference\` text not null, \`provider\` text check (\`provider\` in ('paystack', 'sandbox')) not null, \`amount_kobo\` integer not null, \`currency\` text not null default 'NGN', \`status\` text check (\`status\` in ('pending', 'success', 'failed', 'abandoned', 'refund_due')) not null default 'pending', \`gateway_response\` text null, \`paid_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`payments_checkout_id_foreign\` foreign key(\`checkout_id\`) references \`checkouts\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`insert into \`payments__temp_alter\` select \`id\`, \`checkout_id\`, \`reference\`, \`provider\`, \`amount_kobo\`, \`currency\`, \`status\`, \`gateway_response\`, \`paid_at\`, \`created_at\`, \`updated_at\` from \`payments\`;`);
    this.addSql(`drop table \`payments\`;`);
    this.addSql(`alter table \`payments__temp_alter\` rename to \`payments\`;`);
    this.addSql(`create index \`payments_checkout_id_index\` on \`payments\` (\`checkout_id\`);`);
    this.addSql(`create unique index \`payments_reference_unique\` on \`payments\` (\`reference\`);`);
  }

}
