import { facts, message, quote, type Rendered, WEB_PATHS } from './parts.js';

/** contact_message: a message from the contact page, to the admins and to the support address. */

export interface ContactData {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function contactReceivedMessage(publicUrl: string, data: ContactData): Rendered {
  return message({
    publicUrl,
    kind: 'contact_message',
    subject: `Contact message: ${data.subject}`,
    summary: `${data.name} (${data.email}) wrote through the contact page: ${data.subject}.`,
    blocks: [
      facts(null, [
        ['From', `${data.name} <${data.email}>`],
        ['Subject', data.subject],
        ['Message', `#${data.id}`],
      ]),
      quote('Their message', data.message),
    ],
    link: { label: 'Open the messages', path: WEB_PATHS.adminMessages },
  });
}
