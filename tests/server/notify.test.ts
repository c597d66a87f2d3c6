/**
 * Notifications through the outbox, with real peers: an SMTP server receives the e-mail, an HTTP
 * receiver verifies the webhook's signature; with SMTP down the lead is stored and the e-mail arrives
 * once SMTP is back, also after a restart. Run on SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker, type BackoffOptions } from '../../server/outbox/worker.ts';
import { createEmailSender } from '../../server/outbox/email.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { createWebhookSender } from '../../server/outbox/webhook.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { aboutLeads } from '../support/workers.ts';
import { parseMail, startSmtp, startWebhookReceiver, waitFor, WEBHOOK_TEST_SECRET as SECRET, type HookRequest } from '../support/peers.ts';

/** The three Standard Webhooks headers of a delivery, as a receiver passes them to verify(). */
function signedHeaders(request: HookRequest): Record<string, string> {
  return Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(request.headers[h] ?? '')]));
}
const silent = pino({ level: 'silent' });

function emailSender(url: string) {
  return createEmailSender({ mailer: createMailer({ smtpUrl: url }), to: 'quotes@example.nz', from: 'website@example.nz', messageIdDomain: 'example.nz' });
}

/** Quick retries, for tests that wait for a job to run out of attempts. */
const QUICK_RETRIES = { baseMs: 20, maxMs: 100 };
/**
 * A retry exactly one second later: a run that checks "one failed attempt" ends before the job is
 * due again, however slow the machine (with quick retries a run could take a second attempt).
 */
const ONE_ATTEMPT_PER_RUN = { baseMs: 1_000, maxMs: 1_000, random: () => 1 };

function worker(store: LeadStore, senders: Parameters<typeof aboutLeads>[1], maxAttempts = 5, backoff: BackoffOptions = ONE_ATTEMPT_PER_RUN) {
  return new OutboxWorker({ store, senders: aboutLeads(store, senders), log: silent, pollIntervalMs: 50, maxAttempts, backoff });
}

async function postLead(store: LeadStore, overrides: Record<string, string> = {}, purposes: ('new-lead' | 'webhook')[] = ['new-lead']) {
  const app = await buildApp({ store, leadPurposes: purposes });
  const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(overrides) });
  await app.close();
  expect(res.statusCode).toBe(200);
  return (await store.listLeads()).at(-1)!;
}

describe.each(storeKinds)('notifications on %s', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore(kind);
  });
  // Peers and workers a test opens are closed here even when an assertion fails first.
  const opened: { close?(): Promise<void>; stop?(): Promise<void> }[] = [];
  function track<T extends { close?(): Promise<void>; stop?(): Promise<void> }>(resource: T): T {
    opened.push(resource);
    return resource;
  }
  afterEach(async () => {
    for (const r of opened.splice(0).reverse()) await (r.stop ?? r.close)!.call(r);
    await t.cleanup();
  });

  it('e-mails the business every field and the tracking data, escaped, with Reply-To the visitor', async () => {
    const smtp = track(await startSmtp());
    const lead = await postLead(t.store, { company_name: '<script>alert(1)</script> & Co', contact_name: 'Mere Tane' });
    const w = worker(t.store, { 'new-lead': emailSender(smtp.url) });
    await w.runOnce();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    const parsed = await parseMail(mail);
    expect(mail.to).toEqual(['quotes@example.nz']);
    expect(parsed.subject).toBe('URGENT · Repair · Hamilton · <script>alert(1)</script> & Co');
    expect(parsed.replyTo?.value).toEqual([{ name: 'Mere Tane', address: 'mere@kaicafe.co.nz' }]);
    expect(parsed.messageId).toBe(`<lead-${lead.id}@example.nz>`);
    const html = String(parsed.html);
    for (const value of ['021 555 0101', 'Two under-counter fridges', 'From a Google Ads click', 'waikato', '/hamilton', 'mobile', '2–3', 'Urgent (24–72h)']) {
      expect(parsed.text, value).toContain(value);
      expect(html, value).toContain(value);
    }
    expect(parsed.text).toContain('<script>alert(1)</script> & Co');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).not.toContain('<script>');
    expect((await t.store.listJobs(lead.id))[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('signs the webhook per Standard Webhooks: the receiver verifies it with the standardwebhooks package, the lead id is the webhook id', async () => {
    const hook = track(await startWebhookReceiver());
    const lead = await postLead(t.store, {}, ['webhook']);
    await worker(t.store, { webhook: createWebhookSender({ url: hook.url, secret: SECRET }) }).runOnce();
    expect(hook.requests).toHaveLength(1);
    const delivery = hook.requests[0]!;
    const receiver = new Webhook(SECRET);
    const payload = receiver.verify(delivery.body, signedHeaders(delivery));
    expect(payload).toMatchObject({ type: 'lead.created', data: { id: lead.id, city: 'Hamilton', gclid: 'gclid-123' } });
    expect(delivery.headers['webhook-id']).toBe(lead.id);
    expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

    // An altered body, another secret, or the same delivery replayed later than the tolerance: refused.
    expect(() => receiver.verify(delivery.body.replace('Hamilton', 'Hamiltox'), signedHeaders(delivery))).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another-key-another-key-32-bytes').toString('base64')}`).verify(delivery.body, signedHeaders(delivery)),
    ).toThrow();
    const realNow = Date.now;
    Date.now = () => realNow() + 6 * 60_000;
    try {
      expect(() => receiver.verify(delivery.body, signedHeaders(delivery))).toThrow(/timestamp/i);
    } finally {
      Date.now = realNow;
    }
  });

  it('does not follow a redirect: the job fails with the reason, and the redirect target gets nothing', async () => {
    const target = track(await startWebhookReceiver());
    const redirecting = track(await startWebhookReceiver(307, 0, { location: target.url }));
    const lead = await postLead(t.store, {}, ['webhook']);
    await worker(t.store, { webhook: createWebhookSender({ url: redirecting.url, secret: SECRET }) }).runOnce();
    expect(redirecting.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
    const [job] = await t.store.listJobs(lead.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.last_error).toMatch(/307.*redirects are not followed/);
  });

  it('with SMTP down stores the lead, retries with backoff, and delivers exactly once when SMTP is back after a restart', async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close(); // SMTP is down
    const lead = await postLead(t.store);
    const first = worker(t.store, { 'new-lead': emailSender(`smtp://127.0.0.1:${port}`) });
    await first.runOnce();
    const [job] = await t.store.listJobs(lead.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.last_error).toBeTruthy();
    await first.stop();
    await t.store.close(); // the server stops

    const back = track(await startSmtp(port)); // SMTP comes back on the same address
    const store = t.reopen(); // the server restarts
    const second = track(worker(store, { 'new-lead': emailSender(back.url) }));
    second.start();
    await waitFor(async () => (await store.listJobs(lead.id))[0]!.status === 'done', { what: 'the job to be delivered after the restart' });
    await second.stop();
    // More runs find nothing due: a delivered job is never sent again.
    expect(await second.runOnce()).toBe(0);
    expect(back.messages).toHaveLength(1);
    expect(back.messages[0]!.raw).toContain(lead.id);
  });

  it('marks a job dead after the last attempt, and retry-dead queues it again', async () => {
    const hook = track(await startWebhookReceiver(500));
    const lead = await postLead(t.store, {}, ['webhook']);
    const w = track(worker(t.store, { webhook: createWebhookSender({ url: hook.url, secret: SECRET }) }, 3, QUICK_RETRIES));
    w.start();
    await waitFor(async () => (await t.store.listJobs(lead.id))[0]!.status === 'dead', { what: 'the job to be marked dead after 3 attempts' });
    await w.stop();
    expect(hook.requests).toHaveLength(3);
    // Every attempt carries the same webhook id, each with its own timestamp and signature.
    expect(new Set(hook.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([lead.id]));
    expect(await t.store.retryDead()).toBe(1);
    expect((await t.store.listJobs(lead.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('does not notify for spam', async () => {
    const smtp = track(await startSmtp());
    const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'] });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ 'bot-field': 'filled' }) });
    await app.close();
    await worker(t.store, { 'new-lead': emailSender(smtp.url) }).runOnce();
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends a job that comes due while another send hangs, at the next nudge', async () => {
    const smtp = track(await startSmtp());
    let hookCalled = false;
    let releaseHook = (): void => undefined;
    const hookHangs = new Promise<void>((resolve) => (releaseHook = resolve));
    const w = track(
      new OutboxWorker({
        store: t.store,
        senders: aboutLeads(t.store, { 'new-lead': emailSender(smtp.url), webhook: () => ((hookCalled = true), hookHangs) }),
        log: silent,
        // No poll within the test: only the nudge can start the e-mail.
        pollIntervalMs: 60_000,
        maxAttempts: 5,
      }),
    );
    // Closed first (the list is closed in reverse), so the worker's stop does not wait on the hook.
    track({ close: async () => releaseHook() });
    w.start();
    await postLead(t.store, { contact_name: 'Slow Hook' }, ['webhook']);
    w.nudge();
    await waitFor(() => hookCalled, { what: 'the webhook to be sending' });
    await postLead(t.store, { contact_name: 'Quick Mail' }, ['new-lead']);
    w.nudge();
    await waitFor(() => smtp.messages.length === 1, { what: 'the e-mail sent while the webhook hangs', timeoutMs: 5_000 });
  });
});
