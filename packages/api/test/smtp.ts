import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import type { NotificationKind } from '@caps/contracts';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Services } from '../src/context.js';
import type { Em } from '../src/db/orm.js';
import { notify } from '../src/modules/notifications/notify.js';
import { emailLayout, html } from '../src/modules/notifications/templates/layout.js';

/** One message the test SMTP server accepted, parsed. */
export interface ReceivedEmail {
  /** The envelope's recipients (RCPT TO), which decide who gets it whatever the headers say. */
  envelopeTo: string[];
  envelopeFrom: string;
  /** The raw message as it crossed the wire (headers and body). */
  raw: string;
  /** The raw header block (up to the first empty line). */
  rawHeaders: string;
  parsed: ParsedMail;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface TestSmtpOptions {
  /**
   * Decides on each message before it is accepted: resolve to accept; throw an Error (with an optional
   * `responseCode` such as 451 or 550) to refuse it. It may wait (to hold a message while a test kills
   * the sender). A refused message is not recorded.
   */
  decide?: (message: Omit<ReceivedEmail, 'parsed'> & { parsed: ParsedMail }, index: number) => Promise<void> | void;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> (no TLS, no auth: what SMTP_URL is set to in tests). */
  url: string;
  port: number;
  /** Every accepted message, in order of acceptance. */
  messages: ReceivedEmail[];
  /** Waits until `predicate` holds for the accepted messages (default: 10 s), answering them. */
  waitFor(predicate: (messages: ReceivedEmail[]) => boolean, timeoutMs?: number): Promise<ReceivedEmail[]>;
  /** Messages to one address. */
  to(address: string): ReceivedEmail[];
  /** Client connections open now (a killed sender's socket counts until the server sees it close). */
  openConnections(): number;
  close(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1, recording what it accepts. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedEmail[] = [];
  let seen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = await simpleParser(raw);
          const headerEnd = raw.search(/\r?\n\r?\n/);
          const toValue = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          const message: ReceivedEmail = {
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            raw,
            rawHeaders: headerEnd >= 0 ? raw.slice(0, headerEnd) : raw,
            parsed,
            to: toValue,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
          };
          const index = seen++;
          try {
            await options.decide?.(message, index);
          } catch (error) {
            callback(error as Error);
            return;
          }
          messages.push(message);
          callback();
        })().catch((error: unknown) => callback(error as Error));
      });
    },
  });
  server.on('error', () => {
    // A client dropping its connection (a killed worker) is not the test's failure.
  });
  const sockets = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address)),
    openConnections: () => sockets.size,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline) {
          throw new Error(
            `Timed out waiting for email; received: ${messages.map((m) => `${m.to}: ${m.subject}`).join(' | ') || 'none'}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An email a test puts in the outbox (kind contact_message, to a bare address unless it names another). */
export interface TestEmail {
  /** The event (unique per email): `test:1`. */
  event: string;
  to: string;
  subject: string;
  /** The greeting's name (in the body). */
  greetingName?: string;
  body?: string;
  kind?: NotificationKind;
}

/**
 * Writes emails to the outbox as an event does: `notify` in one transaction, each rendered with the shared
 * layout (an HTML and a plain-text part).
 */
export async function enqueueTestEmails(services: Services, emails: TestEmail[]): Promise<void> {
  const { publicUrl } = services.config;
  await (services.orm.em.fork() as Em).transactional((em) =>
    notify(
      em,
      services,
      emails.map((email) => {
        const body = email.body ?? `This is ${email.event}.`;
        return {
          event: email.event,
          kind: email.kind ?? 'contact_message',
          recipient: { address: email.to },
          email: emailLayout({
            publicUrl,
            subject: email.subject,
            greetingName: email.greetingName,
            bodyHtml: html`<p>${body}</p>`,
            bodyText: body,
            action: { label: 'Open the marketplace', path: '/' },
          }),
        };
      }),
    ),
  );
}
