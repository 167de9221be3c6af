import { ForgotPasswordInput, MessageDto, ResetPasswordDto, ResetPasswordInput } from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as reset from './password-reset.service.js';

const tag = 'Accounts';

/** Forgotten passwords (auth.forgotPassword, auth.resetPassword). */
export const passwordResetRouter = router({
  forgotPassword: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/password/forgot',
        tag,
        summary:
          'Emails a single-use link to reset the password, valid for 1 hour. Answers the same 200 whether or not the email has an account; at most a few emails per address an hour (more requests get the same answer and send nothing).',
      },
    })
    .input(ForgotPasswordInput)
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx, input }) => reset.forgotPassword(ctx, input)),
  resetPassword: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/password/reset',
        tag,
        errors: [400],
        summary:
          "Sets a new password with the link's token (token, password, password_confirmation; the registration rules). Signs out every session and tells the account by email. An unknown, used or expired token is 400 INVALID_RESET_TOKEN. Answers a message and the account's role (which sign-in page to use).",
      },
    })
    .input(ResetPasswordInput)
    .output(checkedOutput(ResetPasswordDto))
    .mutation(({ ctx, input }) => reset.resetPassword(ctx, input)),
});
