import { Migration } from '@mikro-orm/migrations';

export class Migration20261128165200 extends Migration {

  override async up(): Promise<void> {
    // Lines placed before the hold share existed all held their caps.
    this.addSql(`alter table \`order_items\` add column \`held\` integer not null default true;`);
  }

}
