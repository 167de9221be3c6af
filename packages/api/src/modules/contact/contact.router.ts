import { ContactMessageInput } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as contact from './contact.service.js';

export const contactRouter = router({
  send: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/contact',
        tag: 'Contact',
        status: 201,
        errors: [429],
        summary:
          'Send a message from the contact form (name, email, subject, message); admins read it later. Limited per IP (429 with Retry-After).',
      },
    })
    .input(ContactMessageInput)
    .output(checkedOutput(z.object({ id: z.number().int(), message: z.string() })))
    .mutation(({ ctx, input }) => contact.sendMessage(ctx, input)),
});
