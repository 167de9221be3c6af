import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

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
  close(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1, recording what it accepts. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedEmail[] = [];
  let seen = 0;
  const server = new SMTPServer({
    authOptional: true,
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
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address)),
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
