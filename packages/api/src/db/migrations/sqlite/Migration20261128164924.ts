import { Migration } from '@mikro-orm/migrations';

export class Migration20261128164924 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table \`sandbox_webhooks\` (\`id\` integer not null primary key autoincrement, \`reference\` text null, \`body\` text not null, \`attempts\` integer not null default 0, \`next_attempt_at\` datetime null, \`delivered_at\` datetime null, \`created_at\` datetime not null);`);
    this.addSql(`create index \`sandbox_webhooks_reference_index\` on \`sandbox_webhooks\` (\`reference\`);`);
    this.addSql(`create index \`sandbox_webhooks_delivered_at_next_attempt_at_index\` on \`sandbox_webhooks\` (\`delivered_at\`, \`next_attempt_at\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`sandbox_webhooks\`;`);
  }
}
