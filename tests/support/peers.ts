/** Real network peers for notification tests: an SMTP server (smtp-server) and an HTTP webhook receiver. */
import { SMTPServer } from 'smtp-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface HookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function startWebhookReceiver(status = 200, port = 0): Promise<{ url: string; requests: HookRequest[]; server: Server; close(): Promise<void> }> {
  const requests: HookRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${actual}/hook`, requests, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function waitFor<T>(fn: () => T | Promise<T>, { timeoutMs = 10_000, intervalMs = 50 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Decodes a quoted-printable body enough to search it. */
export function qp(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface MailPart {
  headers: string;
  contentType: string;
  body: string;
}

/** The top-level header block (unfolded lines) and the decoded leaf parts of a MIME message. */
export function parseMail(raw: string): { headerLines: string[]; parts: MailPart[] } {
  const split = (message: string) => {
    const at = message.indexOf('\r\n\r\n');
    return at < 0 ? [message, ''] : [message.slice(0, at), message.slice(at + 4)];
  };
  const unfold = (headers: string) => headers.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const header = (lines: string[], name: string) =>
    lines
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const leaves = (message: string): MailPart[] => {
    const [head, body] = split(message) as [string, string];
    const lines = unfold(head);
    const contentType = header(lines, 'Content-Type');
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (boundary && /^multipart\//i.test(contentType)) {
      return body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith('--'))
        .flatMap((p) => leaves(p.replace(/^\r\n/, '')));
    }
    const encoding = header(lines, 'Content-Transfer-Encoding').toLowerCase();
    const decoded = encoding === 'quoted-printable' ? qp(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
    return [{ headers: head, contentType, body: decoded }];
  };
  return { headerLines: unfold(split(raw)[0]!), parts: leaves(raw) };
}
