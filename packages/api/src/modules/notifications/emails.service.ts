import type { AdminEmailsDto, AdminEmailsQuery, EmailDetailDto } from '@caps/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';

// Implemented by the outbox work (issue 14); signatures fixed by the router.

export async function list(
  _ctx: AuthedContext,
  _query: z.output<typeof import('@caps/contracts').AdminEmailsQuery>,
): Promise<AdminEmailsDto> {
  throw new Error('not implemented yet');
}
export async function get(_ctx: AuthedContext, _id: number): Promise<EmailDetailDto> {
  throw new Error('not implemented yet');
}
export async function retry(_ctx: AuthedContext, _id: number): Promise<EmailDetailDto> {
  throw new Error('not implemented yet');
}
export type { AdminEmailsQuery };
