import type { ContactMessageInput } from '@caps/contracts';
import type { z } from 'zod';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { limitCall } from '../../rate-limit.js';
import { contactReceived } from '../notifications/events/contact.js';
import { ContactMessageSchema } from './contact.entities.js';

/**
 * Stores a message from the contact form for the admins to read (spec 2 only simulated sending it) and,
 * in the same transaction, tells every active admin and the support address (contact_message).
 */
export async function sendMessage(
  ctx: Context,
  input: z.output<typeof ContactMessageInput>,
): Promise<{ id: number; message: string }> {
  await limitCall(ctx, 'contact');
  const id = await ctx.em.transactional(async (tx) => {
    const em = tx as Em;
    const stored = em.create(ContactMessageSchema, {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
    });
    await em.flush();
    await contactReceived(em, ctx.services, stored.id);
    return stored.id;
  });
  return { id, message: "Message sent successfully! We'll get back to you within 24 hours." };
}
