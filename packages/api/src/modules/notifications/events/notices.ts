import type { NotificationKind } from '@caps/contracts';
import type { User } from '../../auth/auth.entities.js';
import type { Notice, Recipient } from '../notify.js';
import type { Rendered } from '../templates/parts.js';

/** What the order, shop and money events share: who a notice is for, and a notice of a rendered message. */

/** An account as a recipient (its email and its bell). */
export const userRecipient = (user: Pick<User, 'id' | 'email'>): Recipient => ({
  user: { id: user.id, email: user.email },
});

/**
 * A notice of `rendered` for `recipient`. `event` names the cause and is the same on every retry of it
 * (`order:12:shipped`): notify adds the recipient and writes it once.
 */
export function noticeOf(event: string, kind: NotificationKind, recipient: Recipient, rendered: Rendered): Notice {
  return { event, kind, recipient, email: rendered.email, inApp: rendered.inApp };
}
