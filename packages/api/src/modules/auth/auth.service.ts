import {
  type AuthResultDto,
  BANK_CHANGE_PAYOUT_PAUSE_HOURS,
  type ChangePasswordInput,
  ERROR_MESSAGES,
  type LoginInput,
  type RegisterData,
  type UpdateProfileData,
  type UserDto,
} from '@caps/contracts';
import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuthedContext } from '../../access/roles.js';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import type { ImageUpload } from '../../images/image-store.js';
import { limitCall, reserveAll } from '../../rate-limit.js';
import { recordAdminAction } from '../admin/audit.js';
import { catalogueChanged } from '../catalogue/catalogue.search.js';
import {
  chooseBank,
  listBanks,
  matchBank,
  type VerifiedBankAccount,
  verifyBankAccount,
} from '../finance/banks.service.js';
import { cancelUnsentPayouts } from '../finance/payouts.service.js';
import { accountRegistered, bankAccountChanged, passwordChanged } from '../notifications/events/account.js';
import { ReviewSchema } from '../reviews/reviews.entities.js';
import { type Vendor, VendorSchema } from '../vendors/vendors.entities.js';
import { SessionSchema, type User, UserSchema } from './auth.entities.js';
import { type RatingSummary, toUserDto } from './auth.mapper.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import { newToken, tokenDigest } from './tokens.js';

/** Uploaded shop images by field name (profile_image, cover_image). */
export type ShopImages = Partial<Record<'profile_image' | 'cover_image', ImageUpload>>;

async function startSession(ctx: Context, user: User): Promise<string> {
  const token = newToken();
  const ttlMs = ctx.services.config.sessionTtlDays * 24 * 60 * 60 * 1000;
  ctx.em.create(SessionSchema, {
    user,
    tokenHash: tokenDigest(token),
    userAgent: ctx.request.userAgent?.slice(0, 255) ?? null,
    ip: ctx.request.ip.slice(0, 64),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  await ctx.em.flush();
  return token;
}

async function ratingOf(em: Em, vendor: Vendor): Promise<RatingSummary> {
  const rows = await em
    .createQueryBuilder(ReviewSchema, 'r')
    .select([raw('avg(r.rating) as average'), raw('count(r.id) as count')])
    .where({ vendor: vendor.id })
    .execute<{ average: number | string | null; count: number | string }[]>('all', false);
  const row = rows[0];
  return { average: Number(row?.average ?? 0), count: Number(row?.count ?? 0) };
}

/** The profile of a user as the API shows it to that user (with the shop part for vendors). */
export async function profileOf(em: Em, user: User): Promise<UserDto> {
  if (user.role !== 'vendor') return toUserDto(user, null);
  const vendor = await em.findOne(VendorSchema, { user: user.id });
  return toUserDto(user, vendor ? { entity: vendor, rating: await ratingOf(em, vendor) } : null);
}

/**
 * Checks every shop image (size, type, pixels from the header), then stores them; one that fails to store
 * takes the others with it, and `discard` removes them again if anything after this fails.
 */
async function storeShopImages(ctx: Context, images: ShopImages) {
  for (const upload of Object.values(images)) if (upload) await ctx.services.images.check(upload);
  const stored: Partial<Record<keyof ShopImages, string>> = {};
  const discard = () => Promise.all(Object.values(stored).map((name) => ctx.services.images.remove(name)));
  try {
    for (const [field, upload] of Object.entries(images) as [keyof ShopImages, ImageUpload | undefined][]) {
      if (upload) stored[field] = await ctx.services.images.save(upload);
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { stored, discard };
}

export async function register(ctx: Context, data: RegisterData, images: ShopImages = {}): Promise<AuthResultDto> {
  // Counted first, so a flood of registrations is refused before any of their images is read or decoded.
  await limitCall(ctx, 'register');
  if (data.role !== 'vendor' && (images.profile_image || images.cover_image)) {
    throw new DomainError('VALIDATION', ERROR_MESSAGES.vendorFieldsForbidden);
  }
  const email = data.email;
  if (await ctx.em.count(UserSchema, { email })) {
    throw new DomainError('EMAIL_TAKEN', ERROR_MESSAGES.emailTaken, { email: [ERROR_MESSAGES.emailTaken] });
  }
  // The bank must know the account before anything is written (no user, no images for a refused one).
  // Not signed in: the lookup counts against the address only.
  const bank =
    data.role === 'vendor'
      ? await verifyBankAccount(
          ctx,
          undefined,
          await chooseBank(ctx, { bank_name: data.bank_name, bank_code: data.bank_code }),
          data.account_number as string,
        )
      : null;
  const passwordHash = await hashPassword(data.password);
  const { stored, discard } = await storeShopImages(ctx, images);
  try {
    const user = await ctx.em.transactional(async (em) => {
      const created = em.create(UserSchema, {
        email,
        passwordHash,
        fullName: data.full_name,
        phone: data.phone,
        address: data.address ?? null,
        role: data.role,
        status: 'active',
      });
      const shop = bank
        ? em.create(VendorSchema, {
            user: created,
            shopName: data.shop_name as string,
            shopDescription: data.shop_description as string,
            address: data.address as string,
            phone: data.phone,
            accountHolderName: data.account_holder_name as string,
            accountNumber: bank.accountNumber,
            bankName: bank.bankName,
            bankCode: bank.bankCode,
            resolvedAccountName: bank.resolvedAccountName,
            bankVerifiedAt: ctx.services.clock.now(),
            profileImage: stored.profile_image ?? null,
            coverImage: stored.cover_image ?? null,
          })
        : null;
      // Flushed here for the ids the messages name; they commit with the account or not at all.
      await em.flush();
      await accountRegistered(em, ctx.services, created, shop);
      return created;
    });
    const token = await startSession(ctx, user);
    return { token, user: await profileOf(ctx.em, user) };
  } catch (error) {
    await discard();
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('EMAIL_TAKEN', ERROR_MESSAGES.emailTaken, { email: [ERROR_MESSAGES.emailTaken] });
    }
    throw error;
  }
}

export async function login(
  ctx: Context,
  input: { email: string; password: string; intended_role?: LoginInput['intended_role'] },
): Promise<AuthResultDto> {
  const { email } = input;
  const ip = ctx.request.ip;
  const rules = ctx.services.config.login;
  const accountAndIp = `login:account-ip:${email}:${ip}`;
  const account = `login:account:${email}`;
  // A device the account signed in from before is not held by the account-wide ceiling, so failures
  // from elsewhere cannot lock the owner out. Asked by email, so unknown emails cost the same.
  const knownDevice = (await ctx.em.count(SessionSchema, { user: { email }, ip: ip.slice(0, 64) })) > 0;
  // Counted before the password is checked, so no batch or burst of requests gets more guesses.
  const attempt = await reserveAll(
    ctx.services.rateLimiter,
    [
      { key: accountAndIp, limit: rules.maxFailuresPerAccountAndIp },
      { key: `login:ip:${ip}`, limit: rules.maxFailuresPerIp },
      ...(knownDevice ? [] : [{ key: account, limit: rules.maxFailuresPerAccount }]),
    ],
    rules.windowMinutes,
    ERROR_MESSAGES.tooManyLogins,
  );

  const user = await ctx.em.findOne(UserSchema, { email });
  // An unknown email costs the same time as a wrong password, so neither can be told apart.
  let valid = false;
  if (user) valid = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);
  // A failure keeps its reservation: that is the count.
  if (!user || !valid) throw new DomainError('INVALID_CREDENTIALS', ERROR_MESSAGES.invalidCredentials);
  await attempt.release();
  await Promise.all([ctx.services.rateLimiter.reset(accountAndIp), ctx.services.rateLimiter.reset(account)]);
  if (user.status === 'suspended') throw new DomainError('SUSPENDED', ERROR_MESSAGES.suspended);
  if (input.intended_role && input.intended_role !== user.role) {
    throw new DomainError('WRONG_ROLE', ERROR_MESSAGES.wrongRole(input.intended_role));
  }
  const token = await startSession(ctx, user);
  return { token, user: await profileOf(ctx.em, user) };
}

export async function logout(ctx: AuthedContext): Promise<{ message: string }> {
  await ctx.em.nativeUpdate(SessionSchema, { id: ctx.session.id }, { revokedAt: new Date() });
  return { message: 'Logged out' };
}

async function checkCurrentPassword(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new DomainError('WRONG_PASSWORD', ERROR_MESSAGES.currentPasswordWrong, {
      current_password: [ERROR_MESSAGES.currentPasswordWrong],
    });
  }
}

/**
 * What follows a password change in the settings, in its transaction: every other session is signed out
 * (only this device stays signed in) and the account's address, the only one (the email cannot be
 * changed), is told.
 */
async function passwordChangedInSettings(em: Em, ctx: AuthedContext): Promise<void> {
  await em.nativeUpdate(
    SessionSchema,
    { user: ctx.user.id, id: { $ne: ctx.session.id }, revokedAt: null },
    { revokedAt: ctx.services.clock.now() },
  );
  await passwordChanged(em, ctx.services, ctx.user, { how: 'settings' });
}

export async function changePassword(ctx: AuthedContext, input: ChangePasswordInput): Promise<{ message: string }> {
  await checkCurrentPassword(ctx.user, input.current_password);
  const passwordHash = await hashPassword(input.password);
  await ctx.em.transactional(async (em) => {
    ctx.user.passwordHash = passwordHash;
    await passwordChangedInSettings(em, ctx);
  });
  return { message: 'Your password has been updated successfully.' };
}

export async function updateProfile(
  ctx: AuthedContext,
  data: UpdateProfileData,
  images: ShopImages = {},
): Promise<UserDto> {
  const { user } = ctx;
  const vendorFields = [
    data.shop_name,
    data.shop_description,
    data.account_holder_name,
    data.account_number,
    data.bank_name,
    data.bank_code,
    images.profile_image,
    images.cover_image,
  ];
  const vendor = user.role === 'vendor' ? await ctx.em.findOne(VendorSchema, { user: user.id }) : null;
  if (!vendor && vendorFields.some((v) => v !== undefined)) {
    throw new DomainError('FORBIDDEN', ERROR_MESSAGES.vendorFieldsForbidden);
  }
  if (data.email !== undefined && data.email !== user.email) {
    throw new DomainError('VALIDATION', ERROR_MESSAGES.emailReadOnly, { email: [ERROR_MESSAGES.emailReadOnly] });
  }
  if (data.password !== undefined) {
    await checkCurrentPassword(user, data.current_password ?? '');
  }
  // A new bank account is resolved before anything is written; a refusal or the bank down changes nothing.
  const bankChange = vendor ? await bankChangeOf(ctx, vendor, data) : null;
  const passwordHash = data.password !== undefined ? await hashPassword(data.password) : null;
  const { stored, discard } = await storeShopImages(ctx, images);
  const replaced: (string | null)[] = [];
  try {
    // One transaction: the changes, the audit of a bank change, and after a password change the other
    // sessions signed out and the account told.
    await ctx.em.transactional(async (em) => {
      if (data.full_name !== undefined) user.fullName = data.full_name;
      if (data.phone !== undefined) user.phone = data.phone;
      if (data.address !== undefined) user.address = data.address;
      if (passwordHash !== null) user.passwordHash = passwordHash;
      if (vendor) {
        if (data.shop_name !== undefined) vendor.shopName = data.shop_name;
        if (data.shop_description !== undefined) vendor.shopDescription = data.shop_description;
        if (data.address !== undefined) vendor.address = data.address;
        if (data.phone !== undefined) vendor.phone = data.phone;
        if (data.account_holder_name !== undefined) vendor.accountHolderName = data.account_holder_name;
        if (bankChange) await applyBankChange(em as Em, ctx, vendor, bankChange);
        if (stored.profile_image) {
          replaced.push(vendor.profileImage ?? null);
          vendor.profileImage = stored.profile_image;
        }
        if (stored.cover_image) {
          replaced.push(vendor.coverImage ?? null);
          vendor.coverImage = stored.cover_image;
        }
      }
      if (passwordHash !== null) await passwordChangedInSettings(em, ctx);
    });
  } catch (error) {
    await discard();
    throw error;
  }
  // The shop name is part of what the catalogue search looks in.
  if (vendor && data.shop_name !== undefined) await catalogueChanged(ctx, { vendorId: vendor.id });
  await Promise.all(replaced.map((name) => ctx.services.images.remove(name)));
  return profileOf(ctx.em, user);
}

/** A vendor's bank details after a profile update: the account resolved, and whether it is another account. */
interface BankChange {
  account: VerifiedBankAccount;
  /** Another bank or account number than the stored one: audited, payouts paused, recipient cleared. */
  accountChanged: boolean;
}

/**
 * What the profile update does to the shop's bank details: null when it sends none of bank_name, bank_code
 * and account_number, or sends the bank and number already stored (the settings form sends every field), so
 * nothing is looked up or counted. Otherwise the bank (the one sent, else the stored one) and account number
 * are looked up, counted against the vendor's and the address's limits.
 */
async function bankChangeOf(ctx: AuthedContext, vendor: Vendor, data: UpdateProfileData): Promise<BankChange | null> {
  if (data.bank_name === undefined && data.bank_code === undefined && data.account_number === undefined) return null;
  const bankSent = data.bank_name !== undefined || data.bank_code !== undefined;
  // The stored bank by its code, or for a shop registered before codes were kept, by its name.
  const storedCode = vendor.bankCode ?? matchBank(await listBanks(ctx), { bank_name: vendor.bankName })?.code ?? null;
  const bank = await chooseBank(
    ctx,
    bankSent
      ? { bank_name: data.bank_name, bank_code: data.bank_code }
      : storedCode
        ? { bank_code: storedCode }
        : { bank_name: vendor.bankName },
  );
  const accountNumber = data.account_number ?? vendor.accountNumber;
  const unchanged =
    bank.bankCode === vendor.bankCode && accountNumber === vendor.accountNumber && vendor.resolvedAccountName !== null;
  if (unchanged) return null;
  const account = await verifyBankAccount(ctx, ctx.user.id, bank, accountNumber);
  // Only the number sent: the bank keeps the name it is stored under.
  if (!bankSent) account.bankName = vendor.bankName;
  const accountChanged = account.bankCode !== storedCode || account.accountNumber !== vendor.accountNumber;
  return { account, accountChanged };
}

const last4 = (accountNumber: string | null | undefined) => (accountNumber ? accountNumber.slice(-4) : null);

/**
 * Stores the resolved bank details, in the profile update's transaction. A change of account is audited
 * (never the full number; the admin's shop view lists these), pauses payouts for
 * BANK_CHANGE_PAYOUT_PAUSE_HOURS (a stolen password cannot send the money elsewhere at once), clears the
 * transfer recipient made for the old account, cancels the shop's payouts not yet sent (they were recorded
 * for the old account: never redirected) and tells the owner by email and in the app.
 */
async function applyBankChange(em: Em, ctx: AuthedContext, vendor: Vendor, change: BankChange): Promise<void> {
  const { account } = change;
  const now = ctx.services.clock.now();
  const before = { bankName: vendor.bankName, last4: last4(vendor.accountNumber) };
  if (change.accountChanged) {
    recordAdminAction(em, ctx, 'bank_details_changed', 'vendor', vendor.id, {
      old_bank_code: vendor.bankCode ?? null,
      old_bank_name: vendor.bankName,
      old_account_last4: before.last4,
      new_bank_code: account.bankCode,
      new_bank_name: account.bankName,
      new_account_last4: last4(account.accountNumber),
    });
    vendor.payoutsPausedUntil = new Date(now.getTime() + BANK_CHANGE_PAYOUT_PAUSE_HOURS * 60 * 60 * 1000);
    vendor.transferRecipientCode = null;
  }
  vendor.accountNumber = account.accountNumber;
  vendor.bankName = account.bankName;
  vendor.bankCode = account.bankCode;
  vendor.resolvedAccountName = account.resolvedAccountName;
  vendor.bankVerifiedAt = now;
  if (!change.accountChanged) return;
  // The shop's row is written (and on PostgreSQL locked) first: a payout run writing a payout for this shop
  // has committed before (and is cancelled below) or waits and then sees the pause.
  await em.flush();
  const cancelled = await cancelUnsentPayouts(em, ctx.services, vendor.id);
  await bankAccountChanged(em, ctx.services, ctx.user, vendor, {
    at: now,
    oldBankName: before.bankName,
    oldLast4: before.last4,
    pausedUntil: vendor.payoutsPausedUntil as Date,
    cancelled,
  });
}

/** Creates an admin account, or promotes and resets the password of an existing one (CLI). */
export async function createAdmin(
  em: Em,
  input: { email: string; password: string; fullName?: string },
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const existing = await em.findOne(UserSchema, { email: input.email });
  if (existing) {
    if (existing.role !== 'admin' && (await em.count(VendorSchema, { user: existing.id }))) {
      throw new DomainError('CONFLICT', 'This email belongs to a vendor account.');
    }
    existing.role = 'admin';
    existing.passwordHash = passwordHash;
    existing.status = 'active';
    await em.flush();
    return existing;
  }
  const user = em.create(UserSchema, {
    email: input.email,
    passwordHash,
    fullName: input.fullName ?? 'Platform Admin',
    role: 'admin',
    status: 'active',
  });
  await em.flush();
  return user;
}
