/**
 * A local stand-in for Twilio's Messages and Calls APIs, a real HTTP server on 127.0.0.1, so tests
 * send texts and place calls through the real client and the real network stack without reaching Twilio. It checks the Basic auth,
 * records each message it takes, can be told to fail the next requests, and plays Twilio's part in the
 * other direction: delivery-status callbacks and inbound replies, signed with the auth token as Twilio
 * signs them.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { twilioSignature } from '../../server/sms/twilio-signature.ts';

export interface FakeTwilioMessage {
  to: string;
  from: string;
  body: string;
  statusCallback: string | undefined;
  sid: string;
}

/** A call placed through the Calls API: whom it rings, from where, and the TwiML it plays once answered. */
export interface FakeTwilioCall {
  to: string;
  from: string;
  twiml: string;
  timeout: string | undefined;
  sid: string;
}

/** Every request the fake received, taken or not. */
export interface FakeTwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'undelivered' | 'failed';

/** How a failure told to failNext answers; by default Twilio's usual code for the status. */
export interface FailureReply {
  code?: number;
  message?: string;
  /** Seconds for a Retry-After header; by default 1 on 429 and 503, none otherwise. */
  retryAfter?: number;
}

export interface FakeTwilio {
  /** The API's origin, for the client's apiUrl. */
  url: string;
  messages: FakeTwilioMessage[];
  calls: FakeTwilioCall[];
  /** The account's recordings by SID (MP3 bytes): served with the account's credentials, and deleted. */
  recordings: Map<string, Buffer>;
  requests: FakeTwilioRequest[];
  /**
   * The person answers call `sid` and presses `digits` on its <Gather>: the signed post Twilio makes
   * to the Gather's action (`via` sends it to another instance's address instead of the public one).
   */
  pressKeys(sid: string, digits: string, via?: string): Promise<Response>;
  /** The next `times` requests to the Messages or Calls endpoint answer `status` (with a Twilio error body) and take nothing. */
  failNext(status: number, times?: number, reply?: FailureReply): void;
  /** Resolves once `n` messages have been taken; rejects after `timeoutMs` or on close(). */
  waitForMessages(n: number, timeoutMs?: number): Promise<FakeTwilioMessage[]>;
  /** Posts a signed status callback for message `sid` to its StatusCallback URL; resolves to the HTTP status of the answer. */
  deliverStatus(sid: string, status: DeliveryStatus): Promise<number>;
  close(): Promise<void>;
}

const BODY_LIMIT = 64 * 1024;

const DEFAULT_CODES: Record<number, { code: number; message: string }> = {
  400: { code: 21211, message: "The 'To' number is not a valid phone number." },
  401: { code: 20003, message: 'Authenticate' },
  404: { code: 20404, message: 'The requested resource was not found' },
  429: { code: 20429, message: 'Too Many Requests' },
  500: { code: 20500, message: 'Internal Server Error' },
  503: { code: 20503, message: 'Service Unavailable' },
};

export async function startFakeTwilio(options: { accountSid: string; authToken: string }): Promise<FakeTwilio> {
  const { accountSid, authToken } = options;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`, 'utf8').toString('base64')}`;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const callsPath = `/2010-04-01/Accounts/${accountSid}/Calls.json`;
  const messages: FakeTwilioMessage[] = [];
  const calls: FakeTwilioCall[] = [];
  const recordings = new Map<string, Buffer>();
  const recordingPath = new RegExp(`^/2010-04-01/Accounts/${accountSid}/Recordings/(RE[0-9a-f]{32})\\.(mp3|json)$`);
  const requests: FakeTwilioRequest[] = [];
  const failures: { status: number; reply: FailureReply }[] = [];
  const events = new EventEmitter();
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    readForm(req).then(
      (form) => answer(req, res, form),
      () => sendJson(res, 413, { code: 20001, message: 'Request too large', status: 413 }),
    );
  });

  function answer(req: IncomingMessage, res: ServerResponse, form: Record<string, string>): void {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, contentType: req.headers['content-type'], form });
    if (req.headers.authorization !== expectedAuth) return twilioError(res, 401);
    const recording = recordingPath.exec(path);
    if (recording) return serveRecording(req, res, recording[1]!, recording[2]!);
    if (req.method !== 'POST' || (path !== messagesPath && path !== callsPath)) return twilioError(res, 404);
    const failure = failures.shift();
    if (failure) return twilioError(res, failure.status, failure.reply);
    if (path === callsPath) return placeCall(res, form);
    const { To: to, From: from, Body: body, StatusCallback: statusCallback } = form;
    if (!to) return twilioError(res, 400, { code: 21604, message: "A 'To' phone number is required." });
    if (!from) return twilioError(res, 400, { code: 21603, message: "A 'From' phone number is required." });
    if (!body) return twilioError(res, 400, { code: 21602, message: 'Message body is required.' });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const message: FakeTwilioMessage = { to, from, body, statusCallback, sid };
    messages.push(message);
    sendJson(res, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      num_segments: '1',
      error_code: null,
      error_message: null,
      uri: `${messagesPath.replace(/\.json$/, '')}/${sid}.json`,
    });
    events.emit('message');
  }

  /** GET of the MP3 (a Range of bytes honoured), DELETE of the JSON resource: as Twilio's Recordings API does. */
  function serveRecording(req: IncomingMessage, res: ServerResponse, sid: string, ext: string): void {
    const audio = recordings.get(sid);
    if (!audio) return twilioError(res, 404);
    if (req.method === 'DELETE' && ext === 'json') {
      recordings.delete(sid);
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' || ext !== 'mp3') return twilioError(res, 405);
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) {
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': audio.length }).end(audio);
      return;
    }
    const first = Number(range[1] || 0);
    const last = Math.min(audio.length - 1, range[2] ? Number(range[2]) : audio.length - 1);
    const part = audio.subarray(first, last + 1);
    res.writeHead(206, { 'content-type': 'audio/mpeg', 'content-length': part.length, 'content-range': `bytes ${first}-${last}/${audio.length}` }).end(part);
  }

  function placeCall(res: ServerResponse, form: Record<string, string>): void {
    const { To: to, From: from, Twiml: twiml, Timeout: timeout } = form;
    if (!to) return twilioError(res, 400, { code: 21201, message: 'No called number is specified' });
    // A short code cannot place a call: Twilio wants a number it can call from.
    if (!from || !/^\+\d{7,15}$/.test(from)) return twilioError(res, 400, { code: 21212, message: "The 'From' number is not a valid phone number." });
    if (!twiml) return twilioError(res, 400, { code: 21205, message: 'Url or Twiml is required.' });
    const sid = `CA${randomBytes(16).toString('hex')}`;
    calls.push({ to, from, twiml, timeout, sid });
    sendJson(res, 201, { sid, account_sid: accountSid, to, from, status: 'queued', direction: 'outbound-api', api_version: '2010-04-01' });
    events.emit('call');
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('error', () => undefined); // a listening socket's late error must not surface as an unhandled one
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    calls,
    recordings,
    requests,
    pressKeys(sid, digits, via) {
      const call = calls.find((c) => c.sid === sid);
      if (!call) throw new Error(`fake Twilio has no call ${sid}`);
      const action = /<Gather\b[^>]*\baction="([^"]+)"/.exec(call.twiml)?.[1]?.replaceAll('&#38;', '&');
      if (!action) throw new Error(`call ${sid} gathers no key`);
      const params = {
        AccountSid: accountSid,
        CallSid: sid,
        CallStatus: 'in-progress',
        Digits: digits,
        Direction: 'outbound-api',
        From: call.from,
        To: call.to,
      };
      const target = via ? `${via}${new URL(action).pathname}${new URL(action).search}` : action;
      return signedTwilioPost(target, params, authToken, action);
    },
    failNext(status, times = 1, reply = {}) {
      for (let i = 0; i < times; i += 1) failures.push({ status, reply });
    },
    // Long enough for a send on a machine busy with other test files (a dev server starting, a
    // build): a wait on an event, so it costs nothing when the messages come at once.
    waitForMessages(n, timeoutMs = 15_000) {
      if (messages.length >= n) return Promise.resolve(messages.slice());
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (messages.length < n) return;
          done();
          resolve(messages.slice());
        };
        const closed = (): void => {
          done();
          reject(new Error(`fake Twilio closed with ${messages.length} of ${n} messages`));
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`fake Twilio took ${messages.length} of ${n} messages in ${timeoutMs} ms`));
        }, timeoutMs);
        function done(): void {
          clearTimeout(timer);
          events.off('message', check);
          events.off('close', closed);
        }
        events.on('message', check);
        events.on('close', closed);
      });
    },
    async deliverStatus(sid, status) {
      const message = messages.find((m) => m.sid === sid);
      if (!message) throw new Error(`fake Twilio has no message ${sid}`);
      if (!message.statusCallback) throw new Error(`message ${sid} was sent without a StatusCallback`);
      const params: Record<string, string> = { AccountSid: accountSid, From: message.from, MessageSid: sid, MessageStatus: status, To: message.to };
      // Twilio adds its error code when a message could not be delivered (30003: unreachable handset).
      if (status === 'undelivered' || status === 'failed') params['ErrorCode'] = '30003';
      const response = await signedTwilioPost(message.statusCallback, params, authToken);
      await response.arrayBuffer();
      return response.status;
    },
    close() {
      events.emit('close');
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

/**
 * A form POST signed as Twilio signs its webhooks (X-Twilio-Signature), as an inbound text or a status
 * callback arrives. `signatureUrl` is the URL the signature covers: the public one Twilio was given,
 * when the request itself goes to the server's local address.
 */
export function signedTwilioPost(url: string, params: Record<string, string>, authToken: string, signatureUrl = url): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, signatureUrl, params),
      'user-agent': 'TwilioProxy/1.1',
    },
    body: new URLSearchParams(params).toString(),
  });
}

function twilioError(res: ServerResponse, status: number, reply: FailureReply = {}): void {
  const known = DEFAULT_CODES[status] ?? { code: 20000 + status, message: `HTTP ${status}` };
  const retryAfter = reply.retryAfter ?? (status === 429 || status === 503 ? 1 : undefined);
  const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
  sendJson(
    res,
    status,
    {
      code: reply.code ?? known.code,
      message: reply.message ?? known.message,
      more_info: `https://www.twilio.com/docs/errors/${reply.code ?? known.code}`,
      status,
    },
    headers,
  );
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}
