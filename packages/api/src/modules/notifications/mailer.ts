import nodemailer from 'nodemailer';
import { headerSafe } from './templates/layout.js';

/** One message as the outbox worker hands it to the transport. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The Message-ID header (fixed when the message was enqueued). */
  messageId: string;
}

/** Where email goes. The outbox worker is its only caller. */
export interface Mailer {
  /** Resolves when the SMTP server has accepted the message; rejects with its error otherwise. */
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * Email through nodemailer's SMTP transport (SMTP_URL such as smtp://user:pass@host:587, MAIL_FROM).
 * Every header value passes through `headerSafe`, so no CR/LF from data can add a header.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: headerSafe(from),
        to: headerSafe(message.to, 254),
        subject: headerSafe(message.subject),
        html: message.html,
        text: message.text,
        messageId: headerSafe(message.messageId, 200),
        // One message, one recipient: nothing in the content may add one.
        envelope: { from: addressOf(from), to: [headerSafe(message.to, 254)] },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close() {
      transport.close();
    },
  };
}

/** The bare address of "Name <address>" (or the value itself). */
function addressOf(from: string): string {
  const match = /<([^<>\s]+)>\s*$/.exec(from);
  return headerSafe(match?.[1] ?? from, 254);
}
