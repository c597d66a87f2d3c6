/**
 * Alerts on phones (Web Push), against a local stand-in for the push service (an http server that
 * records what it is sent and answers as told): a subscribed browser is sent an encrypted alert it
 * can read, with TTL, Urgency: high, a Topic and a VAPID signature; a browser the service says is
 * gone (404, 410) is forgotten; failures are counted, and thrown only when no phone took it. The
 * routes attacked: a stranger, another site, hostile bodies, a push service nobody uses, the same
 * browser subscribing twice at once through two instances; and the server's key pair made once
 * across two instances.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { pushToPerson, PUSH_TTL_SECONDS, pushTopic } from '../../server/push/push-sender.ts';
import { usePushSettings, vapidDetails } from '../../server/push/push-keys.ts';
import { pushEndpointAllowed } from '../../server/push/push-endpoints.ts';
import { deviceLabel } from '../../server/push/device-label.ts';
import { pushWords } from '../../server/push/push-words.ts';
import { pushSubscriptionsOf, savePushSubscription } from '../../server/storage/push-records.ts';
import { userByEmail } from '../../server/storage/sign-in-data.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

// The decryption of the library web-push encrypts with, to read the alert as the phone would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in push service: a path /sNNN/… answers NNN, and every request is kept. */
async function standInPushService() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = Number(/^\/s(\d{3})\//.exec(req.url ?? '')?.[1] ?? 201);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    endpoint: (status: number, name: string) => `${base}/s${status}/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys: its own P-256 pair and auth secret, as PushSubscription.toJSON() gives them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
}

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const message = { title: 'T', body: 'B', url: `${INBOX_ORIGIN}/inbox/`, topic: 'lead-1' };

describe.each(storeKinds)('alerts on phones on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  let push: Awaited<ReturnType<typeof standInPushService>>;
  const session = inboxSession(
    () => app,
    () => t.store,
  );
  const inbox = (store = t.store) => buildApp({ store, inbox: { publicOrigin: INBOX_ORIGIN, signInLimit: { max: 500, windowMs: 600_000 } } });
  const idOf = async (email: string) => (await t.store.read(() => userByEmail(email)))!.id;
  const subscribe = (browser: Browser, endpoint: string, headers: Record<string, string> = {}) =>
    session.call(browser, 'POST', '/push/subscriptions', { endpoint, expirationTime: null, keys: browserKeys().keys }, headers);

  beforeEach(async () => {
    t = await createTestStore(kind);
    push = await standInPushService();
    app = await inbox();
  });
  afterEach(async () => {
    await app.close();
    await push.close();
    await t.cleanup();
  });

  it('sends each subscribed browser an alert only it can read, with TTL, Urgency: high, a Topic and a VAPID signature', async () => {
    const owner = await session.signedIn('owner@example.nz');
    const phone = browserKeys();
    const subscribed = await session.call(
      owner,
      'POST',
      '/push/subscriptions',
      { endpoint: push.endpoint(201, 'phone'), expirationTime: null, keys: phone.keys },
      { 'user-agent': ANDROID_CHROME },
    );
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const { publicKey } = (await session.call(owner, 'GET', '/push/key')).json();

    const leadId = '5b0e5c1e-8f7d-4c1a-9d7e-2f6a1c3b4d5e';
    const alert = {
      title: 'Urgent job: nobody has it',
      body: 'Walk-in chiller at 9 °C, Hamilton',
      url: `${INBOX_ORIGIN}/inbox/#/leads/${leadId}`,
      ackUrl: `${INBOX_ORIGIN}/inbox/api/ack/${leadId}`,
    };
    const ownerId = await idOf('owner@example.nz');
    expect(await pushToPerson(t.store, ownerId, { ...alert, topic: leadId })).toEqual({ sent: 1, gone: 0, failed: 0 });

    expect(push.received).toHaveLength(1);
    const { path, headers, body } = push.received[0]!;
    expect(path).toBe('/s201/phone');
    expect(headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(headers.urgency).toBe('high');
    expect(headers.topic).toBe(pushTopic(leadId));
    expect(headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    // Encrypted: nothing of the alert crosses in the clear, and the browser's own keys open it.
    expect(body.toString('latin1')).not.toContain('chiller');
    const opened = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth }).toString('utf8'));
    expect(opened).toEqual({ ...alert, ackLabel: pushWords.ack, tag: pushTopic(leadId) });

    const [kept] = await t.store.read(() => pushSubscriptionsOf(ownerId));
    expect(kept).toMatchObject({ user_agent: 'Chrome on Android' });
    expect(kept!.last_ok_at).not.toBeNull();
  });

  it('forgets a browser the push service says is gone (410, 404), and counts a failure without throwing while another phone took it', async () => {
    const owner = await session.signedIn('owner@example.nz');
    for (const [status, name] of [
      [201, 'ok'],
      [410, 'gone'],
      [404, 'missing'],
      [500, 'broken'],
    ] as const)
      expect((await subscribe(owner, push.endpoint(status, name))).statusCode).toBe(200);
    const ownerId = await idOf('owner@example.nz');
    // A row kept before its keys were checked, that nothing can be encrypted to: forgotten as gone.
    await t.store.transact(() =>
      savePushSubscription({ userId: ownerId, endpoint: push.endpoint(201, 'bad-key'), p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), userAgent: '' }, 10),
    );
    expect(await pushToPerson(t.store, ownerId, message)).toEqual({ sent: 1, gone: 3, failed: 1 });
    const left = (await t.store.read(() => pushSubscriptionsOf(ownerId))).map((s) => new URL(s.endpoint).pathname).sort();
    expect(left).toEqual(['/s201/ok', '/s500/broken']);
  });

  it("throws when no phone took the alert (so its job is tried again), naming only the push service's host", async () => {
    const owner = await session.signedIn('owner@example.nz');
    const endpoint = push.endpoint(503, 'secret-capability-path');
    await subscribe(owner, endpoint);
    const failed = pushToPerson(t.store, await idOf('owner@example.nz'), message);
    await expect(failed).rejects.toThrow(new URL(endpoint).host);
    await expect(failed).rejects.not.toThrow('secret-capability-path');
    // The test button says it could not be sent, rather than failing on the server's side.
    const test = await session.call(owner, 'POST', '/push/test');
    expect(test.statusCode).toBe(502);
    expect(test.json().error).toMatch(/could not be sent/);
    // Nobody subscribed: nothing to send, nothing thrown.
    expect(await pushToPerson(t.store, 'nobody', message)).toEqual({ sent: 0, gone: 0, failed: 0 });
  });

  it('keeps one row per browser: posted again it is updated, its owner is whoever posted it last, and only they turn it off', async () => {
    const owner = await session.signedIn('owner@example.nz');
    const staff = await session.signedIn('staff@example.nz', 'staff');
    const [ownerId, staffId] = await Promise.all([idOf('owner@example.nz'), idOf('staff@example.nz')]);
    const endpoint = push.endpoint(201, 'shared-phone');
    await subscribe(owner, endpoint);
    await subscribe(owner, endpoint);
    expect(await t.store.read(() => pushSubscriptionsOf(ownerId))).toHaveLength(1);
    // Someone else's turn-off changes nothing.
    expect((await session.call(staff, 'DELETE', '/push/subscriptions', { endpoint })).statusCode).toBe(200);
    expect(await t.store.read(() => pushSubscriptionsOf(ownerId))).toHaveLength(1);
    // The phone handed over and signed in by another person: theirs now, still one row.
    await subscribe(staff, endpoint);
    expect(await t.store.read(() => pushSubscriptionsOf(ownerId))).toHaveLength(0);
    expect(await t.store.read(() => pushSubscriptionsOf(staffId))).toHaveLength(1);
    expect((await session.call(staff, 'DELETE', '/push/subscriptions', { endpoint })).statusCode).toBe(200);
    expect(await t.store.read(() => pushSubscriptionsOf(staffId))).toHaveLength(0);

    // Past ten, a new browser takes the place of the longest silent one.
    for (let i = 0; i < 12; i++) await subscribe(owner, push.endpoint(201, `phone-${i}`));
    const kept = (await t.store.read(() => pushSubscriptionsOf(ownerId))).map((s) => s.endpoint);
    expect(kept).toHaveLength(10);
    expect(kept).toContain(push.endpoint(201, 'phone-11'));
    expect(kept).not.toContain(push.endpoint(201, 'phone-0'));
  });

  it('refuses a stranger (401), another site (403), a push service nobody uses and hostile bodies (400), never a 5xx', async () => {
    const stranger = await session.openBrowser();
    for (const [method, url, body] of [
      ['GET', '/push/key', undefined],
      ['POST', '/push/subscriptions', { endpoint: push.endpoint(201, 'x'), keys: browserKeys().keys }],
      ['DELETE', '/push/subscriptions', { endpoint: push.endpoint(201, 'x') }],
      ['POST', '/push/test', undefined],
    ] as const)
      expect((await session.call(stranger, method, url, body)).statusCode, `${method} ${url}`).toBe(401);

    const owner = await session.signedIn('owner@example.nz');
    const ownerId = await idOf('owner@example.nz');
    const valid = { endpoint: push.endpoint(201, 'x'), keys: browserKeys().keys };
    expect((await session.call(owner, 'POST', '/push/subscriptions', valid, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await session.call(owner, 'POST', '/push/subscriptions', valid, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await session.call(owner, 'POST', '/push/subscriptions', valid, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await session.call(owner, 'GET', '/push/key', undefined, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await t.store.read(() => pushSubscriptionsOf(ownerId))).toHaveLength(0);

    // Addresses the server must never be made to post to.
    for (const endpoint of [
      'https://10.0.0.5/push',
      'https://169.254.169.254/latest/meta-data',
      'https://internal.example.nz/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://evil-fcm.googleapis.com.example/x',
      'https://.notify.windows.com/x',
      'file:///etc/passwd',
    ]) {
      const answer = await session.call(owner, 'POST', '/push/subscriptions', { endpoint, keys: browserKeys().keys });
      expect(answer.statusCode, endpoint).toBe(400);
    }
    // A key of a browser's shape that is no point on the curve: nothing could be encrypted to it.
    const offCurve = { endpoint: push.endpoint(201, 'x'), keys: { p256dh: `B${'A'.repeat(86)}`, auth: browserKeys().keys.auth } };
    expect((await session.call(owner, 'POST', '/push/subscriptions', offCurve)).statusCode).toBe(400);
    expect(await t.store.read(() => pushSubscriptionsOf(ownerId))).toHaveLength(0);

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({ endpoint: fc.oneof(fc.string(), fc.webUrl(), fc.constant(push.endpoint(201, 'y'))), keys: fc.anything() }),
          fc.record({
            endpoint: fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.string({ maxLength: 2000 })),
            keys: fc.record({ p256dh: fc.string(), auth: fc.string() }),
          }),
        ),
        fc.constantFrom('POST', 'DELETE') as fc.Arbitrary<'POST' | 'DELETE'>,
        async (body, method) => {
          const answer = await session.call(owner, method, '/push/subscriptions', body);
          expect(answer.statusCode, JSON.stringify(body)?.slice(0, 300)).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    // No hostile body was kept: nothing of it could be a browser's key pair.
    expect(await t.store.read(() => pushSubscriptionsOf(ownerId))).toHaveLength(0);
  });

  it('takes the same browser posted at once through two instances as one row, and makes one key pair across them', async () => {
    const second = t.reopen();
    const other = await inbox(second);
    try {
      // Two instances asked for the key at the same moment, each for the first time: one pair.
      const [a, b] = await Promise.all([vapidDetails(t.store), vapidDetails(second)]);
      expect(a.publicKey).toBe(b.publicKey);
      expect(a.privateKey).toBe(b.privateKey);

      const owner = await session.signedIn('owner@example.nz');
      const ownerId = await idOf('owner@example.nz');
      const endpoint = push.endpoint(201, 'twice');
      const keys = browserKeys().keys;
      const headers = { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: INBOX_ORIGIN, 'x-csrf-token': owner.csrf };
      const answers = await Promise.all(
        [app, other, app, other].map((instance) =>
          instance.inject({ method: 'POST', url: '/inbox/api/push/subscriptions', headers, payload: { endpoint, keys } }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await second.read(() => pushSubscriptionsOf(ownerId))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('the push rules', () => {
  it("takes only the browsers' push services, and local stand-ins only on a server reached over http on a loopback address", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QABC',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect(pushEndpointAllowed(endpoint, { localStandIns: false }), endpoint).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:9/s201/x', { localStandIns: false })).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9/s201/x', { localStandIns: true })).toBe(true);
    expect(pushEndpointAllowed('http://10.0.0.1:9/x', { localStandIns: true })).toBe(false);
  });

  it('names a browser in a few words, never by its whole User-Agent', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(
      deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iPhone');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe(
      'Edge on Windows',
    );
    expect(deviceLabel('<script>alert(1)</script>')).toBe('');
    expect(deviceLabel(undefined)).toBe('');
  });

  it("signs with the environment's pair when it gives one, and refuses half a pair", async () => {
    const { loadConfig } = await import('../../server/config.ts');
    const pair = (await import('web-push')).default.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY must be the public key/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.nz' })).toThrow(/VAPID_SUBJECT/);
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    const t = await createTestStore('sqlite');
    try {
      usePushSettings(t.store, config);
      expect(await vapidDetails(t.store)).toEqual({ ...pair, subject: config.VAPID_SUBJECT });
    } finally {
      await t.cleanup();
    }
  });
});
