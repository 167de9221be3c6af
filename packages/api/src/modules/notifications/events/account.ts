import { randomUUID } from 'node:crypto';
import type { Services } from '../../../context.js';
import type { Em } from '../../../db/orm.js';
import type { User } from '../../auth/auth.entities.js';
import type { Vendor } from '../../vendors/vendors.entities.js';
import { adminRecipients, type Notice, notify } from '../notify.js';
import {
  type BankAccountChangedData,
  bankAccountChangedMessage,
  passwordChangedMessage,
  passwordResetMessage,
  shopAwaitingVerificationMessage,
  shopPendingMessage,
  welcomeMessage,
} from '../templates/account.js';
import { noticeOf, userRecipient } from './notices.js';

/**
 * The account events (issue 14). Each is called with the transaction's `em`, inside the transaction of the
 * change that causes it, so its messages commit with the change or not at all.
 */

/**
 * A new account: a customer gets the welcome email; a vendor learns that the shop waits for verification,
 * and every active admin that a shop waits for them. The user and shop must be flushed (ids known).
 */
export async function accountRegistered(em: Em, services: Services, user: User, shop: Vendor | null): Promise<void> {
  const { publicUrl } = services.config;
  const notices: Notice[] = [];
  if (user.role === 'customer') {
    notices.push({
      event: `user:${user.id}:welcome`,
      kind: 'welcome',
      recipient: userRecipient(user),
      email: welcomeMessage({ publicUrl, name: user.fullName }),
    });
  }
  if (shop) {
    const pending = shopPendingMessage({ publicUrl, name: user.fullName, shopName: shop.shopName });
    notices.push(noticeOf(`vendor:${shop.id}:pending`, 'shop_pending', userRecipient(user), pending));
    // One rendering for every admin: the greeting names no one.
    const awaiting = shopAwaitingVerificationMessage({
      publicUrl,
      name: null,
      shopName: shop.shopName,
      ownerName: user.fullName,
      ownerEmail: user.email,
      address: shop.address,
    });
    for (const admin of await adminRecipients(em)) {
      notices.push(noticeOf(`vendor:${shop.id}:awaiting-verification`, 'shop_awaiting_verification', admin, awaiting));
    }
  }
  await notify(em, services, notices);
}

/** The reset link of a new reset token (`tokenId`: the stored row; `token`: the secret only the email holds). */
export async function passwordResetRequested(
  em: Em,
  services: Services,
  user: User,
  reset: { tokenId: number; token: string },
): Promise<void> {
  await notify(em, services, [
    {
      event: `password-reset:${reset.tokenId}`,
      kind: 'password_reset',
      recipient: userRecipient(user),
      email: passwordResetMessage({ publicUrl: services.config.publicUrl, name: user.fullName, token: reset.token }),
    },
  ]);
}

/**
 * The account's password was changed (by a reset link, or in the settings): the account's own address is
 * told, and the bell. A reset's notice is keyed by its token, so a retried reset writes it once; each
 * change in the settings is an event of its own.
 */
export async function passwordChanged(
  em: Em,
  services: Services,
  user: User,
  change: { how: 'reset'; tokenId: number } | { how: 'settings' },
): Promise<void> {
  const event =
    change.how === 'reset' ? `password-reset:${change.tokenId}:changed` : `user:${user.id}:password:${randomUUID()}`;
  const rendered = passwordChangedMessage({
    publicUrl: services.config.publicUrl,
    name: user.fullName,
    email: user.email,
    role: user.role,
    at: services.clock.now(),
    how: change.how,
  });
  await notify(em, services, [noticeOf(event, 'password_changed', userRecipient(user), rendered)]);
}

/**
 * The shop's payout bank account was changed (in the profile update's transaction): its owner is told by
 * email and in the app, each change an event of its own.
 */
export async function bankAccountChanged(
  em: Em,
  services: Services,
  owner: User,
  shop: Vendor,
  change: Omit<BankAccountChangedData, 'name' | 'shopName' | 'to' | 'from'> & {
    oldBankName: string;
    oldLast4: string | null;
  },
): Promise<void> {
  const rendered = bankAccountChangedMessage(services.config.publicUrl, {
    name: owner.fullName,
    shopName: shop.shopName,
    at: change.at,
    from: { bankName: change.oldBankName, last4: change.oldLast4 },
    to: { bankName: shop.bankName, last4: shop.accountNumber.slice(-4) },
    pausedUntil: change.pausedUntil,
    cancelled: change.cancelled,
  });
  await notify(em, services, [
    noticeOf(`vendor:${shop.id}:bank-changed:${randomUUID()}`, 'bank_account_changed', userRecipient(owner), rendered),
  ]);
}
