import {
  AuthResultDto,
  ChangePasswordInput,
  LoginInput,
  MessageDto,
  RegisterInput,
  UpdateProfileInput,
  UserDto,
} from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { DomainError } from '../../errors.js';
import type { ImageUpload } from '../../images/image-store.js';
import { authedProcedure, publicProcedure } from '../../procedures.js';
import { uploadsOf } from '../../rest-binding.js';
import { router } from '../../trpc.js';
import * as auth from './auth.service.js';

const tag = 'Accounts';
const SHOP_IMAGE_FIELDS = ['profile_image', 'cover_image'] as const;

/** profile_image and cover_image of a multipart body, at most one of each. */
function shopImages(files: ImageUpload[]): auth.ShopImages {
  const images: auth.ShopImages = {};
  for (const file of files) {
    const field = file.field as (typeof SHOP_IMAGE_FIELDS)[number];
    if (images[field])
      throw new DomainError('VALIDATION', `Send one ${field} only.`, { [field]: [`Send one ${field} only.`] });
    images[field] = file;
  }
  return images;
}

/** Accounts and sign-in. Shop images come with the multipart REST calls (register, profile). */
export const authRouter = router({
  register: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/register',
        example: {
          full_name: 'Aisha Bello',
          email: 'aisha@example.com',
          phone: '+2348012345678',
          password: 'Secret123',
          password_confirmation: 'Secret123',
          role: 'customer',
          terms_accepted: true,
        },
        tag,
        status: 201,
        files: SHOP_IMAGE_FIELDS,
        errors: [409, 413, 415, 429],
        summary:
          "Register a customer (JSON) or a vendor (multipart with the Personal, Shop, Bank and Account fields and optional profile_image and cover_image). Answers a token and the user. A vendor's account is looked up with the bank, counted per IP address as POST /banks/resolve is.",
      },
    })
    .input(RegisterInput)
    .output(checkedOutput(AuthResultDto))
    .mutation(({ ctx, input }) => auth.register(ctx, input, shopImages(uploadsOf(ctx)))),
  login: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/login',
        example: { email: 'aisha@example.com', password: 'Secret123', intended_role: 'customer' },
        tag,
        errors: [401, 403, 429],
        summary:
          'Sign in with email and password. intended_role (customer, vendor or admin) refuses an account of another role. Failures are limited per account and IP, per account (not on a device it signed in from before) and per IP: 429 with Retry-After.',
      },
    })
    .input(LoginInput)
    .output(checkedOutput(AuthResultDto))
    .mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: authedProcedure
    .meta({ rest: { method: 'POST', path: '/logout', tag, summary: 'Revoke the bearer token of this request.' } })
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx }) => auth.logout(ctx)),
  me: authedProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/profile',
        tag,
        summary: "The signed-in user; vendors get their shop under 'vendor'.",
      },
    })
    .output(checkedOutput(UserDto))
    .query(({ ctx }) => auth.profileOf(ctx.em, ctx.user)),
  updateProfile: authedProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/profile',
        tag,
        files: SHOP_IMAGE_FIELDS,
        // 403: shop and bank fields or images from an account without a shop; 429: account lookups spent.
        errors: [403, 413, 415, 429],
        summary:
          'Update full_name, phone, address; vendors also shop and bank fields and (multipart) profile_image and cover_image. Sending current_password, password and password_confirmation changes the password and signs out other sessions. A new bank or account number is looked up with the bank (an account lookup, counted as POST /banks/resolve is); resending the stored ones is not.',
      },
    })
    .input(UpdateProfileInput)
    .output(checkedOutput(UserDto))
    .mutation(({ ctx, input }) => auth.updateProfile(ctx, input, shopImages(uploadsOf(ctx)))),
  changePassword: authedProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/profile/password',
        tag,
        summary:
          'Change the password (current_password, password, password_confirmation); other sessions are signed out.',
      },
    })
    .input(ChangePasswordInput)
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx, input }) => auth.changePassword(ctx, input)),
});
