import { CONTACT, formatKobo, PASSWORD_RESET_TTL_MINUTES, type UserRole } from '@caps/contracts';
import { absoluteUrl, BRAND, type EmailContent, html } from './layout.js';
import { type Block, facts, message, paragraph, type Rendered, WEB_PATHS } from './parts.js';

/** Where a vendor checks its bank details in the web app. */
const VENDOR_BANK_DETAILS_PATH = '/vendor/dashboard?tab=account';

/**
 * The account messages (issue 14): welcome, shop registered, shop awaiting verification (admins), the
 * password reset link and the password changed notice, made of the shared parts (parts.ts), so every
 * value reaches the HTML through the `html` tag and a name or shop name with markup arrives as text.
 */

interface Addressee {
  publicUrl: string;
  /** The recipient's full name (the greeting), or null for a message rendered once for several people. */
  name: string | null;
}

/** The time of an account event as people in Maiduguri read it (West Africa Time). */
const whenFormat = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});
export const formatWhen = (at: Date) => `${whenFormat.format(at)} WAT`;

/** welcome: a customer's first email (email only). */
export function welcomeMessage(input: Addressee): EmailContent {
  return message({
    publicUrl: input.publicUrl,
    kind: 'welcome',
    greetingName: input.name,
    subject: `Welcome to ${BRAND.name}`,
    summary: `Thank you for joining ${BRAND.name}. Browse caps made by shops in Maiduguri and across Nigeria, pay securely, and follow every order from your account.`,
    blocks: [paragraph(`Questions? Write to ${CONTACT.email} or call ${CONTACT.phone}.`)],
    link: { label: 'Browse caps', path: '/browse-caps' },
  }).email;
}

/** shop_pending: a vendor's shop is registered and waits for an admin's verification. */
export function shopPendingMessage(input: Addressee & { shopName: string }): Rendered {
  return message({
    publicUrl: input.publicUrl,
    kind: 'shop_pending',
    greetingName: input.name,
    subject: `Your shop ${input.shopName} is registered`,
    title: 'Your shop is awaiting verification',
    summary: `Thank you for registering ${input.shopName}. An admin will now review your shop; you will be told as soon as it is verified.`,
    blocks: [
      paragraph(
        'Until then your shop is not shown to buyers and you cannot add caps; you can already complete your shop settings.',
      ),
    ],
    link: { label: 'Open your dashboard', path: WEB_PATHS.vendorDashboard },
  });
}

/** shop_awaiting_verification: an admin learns that a new shop waits (not essential: admins may turn it off). */
export function shopAwaitingVerificationMessage(
  input: Addressee & { shopName: string; ownerName: string; ownerEmail: string; address: string },
): Rendered {
  return message({
    publicUrl: input.publicUrl,
    kind: 'shop_awaiting_verification',
    greetingName: input.name,
    subject: `New shop awaiting verification: ${input.shopName}`,
    title: 'New shop awaiting verification',
    summary: `${input.shopName} (${input.ownerName}) has registered and waits for verification.`,
    blocks: [
      facts(null, [
        ['Shop', input.shopName],
        ['Owner', input.ownerName],
        ['Email', input.ownerEmail],
        ['Address', input.address],
      ]),
    ],
    link: { label: 'Review shops', path: WEB_PATHS.adminVendors },
  });
}

/** The web app's page that takes a reset link's token. */
export const resetPasswordPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;

const RESET_VALIDITY =
  PASSWORD_RESET_TTL_MINUTES % 60 === 0
    ? `${PASSWORD_RESET_TTL_MINUTES / 60} hour${PASSWORD_RESET_TTL_MINUTES === 60 ? '' : 's'}`
    : `${PASSWORD_RESET_TTL_MINUTES} minutes`;

/** The link written out under the button, for mail clients that do not show buttons (the text part has it). */
function linkFallback(url: string): Block {
  return {
    html: html`<p style="margin:0;font-size:12px;color:${BRAND.muted}">If the button does not work, copy this address into your browser: ${url}</p>`,
    text: '',
  };
}

/** password_reset: the single-use link to set a new password (email only). */
export function passwordResetMessage(input: Addressee & { token: string }): EmailContent {
  const path = resetPasswordPath(input.token);
  return message({
    publicUrl: input.publicUrl,
    kind: 'password_reset',
    greetingName: input.name,
    subject: 'Reset your password',
    summary: `Someone, hopefully you, asked to reset the password of your ${BRAND.name} account. Use the link below to choose a new one. It works once and is valid for ${RESET_VALIDITY}.`,
    blocks: [
      paragraph('If you did not ask for this, ignore this email: your password stays as it is.'),
      linkFallback(absoluteUrl(input.publicUrl, path)),
    ],
    link: { label: 'Reset password', path },
  }).email;
}

/** Where each role changes its password in the web app (admins have no such page). */
const SECURITY_PATH: Record<UserRole, string | null> = {
  customer: '/settings?tab=security',
  vendor: '/vendor/dashboard?tab=account',
  admin: null,
};

/**
 * password_changed: told to the account's address, with what to do if it was not them. The email leads to
 * a new reset; the bell to the role's security settings.
 */
export function passwordChangedMessage(
  input: Addressee & { email: string; role: UserRole; at: Date; how: 'reset' | 'settings' },
): Rendered {
  const how = input.how === 'reset' ? 'with a password reset link' : 'in the account settings';
  const rendered = message({
    publicUrl: input.publicUrl,
    kind: 'password_changed',
    greetingName: input.name,
    subject: 'Your password was changed',
    summary: `The password of your ${BRAND.name} account (${input.email}) was changed on ${formatWhen(input.at)}, ${how}.`,
    blocks: [
      paragraph(
        input.how === 'reset'
          ? 'Every device was signed out: sign in again with the new password.'
          : 'Every other device was signed out.',
      ),
      paragraph(`If this was not you, reset your password now and tell us at ${CONTACT.email}.`),
    ],
    link: { label: 'Reset your password', path: '/forgot-password' },
  });
  return { ...rendered, inApp: { ...rendered.inApp, link: SECURITY_PATH[input.role] } };
}

export interface BankAccountChangedData {
  name: string;
  shopName: string;
  at: Date;
  /** The account before and after, as a message may show them: the bank's name and the last 4 digits. */
  from: { bankName: string; last4: string | null };
  to: { bankName: string; last4: string };
  pausedUntil: Date;
  /** Payouts not yet sent that the change cancelled (their money is available again). */
  cancelled: { count: number; amountKobo: number };
}

/**
 * bank_account_changed: the shop's owner learns of every change of the payout account, by email and under
 * the bell, with what to do if it was not them (a stolen session could have made it).
 */
export function bankAccountChangedMessage(publicUrl: string, data: BankAccountChangedData): Rendered {
  const account = (a: { bankName: string; last4: string | null }) =>
    a.last4 ? `${a.bankName} account ending ${a.last4}` : `${a.bankName} account`;
  const cancelled =
    data.cancelled.count === 0
      ? null
      : paragraph(
          `${data.cancelled.count === 1 ? 'A payout' : `${data.cancelled.count} payouts`} of ${formatKobo(data.cancelled.amountKobo)} not yet sent to the old account ${data.cancelled.count === 1 ? 'was' : 'were'} cancelled. The money is back in your available balance and is paid to the new account after the pause.`,
        );
  return message({
    publicUrl,
    kind: 'bank_account_changed',
    greetingName: data.name,
    subject: 'Your payout bank account was changed',
    summary: `The payout bank account of ${data.shopName} was changed on ${formatWhen(data.at)} to your ${account(data.to)}. If this wasn't you, contact support at ${CONTACT.email} or ${CONTACT.phone} at once, and change your password.`,
    blocks: [
      facts(null, [
        ['Shop', data.shopName],
        ['Changed on', formatWhen(data.at)],
        ['Old account', account(data.from)],
        ['New account', account(data.to)],
        ['Payouts paused until', formatWhen(data.pausedUntil)],
      ]),
      paragraph(
        `For your safety no payout is made until ${formatWhen(data.pausedUntil)}; payouts then go to the new account.`,
      ),
      cancelled,
      paragraph(
        `If this wasn't you, someone may have your password or a signed-in device: contact support at ${CONTACT.email} or ${CONTACT.phone} at once so we can hold your payouts, then change your password.`,
      ),
    ],
    link: { label: 'Check your bank details', path: VENDOR_BANK_DETAILS_PATH },
  });
}
