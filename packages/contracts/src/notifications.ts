import { z } from 'zod';
import { paged, pagingFields } from './admin.js';
import type { UserRole } from './constants.js';
import { emailField, registrationPassword, text } from './fields.js';
import { VALIDATION_MESSAGES } from './messages.js';

/**
 * Messages to people (issue 14, docs/notifications.md): transactional email through a durable outbox,
 * in-app notifications, preferences, password reset.
 */

/**
 * Every kind of message, with who receives it, whether it is essential (order, money and security messages
 * are always sent) and where it goes. A kind is the unit a user turns off in the preferences.
 */
export const NOTIFICATION_KINDS = [
  // Customers.
  'welcome',
  'order_placed',
  'payment_received',
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'return_decision',
  'refund_sent',
  // Vendors.
  'shop_pending',
  'shop_verified',
  'shop_suspended',
  'new_order',
  'low_stock',
  'new_review',
  'return_requested',
  'report_resolved',
  'payout_sent',
  'payout_failed',
  'bank_account_changed',
  // Admins.
  'shop_awaiting_verification',
  'new_report',
  'contact_message',
  // Every account.
  'password_reset',
  'password_changed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationKindInfo {
  /** What the preferences page calls it. */
  label: string;
  /** The roles that receive it. */
  roles: readonly UserRole[];
  /** Always sent: order, money and security messages cannot be turned off. */
  essential: boolean;
  /** Sent by email. */
  email: boolean;
  /** Shown under the bell. */
  inApp: boolean;
}

const everyone: readonly UserRole[] = ['customer', 'vendor', 'admin'];
const customer: readonly UserRole[] = ['customer'];
const vendor: readonly UserRole[] = ['vendor'];
const admin: readonly UserRole[] = ['admin'];
const both = { email: true, inApp: true };

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  welcome: { label: 'Welcome to the marketplace', roles: customer, essential: true, email: true, inApp: false },
  order_placed: { label: 'Order placed', roles: customer, essential: true, ...both },
  payment_received: { label: 'Payment received', roles: customer, essential: true, ...both },
  order_confirmed: { label: 'Order confirmed by the shop', roles: customer, essential: true, ...both },
  order_shipped: { label: 'Order shipped', roles: customer, essential: true, ...both },
  order_delivered: { label: 'Order delivered', roles: customer, essential: true, ...both },
  order_cancelled: { label: 'Order cancelled', roles: ['customer', 'vendor'], essential: true, ...both },
  return_decision: { label: 'Return approved or rejected', roles: customer, essential: true, ...both },
  refund_sent: { label: 'Refund sent', roles: customer, essential: true, ...both },
  shop_pending: { label: 'Shop registered, awaiting verification', roles: vendor, essential: true, ...both },
  shop_verified: { label: 'Shop verified', roles: vendor, essential: true, ...both },
  shop_suspended: { label: 'Shop suspended', roles: vendor, essential: true, ...both },
  new_order: { label: 'New paid order', roles: vendor, essential: true, ...both },
  low_stock: { label: 'Low stock (2 or fewer left)', roles: vendor, essential: false, ...both },
  new_review: { label: 'New review', roles: vendor, essential: false, ...both },
  return_requested: { label: 'Return requested', roles: vendor, essential: true, ...both },
  report_resolved: { label: 'Report about my shop resolved', roles: vendor, essential: false, ...both },
  payout_sent: { label: 'Payout sent', roles: vendor, essential: true, ...both },
  payout_failed: { label: 'Payout failed', roles: vendor, essential: true, ...both },
  bank_account_changed: { label: 'Payout bank account changed', roles: vendor, essential: true, ...both },
  shop_awaiting_verification: {
    label: 'New shop awaiting verification',
    roles: admin,
    essential: false,
    ...both,
  },
  new_report: { label: 'New report about a shop', roles: admin, essential: false, ...both },
  contact_message: { label: 'Contact form message', roles: admin, essential: false, ...both },
  password_reset: { label: 'Password reset link', roles: everyone, essential: true, email: true, inApp: false },
  password_changed: { label: 'Password changed', roles: everyone, essential: true, ...both },
};

/** The kinds a role receives, in the order of NOTIFICATION_KINDS. */
export function notificationKindsFor(role: UserRole): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_KIND_INFO[kind].roles.includes(role));
}

/** How many in-app notifications a page holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How often the bell asks for the unread count (milliseconds), while the page is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** A password reset link is valid this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const NOTIFICATION_TEXT = {
  forgotAnswer:
    'If an account exists for that email, we have sent a link to reset its password. It is valid for 1 hour.',
  resetDone: 'Your password has been reset. Sign in with your new password.',
  invalidResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  essentialKind: 'Order, payment and security messages are always sent and cannot be turned off.',
  kindNotForRole: 'This kind of message is not sent to your account.',
  notificationNotFound: 'Notification not found',
} as const;

const id = z.coerce
  .number({ error: 'id must be a whole number' })
  .int('id must be a whole number')
  .min(1, 'id must be a whole number')
  .max(2_147_483_647, 'id must be a whole number');

// ---------------------------------------------------------------------------------------------------------
// In-app notifications

export const NotificationDto = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where it leads in the web app (a path such as /order/12), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

/** GET /notifications: newest first. */
export const NotificationListInput = z
  .object({
    page: pagingFields.page,
    per_page: z.coerce
      .number({ error: 'per_page must be a whole number' })
      .int('per_page must be a whole number')
      .min(1, 'per_page must be between 1 and 100')
      .max(100, 'per_page must be between 1 and 100')
      .default(NOTIFICATIONS_PAGE_SIZE),
    unread: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'unread must be true or false' })
      .transform((v) => v === true || v === 'true' || v === '1')
      .optional(),
  })
  .strict();
export type NotificationListInput = z.input<typeof NotificationListInput>;

export const NotificationListDto = paged(NotificationDto).extend({ unread_count: z.number().int() });
export type NotificationListDto = z.infer<typeof NotificationListDto>;

export const UnreadCountDto = z.object({ unread_count: z.number().int() });
export type UnreadCountDto = z.infer<typeof UnreadCountDto>;

/** POST /notifications/{id}/read */
export const NotificationIdInput = z.object({ id }).strict();

/** POST /notifications/read-all */
export const ReadAllDto = z.object({ updated: z.number().int(), unread_count: z.number().int() });

// ---------------------------------------------------------------------------------------------------------
// Preferences

export const NotificationPreferenceDto = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  /** Always sent; email and in_app are then true and cannot be changed. */
  essential: z.boolean(),
  /** Whether this kind is sent at all by email (false: never) and whether the user wants it. */
  email: z.boolean(),
  in_app: z.boolean(),
  /** The channels the kind has (welcome and password_reset are email only). */
  channels: z.object({ email: z.boolean(), in_app: z.boolean() }),
});
export type NotificationPreferenceDto = z.infer<typeof NotificationPreferenceDto>;

/** GET/PUT /notification-preferences: every kind the caller's role receives. */
export const NotificationPreferencesDto = z.object({ preferences: z.array(NotificationPreferenceDto) });
export type NotificationPreferencesDto = z.infer<typeof NotificationPreferencesDto>;

/** PUT /notification-preferences: the kinds to change; kinds left out keep their setting. */
export const UpdateNotificationPreferencesInput = z
  .object({
    preferences: z
      .array(
        z
          .object({
            kind: z.enum(NOTIFICATION_KINDS, { error: 'kind must be a known kind of message' }),
            email: z.boolean({ error: 'email must be true or false' }).optional(),
            in_app: z.boolean({ error: 'in_app must be true or false' }).optional(),
          })
          .strict(),
        { error: 'preferences must be a list' },
      )
      .min(1, 'preferences must name at least one kind')
      .max(NOTIFICATION_KINDS.length, 'preferences names too many kinds'),
  })
  .strict();
export type UpdateNotificationPreferencesInput = z.input<typeof UpdateNotificationPreferencesInput>;

// ---------------------------------------------------------------------------------------------------------
// Password reset

/** POST /password/forgot: always the same 200, whether or not the email has an account. */
export const ForgotPasswordInput = z.object({ email: emailField }).strict();
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

/** POST /password/reset: the token from the emailed link and the new password (the registration rules). */
export const ResetPasswordInput = z
  .object({
    token: text().min(1, VALIDATION_MESSAGES.required).max(200, NOTIFICATION_TEXT.invalidResetToken),
    password: registrationPassword,
    password_confirmation: text().min(1, VALIDATION_MESSAGES.required),
  })
  .strict()
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: VALIDATION_MESSAGES.passwordsMismatch,
  });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

/** The reset's answer: which sign-in page to go to. */
export const ResetPasswordDto = z.object({
  message: z.string(),
  role: z.enum(['customer', 'vendor', 'admin']),
});
export type ResetPasswordDto = z.infer<typeof ResetPasswordDto>;

// ---------------------------------------------------------------------------------------------------------
// The outbox as admins see it (Sent Email tab)

/**
 * pending: waiting for (another) try; sent: the SMTP server accepted it; failed: every try failed;
 * kept: no SMTP_URL is configured, so it was kept here and never sent.
 */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EmailSummaryDto = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type EmailSummaryDto = z.infer<typeof EmailSummaryDto>;

export const EmailDetailDto = EmailSummaryDto.extend({ html: z.string(), text: z.string() });
export type EmailDetailDto = z.infer<typeof EmailDetailDto>;

/** GET /admin/emails: newest first, by status and kind, search in the address and subject. */
export const AdminEmailsQuery = z
  .object({
    status: z.enum(EMAIL_STATUSES, { error: `status must be one of: ${EMAIL_STATUSES.join(', ')}` }).optional(),
    kind: z.enum(NOTIFICATION_KINDS, { error: 'kind must be a known kind of message' }).optional(),
    search: z
      .string({ error: 'search must be text' })
      .trim()
      .max(200, 'search may be at most 200 characters')
      .optional(),
    ...pagingFields,
  })
  .strict();
export type AdminEmailsQuery = z.input<typeof AdminEmailsQuery>;

export const AdminEmailsDto = paged(EmailSummaryDto);
export type AdminEmailsDto = z.infer<typeof AdminEmailsDto>;

export const AdminEmailIdInput = z.object({ id }).strict();
