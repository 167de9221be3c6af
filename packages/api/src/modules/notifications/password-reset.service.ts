import type { ForgotPasswordInput, ResetPasswordDto, ResetPasswordInput } from '@caps/contracts';
import type { Context } from '../../context.js';

// Implemented by the password reset work (issue 14); signatures fixed by the router.

export async function forgotPassword(_ctx: Context, _input: ForgotPasswordInput): Promise<{ message: string }> {
  throw new Error('not implemented yet');
}
export async function resetPassword(_ctx: Context, _input: ResetPasswordInput): Promise<ResetPasswordDto> {
  throw new Error('not implemented yet');
}
