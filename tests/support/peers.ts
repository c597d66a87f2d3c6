/** Real network peers for notification tests: an SMTP server (smtp-server) and an HTTP webhook receiver. */
import { SMTPServer } from 'smtp-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Connection errors seen (a client reset); recorded, not thrown. */
  errors: Error[];
  /** With `delayMs`: messages whose data has all arrived and that the peer has not answered yet. */
  awaiting: ReceivedMail[];
  /** Messages whose sender hung up after sending the data and before the peer answered it. */
  unanswered: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server without STARTTLS, on `host` (loopback unless a test needs another address).
 * `delayMs`: the peer takes this long to accept each message (a slow mail server); `refuse` answers
 * a recipient with an SMTP error code, as a mail server does for an address it will not take.
 * `deliverUnanswered`: a message whose sender hung up before the answer is delivered all the same,
 * as by a mail server that queued it when the data ended and was only slow to say so (RFC 1047):
 * the sender never learnt it was accepted. Without it such a message is dropped.
 */
export async function startSmtp(
  port = 0,
  host = '127.0.0.1',
  {
    delayMs = 0,
    refuse,
    deliverUnanswered = false,
  }: { delayMs?: number; refuse?: (recipient: string) => { code: number; message: string } | undefined; deliverUnanswered?: boolean } = {},
): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const awaiting: ReceivedMail[] = [];
  const unanswered: ReceivedMail[] = [];
  const closed = new Set<string>();
  const server = new SMTPServer({
    onClose(session) {
      closed.add(session.id);
    },
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address);
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const accept = () => {
          if (awaiting.includes(mail)) awaiting.splice(awaiting.indexOf(mail), 1);
          // A client that hung up before the acknowledgement never saw its message accepted: like
          // a real mail server, the peer does not deliver it (unless told to, see above).
          if (closed.has(session.id)) {
            unanswered.push(mail);
            if (deliverUnanswered) messages.push(mail);
            return;
          }
          messages.push(mail);
          callback();
        };
        if (delayMs > 0) {
          awaiting.push(mail);
          setTimeout(accept, delayMs);
        } else accept();
      });
    },
  });
  // A client that dies mid-session (a SIGKILLed lead server) resets the connection; smtp-server
  // reports that as an 'error' event, which would otherwise be an unhandled error in the run.
  const errors: Error[] = [];
  server.on('error', (error) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${host}:${actual}`,
    errors,
    port: actual,
    messages,
    awaiting,
    unanswered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Standard Webhooks secret for tests (whsec_ and 32 bytes in base64). */
export const WEBHOOK_TEST_SECRET = `whsec_${Buffer.from('lead-server-webhook-test-key-32b').toString('base64')}`;

export interface HookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function startWebhookReceiver(
  status = 200,
  port = 0,
  headers: Record<string, string> = {},
): Promise<{ url: string; requests: HookRequest[]; server: Server; close(): Promise<void> }> {
  const requests: HookRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('error', () => res.destroy());
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${actual}/hook`, requests, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface WaitOptions {
  /** What the test is waiting for, said in the error when it never happens. */
  what: string;
  timeoutMs?: number;
  intervalMs?: number;
}

/** Polls `fn` until it returns something truthy; fails after `timeoutMs` naming what never happened. */
/** What a value is once it has passed a truthiness check. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export async function waitFor<T>(fn: () => T | Promise<T>, { what, timeoutMs = 10_000, intervalMs = 50 }: WaitOptions): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A received message parsed by mailparser: headers, subject, addresses and decoded text and HTML
 * parts. A maintained parser, so the checker does not share the bugs of the code it checks.
 */
export function parseMail(mail: ReceivedMail): Promise<ParsedMail> {
  return simpleParser(mail.raw);
}

/** Lead ids named in Message-ID headers, one entry per lead e-mail received ("none" for any other message but the dated notices). */
export function mailedLeadIds(smtp: SmtpPeer): string[] {
  return smtp.messages.flatMap((m) => {
    const id = /^Message-ID:\s*<lead-([^@>]+)@/im.exec(m.raw)?.[1];
    // The business's own notices about no lead (the prices reminder, the digest) come whenever they
    // are due, from any server under test: they are not lead e-mails. A lead e-mail without its id
    // is still counted, so it cannot pass unseen.
    if (id) return [id];
    return /^Message-ID:\s*<(prices|digest|overnight|gaps)-/im.test(m.raw) ? [] : ['none'];
  });
}

export function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/** Rejects with `what` unless `promise` settles within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
