import { Migration } from '@mikro-orm/migrations';

/** Payments may be abandoned (superseded by a newer attempt) or refund_due (paid but not applicable). */
export class Migration20261121043444 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "payments" drop constraint if exists "payments_status_check";`);

    this.addSql(`alter table "payments" add constraint "payments_status_check" check("status" in ('pending', 'success', 'failed', 'abandoned', 'refund_due'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payments" drop constraint if exists "payments_status_check";`);

    this.addSql(`alter table "payments" add constraint "payments_status_check" check("status" in ('pending', 'success', 'failed'));`);
  }

}
