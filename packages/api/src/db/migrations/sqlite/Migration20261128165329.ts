import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25: the account a payout is paid to is recorded on it (bank code and name, last 4 digits; the
 * recipient code already was), `transfer_requested_at` marks a payout its transfer step has taken, a payout
 * may be `cancelled` (a bank change before it was sent), and the `bank_account_changed` message kind.
 * SQLite changes a check constraint by rebuilding the table.
 */
export class Migration20261128165329 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`notification_preferences__temp_alter\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`kind\` text check (\`kind\` in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'bank_account_changed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, \`email\` integer not null, \`in_app\` integer not null, \`updated_at\` datetime not null, constraint \`notification_preferences_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`insert into \`notification_preferences__temp_alter\` select \`id\`, \`user_id\`, \`kind\`, \`email\`, \`in_app\`, \`updated_at\` from \`notification_preferences\`;`);
    this.addSql(`drop table \`notification_preferences\`;`);
    this.addSql(`alter table \`notification_preferences__temp_alter\` rename to \`notification_preferences\`;`);
    this.addSql(`create index \`notification_preferences_user_id_index\` on \`notification_preferences\` (\`user_id\`);`);
    this.addSql(`create unique index \`notification_preferences_user_id_kind_unique\` on \`notification_preferences\` (\`user_id\`, \`kind\`);`);
    this.addSql(`pragma foreign_keys = on;pragma foreign_keys = off;`);
    this.addSql(`create table \`notifications__temp_alter\` (\`id\` integer not null primary key autoincrement, \`key\` text not null, \`user_id\` integer not null, \`kind\` text check (\`kind\` in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'bank_account_changed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, \`title\` text not null, \`body\` text not null, \`link\` text null, \`read_at\` datetime null, \`created_at\` datetime not null, constraint \`notifications_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`insert into \`notifications__temp_alter\` select \`id\`, \`key\`, \`user_id\`, \`kind\`, \`title\`, \`body\`, \`link\`, \`read_at\`, \`created_at\` from \`notifications\`;`);
    this.addSql(`drop table \`notifications\`;`);
    this.addSql(`alter table \`notifications__temp_alter\` rename to \`notifications\`;`);
    this.addSql(`create unique index \`notifications_key_unique\` on \`notifications\` (\`key\`);`);
    this.addSql(`create index \`notifications_user_id_index\` on \`notifications\` (\`user_id\`);`);
    this.addSql(`create index \`notifications_user_id_read_at_index\` on \`notifications\` (\`user_id\`, \`read_at\`);`);
    this.addSql(`create index \`notifications_user_id_created_at_index\` on \`notifications\` (\`user_id\`, \`created_at\`);`);
    this.addSql(`pragma foreign_keys = on;pragma foreign_keys = off;`);
    this.addSql(`create table \`email_outbox__temp_alter\` (\`id\` integer not null primary key autoincrement, \`key\` text not null, \`kind\` text check (\`kind\` in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'bank_account_changed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, \`user_id\` integer null, \`to_address\` text not null, \`subject\` text not null, \`html\` text not null, \`text\` text not null, \`status\` text check (\`status\` in ('pending', 'sent', 'failed', 'kept')) not null, \`attempts\` integer not null default 0, \`next_attempt_at\` datetime null, \`locked_until\` datetime null, \`claim\` text null, \`last_error\` text null, \`message_id\` text not null, \`sent_at\` datetime null, \`created_at\` datetime not null, constraint \`email_outbox_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`insert into \`email_outbox__temp_alter\` select \`id\`, \`key\`, \`kind\`, \`user_id\`, \`to_address\`, \`subject\`, \`html\`, \`text\`, \`status\`, \`attempts\`, \`next_attempt_at\`, \`locked_until\`, \`claim\`, \`last_error\`, \`message_id\`, \`sent_at\`, \`created_at\` from \`email_outbox\`;`);
    this.addSql(`drop table \`email_outbox\`;`);
    this.addSql(`alter table \`email_outbox__temp_alter\` rename to \`email_outbox\`;`);
    this.addSql(`create unique index \`email_outbox_key_unique\` on \`email_outbox\` (\`key\`);`);
    this.addSql(`create index \`email_outbox_user_id_index\` on \`email_outbox\` (\`user_id\`);`);
    this.addSql(`create index \`email_outbox_status_next_attempt_at_index\` on \`email_outbox\` (\`status\`, \`next_attempt_at\`);`);
    this.addSql(`create index \`email_outbox_created_at_index\` on \`email_outbox\` (\`created_at\`);`);
    this.addSql(`create table \`payouts__temp_alter\` (\`id\` integer not null primary key autoincrement, \`vendor_id\` integer not null, \`amount_kobo\` integer not null, \`status\` text check (\`status\` in ('pending', 'processing', 'success', 'failed', 'reversed', 'cancelled')) not null default 'pending', \`reference\` text not null, \`recipient_code\` text null, \`bank_code\` text null, \`bank_name\` text null, \`account_last4\` text null, \`transfer_requested_at\` datetime null, \`transfer_code\` text null, \`failure_reason\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`settled_at\` datetime null, constraint \`payouts_vendor_id_foreign\` foreign key(\`vendor_id\`) references \`vendors\`(\`id\`) on update cascade);`);
    this.addSql(`insert into \`payouts__temp_alter\` (\`id\`, \`vendor_id\`, \`amount_kobo\`, \`status\`, \`reference\`, \`recipient_code\`, \`transfer_code\`, \`failure_reason\`, \`created_at\`, \`updated_at\`, \`settled_at\`) select \`id\`, \`vendor_id\`, \`amount_kobo\`, \`status\`, \`reference\`, \`recipient_code\`, \`transfer_code\`, \`failure_reason\`, \`created_at\`, \`updated_at\`, \`settled_at\` from \`payouts\`;`);
    this.addSql(`drop table \`payouts\`;`);
    this.addSql(`alter table \`payouts__temp_alter\` rename to \`payouts\`;`);
    this.addSql(`create index \`payouts_vendor_id_index\` on \`payouts\` (\`vendor_id\`);`);
    this.addSql(`create index \`payouts_status_index\` on \`payouts\` (\`status\`);`);
    this.addSql(`create unique index \`payouts_reference_unique\` on \`payouts\` (\`reference\`);`);
    this.addSql(`create index \`payouts_created_at_index\` on \`payouts\` (\`created_at\`);`);
    this.addSql(`pragma foreign_keys = on;`);
    // A pending payout of the earlier code with a recipient recorded may have been sent (it recorded the
    // recipient just before asking for the transfer): taken, so a bank change leaves it to that account.
    this.addSql(`update \`payouts\` set \`transfer_requested_at\` = \`updated_at\` where \`status\` = 'pending' and \`recipient_code\` is not null;`);
  }

  override async down(): Promise<void> {
    // The widened checks stay (a cancelled payout or a bank_account_changed message may exist by then).
    this.addSql(`alter table \`payouts\` drop column \`bank_code\`;`);
    this.addSql(`alter table \`payouts\` drop column \`bank_name\`;`);
    this.addSql(`alter table \`payouts\` drop column \`account_last4\`;`);
    this.addSql(`alter table \`payouts\` drop column \`transfer_requested_at\`;`);
  }

}
