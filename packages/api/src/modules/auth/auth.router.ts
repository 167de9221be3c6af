import {
  AuthResultDto,
  ChangePasswordInput,
  LoginInput,
  MessageDto,
  RegisterInput,
  UpdateProfileInput,
  UserDto,
} from '@caps/contracts';
import { authedProcedure, publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as auth from './auth.service.js';

/** Accounts and sign-in. Vendor registration with images goes through the multipart REST call. */
export const authRouter = router({
  register: publicProcedure
    .input(RegisterInput)
    .output(AuthResultDto)
    .mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: publicProcedure
    .input(LoginInput)
    .output(AuthResultDto)
    .mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: authedProcedure.output(MessageDto).mutation(({ ctx }) => auth.logout(ctx)),
  me: authedProcedure.output(UserDto).query(({ ctx }) => auth.profileOf(ctx.em, ctx.user)),
  updateProfile: authedProcedure
    .input(UpdateProfileInput)
    .output(UserDto)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx, input)),
  changePassword: authedProcedure
    .input(ChangePasswordInput)
    .output(MessageDto)
    .mutation(({ ctx, input }) => auth.changePassword(ctx, input)),
});
