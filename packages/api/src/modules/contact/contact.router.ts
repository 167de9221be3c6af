import { ContactMessageInput } from '@caps/contracts';
import { z } from 'zod';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as contact from './contact.service.js';

export const contactRouter = router({
  send: publicProcedure
    .input(ContactMessageInput)
    .output(z.object({ id: z.number().int(), message: z.string() }))
    .mutation(({ ctx, input }) => contact.sendMessage(ctx, input)),
});
