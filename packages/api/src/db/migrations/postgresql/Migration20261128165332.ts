import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 25: the account a payout is paid to is recorded on it (bank code and name, last 4 digits; the
 * recipient code already was), `transfer_requested_at` marks a payout its transfer step has taken, a payout
 * may be `cancelled` (a bank change before it was sent), and the `bank_account_changed` message kind.
 */
export class Migration20261128165332 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "notification_preferences" drop constraint if exists "notification_preferences_kind_check";`);

    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);

    this.addSql(`alter table "email_outbox" drop constraint if exists "email_outbox_kind_check";`);

    this.addSql(`alter table "payouts" drop constraint if exists "payouts_status_check";`);

    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_kind_check" check("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'bank_account_changed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed'));`);

    this.addSql(`alter table "notifications" add constraint "notifications_kind_check" check("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'bank_account_changed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed'));`);

    this.addSql(`alter table "email_outbox" add constraint "email_outbox_kind_check" check("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'bank_account_changed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed'));`);

    this.addSql(`alter table "payouts" add column "bank_code" varchar(12) null, add column "bank_name" varchar(50) null, add column "account_last4" varchar(4) null, add column "transfer_requested_at" timestamptz null;`);
    this.addSql(`alter table "payouts" add constraint "payouts_status_check" check("status" in ('pending', 'processing', 'success', 'failed', 'reversed', 'cancelled'));`);
    // A pending payout of the earlier code with a recipient recorded may have been sent (it recorded the
    // recipient just before asking for the transfer): taken, so a bank change leaves it to that account.
    this.addSql(`update "payouts" set "transfer_requested_at" = "updated_at" where "status" = 'pending' and "recipient_code" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "email_outbox" drop constraint if exists "email_outbox_kind_check";`);

    this.addSql(`alter table "notification_preferences" drop constraint if exists "notification_preferences_kind_check";`);

    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);

    this.addSql(`alter table "payouts" drop constraint if exists "payouts_status_check";`);

    this.addSql(`alter table "email_outbox" add constraint "email_outbox_kind_check" check("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed'));`);

    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_kind_check" check("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed'));`);

    this.addSql(`alter table "notifications" add constraint "notifications_kind_check" check("kind" in ('welcome', 'order_placed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_decision', 'refund_sent', 'shop_pending', 'shop_verified', 'shop_suspended', 'new_order', 'low_stock', 'new_review', 'return_requested', 'report_resolved', 'payout_sent', 'payout_failed', 'shop_awaiting_verification', 'new_report', 'contact_message', 'password_reset', 'password_changed'));`);

    this.addSql(`alter table "payouts" drop column "bank_code", drop column "bank_name", drop column "account_last4", drop column "transfer_requested_at";`);

    this.addSql(`alter table "payouts" add constraint "payouts_status_check" check("status" in ('pending', 'processing', 'success', 'failed', 'reversed'));`);

  }

}
