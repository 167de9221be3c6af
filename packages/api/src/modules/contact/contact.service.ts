import type { ContactMessageInput } from '@caps/contracts';
import type { z } from 'zod';
import type { Context } from '../../context.js';
import { limitCall } from '../../rate-limit.js';
import { ContactMessageSchema } from './contact.entities.js';

/** Stores a message from the contact form for the admins to read (spec 2 only simulated sending it). */
export async function sendMessage(
  ctx: Context,
  input: z.output<typeof ContactMessageInput>,
): Promise<{ id: number; message: string }> {
  await limitCall(ctx, 'contact');
  const stored = ctx.em.create(ContactMessageSchema, {
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  });
  await ctx.em.flush();
  return { id: stored.id, message: "Message sent successfully! We'll get back to you within 24 hours." };
}
