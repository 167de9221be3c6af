import { Migration } from '@mikro-orm/migrations';

export class Migration20261124153942 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`platform_settings\` (\`id\` integer not null primary key autoincrement, \`commission_bp\` integer not null, \`payout_minimum_kobo\` integer not null, \`return_window_days\` integer not null, \`updated_at\` datetime not null);`);

    this.addSql(`create table \`payouts\` (\`id\` integer not null primary key autoincrement, \`vendor_id\` integer not null, \`amount_kobo\` integer not null, \`status\` text check (\`status\` in ('pending', 'processing', 'success', 'failed', 'reversed')) not null default 'pending', \`reference\` text not null, \`recipient_code\` text null, \`transfer_code\` text null, \`failure_reason\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`settled_at\` datetime null, constraint \`payouts_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on update cascade);`);
    this.addSql(`create index \`payouts_vendor_id_index\` on \`payouts\` (\`vendor_id\`);`);
    this.addSql(`create index \`payouts_status_index\` on \`payouts\` (\`status\`);`);
    this.addSql(`create unique index \`payouts_reference_unique\` on \`payouts\` (\`reference\`);`);
    this.addSql(`create index \`payouts_created_at_index\` on \`payouts\` (\`created_at\`);`);

    this.addSql(`create table \`ledger_entries\` (\`id\` integer not null primary key autoincrement, \`key\` text not null, \`vendor_id\` integer null, \`bucket\` text check (\`bucket\` in ('pending', 'available', 'paid_out', 'platform')) not null, \`kind\` text check (\`kind\` in ('sale', 'commission', 'shipping', 'platform_coupon', 'release', 'payout', 'payout_reversal', 'refund', 'adjustment')) not null, \`amount_kobo\` integer not null, \`order_id\` integer null, \`payout_id\` integer null, \`rate_bp\` integer null, \`reason\` text null, \`actor_id\` integer null, \`effective_at\` datetime not null, \`created_at\` datetime not null, constraint \`ledger_entries_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on delete set null on update cascade, constraint \`ledger_entries_payout_id_foreign\` foreign key(\`payout_id\`) references \`payouts\`(\`id\`) on delete set null on update cascade, constraint \`ledger_entries_actor_id_foreign\` foreign key(\`actor_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create unique index \`ledger_entries_key_unique\` on \`ledger_entries\` (\`key\`);`);
    this.addSql(`create index \`ledger_entries_vendor_id_index\` on \`ledger_entries\` (\`vendor_id\`);`);
    this.addSql(`create index \`ledger_entries_order_id_index\` on \`ledger_entries\` (\`order_id\`);`);
    this.addSql(`create index \`ledger_entries_payout_id_index\` on \`ledger_entries\` (\`payout_id\`);`);
    this.addSql(`create index \`ledger_entries_actor_id_index\` on \`ledger_entries\` (\`actor_id\`);`);
    this.addSql(`create index \`ledger_entries_created_at_index\` on \`ledger_entries\` (\`created_at\`);`);
    this.addSql(`create index \`ledger_entries_vendor_id_bucket_effective_at_index\` on \`ledger_entries\` (\`vendor_id\`, \`bucket\`, \`effective_at\`);`);

    this.addSql(`alter table \`vendors\` add column \`bank_code\` text null;`);
    this.addSql(`alter table \`vendors\` add column \`resolved_account_name\` text null;`);
    this.addSql(`alter table \`vendors\` add column \`bank_verified_at\` datetime null;`);
    this.addSql(`alter table \`vendors\` add column \`transfer_recipient_code\` text null;`);
    this.addSql(`alter table \`vendors\` add column \`payouts_paused_until\` datetime null;`);
    this.addSql(`alter table \`vendors\` add column \`commission_bp\` integer null;`);
    this.addSql(`alter table \`vendors\` add column \`payout_seq\` integer not null default 0;`);

  }

}
