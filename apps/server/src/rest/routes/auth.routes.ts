import { authService, DomainError, type ImageUpload } from '@caps/api';
import {
  AuthResultDto,
  ChangePasswordInput,
  LoginInput,
  MessageDto,
  RegisterInput,
  UpdateProfileInput,
  UserDto,
} from '@caps/contracts';
import { route } from '../define.js';

const SHOP_IMAGE_FIELDS = ['profile_image', 'cover_image'] as const;

/** profile_image and cover_image from a multipart body, at most one of each. */
function shopImages(files: ImageUpload[]): authService.ShopImages {
  const images: authService.ShopImages = {};
  for (const file of files) {
    const field = file.field as (typeof SHOP_IMAGE_FIELDS)[number];
    if (images[field])
      throw new DomainError('VALIDATION', `Send one ${field} only.`, { [field]: [`Send one ${field} only.`] });
    images[field] = file;
  }
  return images;
}

export const authRoutes = [
  route({
    method: 'POST',
    path: '/register',
    summary:
      'Register a customer (JSON) or a vendor (multipart with the Personal, Shop, Bank and Account fields and optional profile_image and cover_image). Answers a token and the user.',
    tag: 'Accounts',
    auth: 'public',
    input: RegisterInput,
    files: SHOP_IMAGE_FIELDS,
    output: AuthResultDto,
    status: 201,
    errors: [409, 413, 415, 429],
    handler: (ctx, input, { files }) => authService.register(ctx, input, shopImages(files)),
  }),
  route({
    method: 'POST',
    path: '/login',
    summary:
      'Sign in with email and password. intended_role (customer, vendor or admin) refuses an account of another role. Failures are limited per account and IP, per account (not on a device it signed in from before) and per IP: 429 with Retry-After.',
    tag: 'Accounts',
    auth: 'public',
    input: LoginInput,
    output: AuthResultDto,
    errors: [401, 403, 429],
    handler: (ctx, input) => authService.login(ctx, input),
  }),
  route({
    method: 'POST',
    path: '/logout',
    summary: 'Revoke the bearer token of this request.',
    tag: 'Accounts',
    auth: 'user',
    output: MessageDto,
    handler: (ctx) => authService.logout(ctx),
  }),
  route({
    method: 'GET',
    path: '/profile',
    summary: "The signed-in user; vendors get their shop under 'vendor'.",
    tag: 'Accounts',
    auth: 'user',
    output: UserDto,
    handler: (ctx) => authService.profileOf(ctx.em, ctx.user),
  }),
  route({
    method: 'PUT',
    path: '/profile',
    summary:
      'Update full_name, phone, address; vendors also shop and bank fields and (multipart) profile_image and cover_image. Sending current_password, password and password_confirmation changes the password and signs out other sessions.',
    tag: 'Accounts',
    auth: 'user',
    input: UpdateProfileInput,
    files: SHOP_IMAGE_FIELDS,
    output: UserDto,
    // 403: shop and bank fields or images from an account without a shop.
    errors: [403, 413, 415],
    handler: (ctx, input, { files }) => authService.updateProfile(ctx, input, shopImages(files)),
  }),
  route({
    method: 'PUT',
    path: '/profile/password',
    summary: 'Change the password (current_password, password, password_confirmation); other sessions are signed out.',
    tag: 'Accounts',
    auth: 'user',
    input: ChangePasswordInput,
    output: MessageDto,
    handler: (ctx, input) => authService.changePassword(ctx, input),
  }),
];
