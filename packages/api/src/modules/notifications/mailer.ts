import nodemailer from 'nodemailer';
import { SMTP_CONNECT_SECONDS } from '../../config.js';
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

/** A message that can never be sent as it is (its address is not one plain address): no retry helps. */
export class PermanentSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

/**
 * The one plain address `to` must be (local@domain: no spaces, names, lists or groups), else a
 * PermanentSendError. A value such as "a@example.com Bcc: evil@example.com" would otherwise be read by the
 * address parser as a group and sent to evil@example.com alone.
 */
export function singleAddress(to: string): string {
  const address = to.trim();
  if (address.length > 254 || !/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/.test(address)) {
    throw new PermanentSendError(`Not a single email address: ${JSON.stringify(headerSafe(to, 100))}`);
  }
  return address;
}

/** Where email goes. The outbox worker is its only caller. */
export interface Mailer {
  /** Resolves when the SMTP server has accepted the message; rejects with its error otherwise. */
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * Email through nodemailer's SMTP transport (SMTP_URL such as smtp://user:pass@host:587, MAIL_FROM).
 * Every header value passes through `headerSafe`, so no CR/LF from data can add a header, and the recipient
 * must be one plain address (`singleAddress`), so no data can add a recipient.
 */
export function smtpMailer(smtpUrl: string, from: string, timeoutSeconds = 300): Mailer {
  // Bounded waits that the outbox lease outlasts (outboxLeaseSeconds): a slow server's late "250 OK" is
  // still heard and recorded, so the message is not sent again by this worker or another.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_CONNECT_SECONDS * 1000,
    greetingTimeout: SMTP_CONNECT_SECONDS * 1000,
    socketTimeout: timeoutSeconds * 1000,
  });
  return {
    async send(message) {
      const to = singleAddress(message.to);
      await transport.sendMail({
        from: headerSafe(from),
        to,
        subject: headerSafe(message.subject),
        html: message.html,
        text: message.text,
        messageId: headerSafe(message.messageId, 200),
        // One message, one recipient: nothing in the content may add one.
        envelope: { from: addressOf(from), to: [to] },
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
