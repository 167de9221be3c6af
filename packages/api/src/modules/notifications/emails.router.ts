import { AdminEmailIdInput, AdminEmailsDto, AdminEmailsQuery, EmailDetailDto } from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { adminProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as emails from './emails.service.js';

const tag = 'Admin';

/** The outbox as admins see it: the Sent Email tab (admin.emails.*). */
export const adminEmailsRouter = router({
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/emails',
        tag,
        summary:
          'Every email the platform wrote, newest first: status (pending, sent, failed, kept: no SMTP_URL, kept here and never sent), kind, search (address or subject), page, per_page. Failed ones carry their last error.',
      },
    })
    .input(AdminEmailsQuery)
    .output(checkedOutput(AdminEmailsDto))
    .query(({ ctx, input }) => emails.list(ctx, input)),
  get: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/emails/{id}',
        tag,
        errors: [404],
        summary: 'One email with its rendered HTML and plain-text parts.',
      },
    })
    .input(AdminEmailIdInput)
    .output(checkedOutput(EmailDetailDto))
    .query(({ ctx, input }) => emails.get(ctx, input.id)),
  retry: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/admin/emails/{id}/retry',
        tag,
        errors: [404, 409, 422],
        summary:
          'Puts a failed email back in the outbox for another round of tries (audited). Other statuses are 422; without SMTP_URL there is nothing to send with (422).',
      },
    })
    .input(AdminEmailIdInput)
    .output(checkedOutput(EmailDetailDto))
    .mutation(({ ctx, input }) => emails.retry(ctx, input.id)),
});
