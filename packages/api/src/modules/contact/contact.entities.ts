import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';

export const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    email: p.string().length(254),
    subject: p.string().length(200),
    message: p.string().length(5000),
    handledAt: p.datetime().nullable(),
    handledBy: () => p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});
export type ContactMessage = InferEntity<typeof ContactMessageSchema>;
