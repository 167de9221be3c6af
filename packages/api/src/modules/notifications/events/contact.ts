import { CONTACT } from '@caps/contracts';
import type { Services } from '../../../context.js';
import type { Em } from '../../../db/orm.js';
import { ContactMessageSchema } from '../../contact/contact.entities.js';
import { adminRecipients, notify } from '../notify.js';
import { contactReceivedMessage } from '../templates/contact.js';
import { noticeOf } from './notices.js';

/**
 * A message came through the contact page (stored and flushed in the caller's transaction): every active
 * admin is told (email and bell), and the support address gets it by email (contact_message).
 */
export async function contactReceived(em: Em, services: Services, messageId: number): Promise<void> {
  const stored = await em.findOneOrFail(ContactMessageSchema, { id: messageId }, { disableIdentityMap: true });
  const rendered = contactReceivedMessage(services.config.publicUrl, stored);
  const event = `contact:${stored.id}:received`;
  const recipients = [...(await adminRecipients(em)), { address: CONTACT.email }];
  await notify(
    em,
    services,
    recipients.map((recipient) => noticeOf(event, 'contact_message', recipient, rendered)),
  );
}
