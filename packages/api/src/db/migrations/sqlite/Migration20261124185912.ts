import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185912 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`password_reset_tokens\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`token_hash\` text not null, \`expires_at\` datetime not null, \`used_at\` datetime null, \`ip\` text null, \`created_at\` datetime not null, constraint \`password_reset_tokens_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`password_reset_tokens_user_id_index\` on \`password_reset_tokens\` (\`user_id\`);`);
    this.addSql(`create unique index \`password_reset_tokens_token_hash_unique\` on \`password_reset_tokens\` (\`token_hash\`);`);

    this.addSql(`create table \`notification_preferences\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`kind\` text check (\`kind\` in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, \`email\` integer not null, \`in_app\` integer not null, \`updated_at\` datetime not null, constraint \`notification_preferences_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`notification_preferences_user_id_index\` on \`notification_preferences\` (\`user_id\`);`);
    this.addSql(`create unique index \`notification_preferences_user_id_kind_unique\` on \`notification_preferences\` (\`user_id\`, \`kind\`);`);

    this.addSql(`create table \`notifications\` (\`id\` integer not null primary key autoincrement, \`key\` text not null, \`user_id\` integer not null, \`kind\` text check (\`kind\` in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, \`title\` text not null, \`body\` text not null, \`link\` text null, \`read_at\` datetime null, \`created_at\` datetime not null, constraint \`notifications_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create unique index \`notifications_key_unique\` on \`notifications\` (\`key\`);`);
    this.addSql(`create index \`notifications_user_id_index\` on \`notifications\` (\`user_id\`);`);
    this.addSql(`create index \`notifications_user_id_read_at_index\` on \`notifications\` (\`user_id\`, \`read_at\`);`);
    this.addSql(`create index \`notifications_user_id_created_at_index\` on \`notifications\` (\`user_id\`, \`created_at\`);`);

    this.addSql(`create table \`email_outbox\` (\`id\` integer not null primary key autoincrement, \`key\` text not null, \`kind\` text check (\`kind\` in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed')) not null, \`user_id\` integer null, \`to_address\` text not null, \`subject\` text not null, \`html\` text not null, \`text\` text not null, \`status\` text check (\`status\` in ('pending', 'sent', 'failed', 'kept')) not null, \`attempts\` integer not null default 0, \`next_attempt_at\` datetime null, \`locked_until\` datetime null, \`claim\` text null, \`last_error\` text null, \`message_id\` text not null, \`sent_at\` datetime null, \`created_at\` datetime not null, constraint \`email_outbox_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create unique index \`email_outbox_key_unique\` on \`email_outbox\` (\`key\`);`);
    this.addSql(`create index \`email_outbox_user_id_index\` on \`email_outbox\` (\`user_id\`);`);
    this.addSql(`create index \`email_outbox_status_next_attempt_at_index\` on \`email_outbox\` (\`status\`, \`next_attempt_at\`);`);
    this.addSql(`create index \`email_outbox_created_at_index\` on \`email_outbox\` (\`created_at\`);`);

    this.addSql(`alter table \`order_status_changes\` add column \`note\` text null;`);
  }

}
