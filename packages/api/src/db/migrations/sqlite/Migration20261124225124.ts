import { Migration } from '@mikro-orm/migrations';

export class Migration20261124225124 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`sandbox_recipients\` (\`id\` integer not null primary key autoincrement, \`code\` text not null, \`name\` text not null, \`account_number\` text not null, \`account_name\` text not null, \`bank_code\` text not null, \`bank_name\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null);`);
    this.addSql(`create unique index \`sandbox_recipients_code_unique\` on \`sandbox_recipients\` (\`code\`);`);
    this.addSql(`create unique index \`sandbox_recipients_bank_code_account_number_unique\` on \`sandbox_recipients\` (\`bank_code\`, \`account_number\`);`);

    this.addSql(`create table \`sandbox_requests\` (\`id\` integer not null primary key autoincrement, \`kind\` text check (\`kind\` in ('transfer', 'refund')) not null, \`key\` text not null, \`created_at\` datetime not null);`);
    this.addSql(`create index \`sandbox_requests_kind_key_index\` on \`sandbox_requests\` (\`kind\`, \`key\`);`);

    this.addSql(`create table \`sandbox_settings\` (\`id\` integer not null primary key autoincrement, \`secret_key\` text not null, \`created_at\` datetime not null);`);

    this.addSql(`create table \`sandbox_transactions\` (\`id\` integer not null primary key autoincrement, \`reference\` text not null, \`access_code\` text not null, \`email\` text not null, \`amount\` integer not null, \`currency\` text not null, \`callback_url\` text not null, \`status\` text check (\`status\` in ('ongoing', 'success', 'failed', 'abandoned')) not null default 'ongoing', \`gateway_response\` text not null, \`last4\` text null, \`refunded_amount\` integer not null default 0, \`created_at\` datetime not null, \`paid_at\` datetime null);`);
    this.addSql(`create unique index \`sandbox_transactions_reference_unique\` on \`sandbox_transactions\` (\`reference\`);`);

    this.addSql(`create table \`sandbox_refunds\` (\`id\` integer not null primary key autoincrement, \`transaction_id\` integer not null, \`amount\` integer not null, \`status\` text check (\`status\` in ('pending', 'processing', 'processed', 'failed')) not null default 'pending', \`merchant_note\` text not null, \`held\` integer not null default false, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`refunded_at\` datetime null, constraint \`sandbox_refunds_transaction_id_foreign\` foreign key(\`transaction_id\`) references \`sandbox_transactions\`(\`id\`) on update cascade);`);
    this.addSql(`create index \`sandbox_refunds_transaction_id_index\` on \`sandbox_refunds\` (\`transaction_id\`);`);

    this.addSql(`create table \`sandbox_transfers\` (\`id\` integer not null primary key autoincrement, \`transfer_code\` text not null, \`reference\` text not null, \`amount\` integer not null, \`reason\` text not null, \`recipient_id\` integer not null, \`status\` text check (\`status\` in ('pending', 'success', 'failed', 'reversed')) not null default 'pending', \`gateway_response\` text null, \`held\` integer not null default false, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`transferred_at\` datetime null, constraint \`sandbox_transfers_recipient_id_foreign\` foreign key(\`recipient_id\`) references \`sandbox_recipients\`(\`id\`) on update cascade);`);
    this.addSql(`create unique index \`sandbox_transfers_transfer_code_unique\` on \`sandbox_transfers\` (\`transfer_code\`);`);
    this.addSql(`create unique index \`sandbox_transfers_reference_unique\` on \`sandbox_transfers\` (\`reference\`);`);
    this.addSql(`create index \`sandbox_transfers_recipient_id_index\` on \`sandbox_transfers\` (\`recipient_id\`);`);
  }

}
