/**
 * The job app, on both stores with two instances sharing the database and local stand-ins for
 * ServiceM8 and Fergus: owners connect a key (checked with one harmless request, kept, shown
 * masked, never logged), replace and disconnect it; a lead's "Send" makes the client (or reuses
 * the one its e-mail or phone finds), the job with the site address, description and contact, and
 * stores each id; a 429 waits its Retry-After; a revoked key shows on the owners' screen and in the
 * digest; two owners pressing at once on two instances make one job; "send every won lead" sends
 * on Won; the Reports count the period's sends. Attacked as a stranger, as staff, from another
 * site and with hostile values: never a 5xx.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { loggerOptions } from '../../server/http/log-redaction.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createJobAppSender } from '../../server/jobapp/send-to-job-app.ts';
import { createServiceM8Client } from '../../server/jobapp/servicem8-client.ts';
import { digestMail, loadDigest } from '../../server/outbox/digest-email.ts';
import { all, run } from '../../server/storage/steps.ts';
import { INBOX_ORIGIN, inboxSession, type Browser } from '../support/inbox-session.ts';
import { FERGUS_TOKEN, SERVICEM8_KEY, startFakeJobApps, type FakeJobApps } from '../support/fake-job-apps.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

describe.each(storeKinds)('the job app on %s', (kind) => {
  let t: TestStore;
  let fake: FakeJobApps;
  let apps: FastifyInstance[];
  let logs: string;
  let workers: OutboxWorker[];

  beforeEach(async () => {
    t = await createTestStore(kind);
    fake = await startFakeJobApps();
    logs = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        logs += String(chunk);
        done();
      },
    });
    const logger = pino(loggerOptions('trace'), sink);
    const jobApp = { servicem8: fake.servicem8Url, fergus: fake.fergusUrl };
    const stores = [t.store, t.reopen()];
    apps = await Promise.all(stores.map((store) => buildApp({ store, leadPurposes: [], logger, inbox: { publicOrigin: INBOX_ORIGIN, jobApp } })));
    workers = stores.map(
      (store) =>
        new OutboxWorker({
          store,
          senders: { 'job-app': createJobAppSender(store, jobApp) },
          log: logger,
          pollIntervalMs: 60_000,
          maxAttempts: 3,
          backoff: { baseMs: 20, maxMs: 50 },
        }),
    );
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    await fake.close();
    await t.cleanup();
  });

  const session = (i: number) =>
    inboxSession(
      () => apps[i]!,
      () => t.store,
    );
  const { call, signedIn, openBrowser } = session(0);
  const callOn = (i: number, ...args: Parameters<typeof call>) => session(i).call(...args);

  async function newLead(fields: Record<string, string> = {}) {
    const res = await apps[0]!.inject({
      method: 'POST',
      url: '/',
      headers: JSON_ACCEPT,
      payload: formBody({ site_street: '12 Grey Street', site_suburb: 'Frankton', ...fields }),
    });
    expect(res.statusCode).toBe(200);
    return (await t.store.listLeads()).at(-1)!.id;
  }
  const connect = (owner: Browser, vendor = 'servicem8', secret = SERVICEM8_KEY) => call(owner, 'PUT', '/job-app', { vendor, secret });
  /** Runs both instances' workers at once until neither finds a job due. */
  const drain = async () => {
    while ((await Promise.all(workers.map((w) => w.runOnce()))).some((n) => n > 0));
  };
  const outbox = (lead: string) =>
    t.store.read(() => all(`SELECT status, attempts, next_attempt_at, last_error FROM outbox WHERE lead_id = ? AND purpose = 'job-app'`, lead));
  const made = (resource: string) => fake.records.get(resource) ?? [];

  it('connects a key checked with one harmless request, shows it masked, replaces and disconnects it; owners only; never logged', async () => {
    const owner = await signedIn('owner@kaicool.nz');
    const staff = await signedIn('staff@kaicool.nz', 'staff');
    const stranger = await openBrowser();

    expect((await call(stranger, 'PUT', '/job-app', { vendor: 'servicem8', secret: SERVICEM8_KEY })).statusCode).toBe(401);
    expect((await call(staff, 'PUT', '/job-app', { vendor: 'servicem8', secret: SERVICEM8_KEY })).statusCode).toBe(403);
    expect((await call(staff, 'GET', '/job-app')).statusCode).toBe(403);
    expect((await call(staff, 'DELETE', '/job-app')).statusCode).toBe(403);
    expect((await call(owner, 'PUT', '/job-app', { vendor: 'servicem8', secret: SERVICEM8_KEY }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(fake.requests).toHaveLength(0);

    // A key ServiceM8 refuses is not kept, and the owner reads ServiceM8's own words.
    const wrong = await connect(owner, 'servicem8', 'smk-not-the-right-key');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain('Invalid API key');
    expect((await call(owner, 'GET', '/job-app')).json().vendor).toBeNull();

    const ok = await connect(owner);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ vendor: 'servicem8', hint: '•••• 3f9a', connected_by: 'owner@kaicool.nz', send_won: false, refused: null });
    // One harmless read, the key in its header.
    expect(fake.requests.slice(-1)).toEqual([{ line: 'GET /sm8/api_1.0/company.json', auth: SERVICEM8_KEY }]);
    expect(made('company')).toHaveLength(0);
    expect((await call(owner, 'GET', '/job-app')).body).not.toContain(SERVICEM8_KEY);

    // Replaced by a Fergus token, then disconnected.
    expect((await connect(owner, 'fergus', FERGUS_TOKEN)).json()).toMatchObject({ vendor: 'fergus', hint: '•••• 8c3e' });
    expect(fake.requests.at(-1)).toEqual({ line: 'GET /fergus/company', auth: `Bearer ${FERGUS_TOKEN}` });
    expect((await call(owner, 'DELETE', '/job-app')).json()).toMatchObject({ vendor: null, hint: null });
    expect(await t.store.read(() => all('SELECT * FROM job_app'))).toEqual([]);

    for (const secret of [SERVICEM8_KEY, FERGUS_TOKEN, 'smk-not-the-right-key']) expect(logs).not.toContain(secret);
    expect(logs).toContain('/inbox/api/job-app');
  });

  it('sends a lead to ServiceM8 once: the client, the job with the address, description and contact, each id stored; staff may press', async () => {
    const owner = await signedIn('owner@kaicool.nz');
    const staff = await signedIn('staff@kaicool.nz', 'staff');
    const lead = await newLead({ notes: 'Walk-in chiller alarm keeps going off, 9°C inside' });
    expect((await call(staff, 'POST', `/leads/${lead}/job-app`)).statusCode).toBe(409); // nothing connected yet
    await connect(owner);

    const pressed = await call(staff, 'POST', `/leads/${lead}/job-app`);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json()).toMatchObject({ vendor: 'servicem8', send: { state: 'queued', requested_by: 'staff@kaicool.nz', job_id: null } });
    await drain();

    expect(made('company')).toEqual([expect.objectContaining({ name: 'Kai Cafe Ltd', address: '12 Grey Street, Frankton, Hamilton' })]);
    expect(made('companycontact')).toEqual([expect.objectContaining({ email: 'mere@kaicafe.co.nz', mobile: '021 555 0101', first: 'Mere', last: 'Tane' })]);
    const [job] = made('job');
    expect(job).toMatchObject({ status: 'Quote', company_uuid: made('company')[0]!.uuid, job_address: '12 Grey Street, Frankton, Hamilton' });
    expect(job!.job_description).toContain('Walk-in chiller alarm keeps going off, 9°C inside');
    expect(job!.job_description).toContain('Repair');
    expect(job!.job_description).toContain(`Website request ${lead.slice(0, 8)}`);
    expect(made('jobcontact')).toEqual([expect.objectContaining({ job_uuid: job!.uuid, first: 'Mere', type: 'JOB', email: 'mere@kaicafe.co.nz' })]);

    const shown = (await call(staff, 'GET', `/leads/${lead}/job-app`)).json();
    // The lead opens the job in ServiceM8's app by the link its documentation gives; an id that is no uuid makes none.
    // It names the job by the number ServiceM8's users see, read from ServiceM8 once the job is made.
    expect(job!.generated_job_id).toBe('1041');
    expect(shown.send).toMatchObject({ state: 'sent', job_id: job!.uuid, job_number: '1041', job_url: `com.servicem8://job/${job!.uuid}`, error: null });
    for (const id of ['../company/1', 'x', `${job!.uuid}/billing`, `${job!.uuid}?a=b`])
      expect(createServiceM8Client({ apiUrl: 'http://127.0.0.1:9', secret: SERVICEM8_KEY }).jobLink(id)).toBeNull();
    const timeline = (await call(staff, 'GET', `/leads/${lead}`)).json().timeline.map((e: { text: string }) => e.text);
    expect(timeline).toEqual(expect.arrayContaining(['Sent to ServiceM8', 'Job made in ServiceM8 (1041)']));

    // A second press changes nothing and makes nothing.
    const requests = fake.requests.length;
    expect((await call(owner, 'POST', `/leads/${lead}/job-app`)).json().send.state).toBe('sent');
    await drain();
    expect(fake.requests).toHaveLength(requests);
    expect(made('job')).toHaveLength(1);
    for (const secret of [SERVICEM8_KEY, 'mere@kaicafe.co.nz', '021 555 0101', '0215550101']) expect(logs).not.toContain(secret);
  });

  it('reuses a client ServiceM8 already has (by e-mail), waits out a 429’s Retry-After, and sends once when the job’s number cannot be read', async () => {
    const owner = await signedIn('owner@kaicool.nz');
    await connect(owner);
    fake.records.set('company', [{ uuid: 'c-existing', name: 'Kai Cafe', address: 'Hamilton', active: 1 }]);
    fake.records.set('companycontact', [{ uuid: 'cc-1', company_uuid: 'c-existing', email: 'mere@kaicafe.co.nz', active: 1 }]);
    const lead = await newLead();
    await call(owner, 'POST', `/leads/${lead}/job-app`);

    fake.busy = { count: 1, retryAfter: '30' };
    await workers[0]!.runOnce();
    const [waiting] = await outbox(lead);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    const now = (await t.store.read(() => all(`SELECT NOW_MS AS now`)))[0]!.now;
    expect(Number(waiting!.next_attempt_at) - Number(now)).toBeGreaterThan(28_000);
    const shown = (await call(owner, 'GET', `/leads/${lead}/job-app`)).json().send;
    expect(shown).toMatchObject({ state: 'queued' });
    expect(shown.error).toContain('ServiceM8 asked us to slow down (429): Rate limit exceeded');

    // Its time come (moved, not waited for), the job is made for the client that was there. ServiceM8
    // then fails the read of the job's number: the job is there, so the send is done, named by its id.
    fake.broken = (line, query) => line === 'GET /sm8/api_1.0/job.json' && (query.get('$filter') ?? '').startsWith('uuid eq');
    await t.store.transact(() => run(`UPDATE outbox SET next_attempt_at = 0 WHERE lead_id = ?`, lead));
    await drain();
    expect(fake.requests.filter((r) => r.line === 'GET /sm8/api_1.0/job.json').length).toBeGreaterThanOrEqual(2);
    expect(made('company')).toHaveLength(1);
    expect(made('job')).toEqual([expect.objectContaining({ company_uuid: 'c-existing' })]);
    expect((await call(owner, 'GET', `/leads/${lead}/job-app`)).json().send).toMatchObject({ state: 'sent', job_number: null, error: null });
    expect((await outbox(lead))[0]).toMatchObject({ status: 'done' });
  });

  it('a revoked key fails the send with ServiceM8’s words, on the lead, on the owners’ screen and in the digest', async () => {
    const owner = await signedIn('owner@kaicool.nz');
    await connect(owner);
    const lead = await newLead();
    fake.keys.servicem8.clear();
    await call(owner, 'POST', `/leads/${lead}/job-app`);
    await drain();

    expect((await outbox(lead))[0]).toMatchObject({ status: 'dead', attempts: 1 });
    const send = (await call(owner, 'GET', `/leads/${lead}/job-app`)).json().send;
    expect(send.state).toBe('failed');
    expect(send.error).toContain('ServiceM8 refused the key (401): Invalid API key');
    const screen = (await call(owner, 'GET', '/job-app')).json();
    expect(screen.refused.words).toBe('ServiceM8 refused the key (401): Invalid API key');

    const monday = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const digest = await loadDigest(t.store, monday);
    const mail = digestMail(digest, ['owner@kaicool.nz'], { inboxOrigin: INBOX_ORIGIN, messageIdDomain: 'kaicool.nz' });
    expect(mail.text).toContain('ServiceM8 has stopped taking our key (ServiceM8 refused the key (401): Invalid API key)');

    // A new key clears the refusal, and a new press sends the lead.
    fake.keys.servicem8.add(SERVICEM8_KEY);
    expect((await connect(owner)).json().refused).toBeNull();
    await call(owner, 'POST', `/leads/${lead}/job-app`);
    await drain();
    expect(made('job')).toHaveLength(1);
    expect((await call(owner, 'GET', `/reports/job-app`)).json()).toEqual({ sent: 1, failed: 0, waiting: 0 });
  });

  it('two owners pressing at once on two instances make one job; a won lead goes by itself when the owners chose so', async () => {
    const a = await signedIn('ari@kaicool.nz');
    const b = await signedIn('bo@kaicool.nz');
    await connect(a);
    const lead = await newLead();
    const presses = await Promise.all([callOn(0, a, 'POST', `/leads/${lead}/job-app`), callOn(1, b, 'POST', `/leads/${lead}/job-app`)]);
    expect(presses.map((p) => p.statusCode)).toEqual([200, 200]);
    expect(await outbox(lead)).toHaveLength(1);
    await drain();
    expect(made('company')).toHaveLength(1);
    expect(made('job')).toHaveLength(1);
    expect(made('jobcontact')).toHaveLength(1);

    expect((await call(a, 'PATCH', '/job-app', { send_won: true })).json().send_won).toBe(true);
    const won = await newLead({ work_email: 'sam@cafe.nz', phone: '09 555 0000', company_name: 'Sam’s Deli' });
    expect((await call(b, 'POST', `/leads/${won}/status`, { status: 'won', job_value: 1200 })).statusCode).toBe(200);
    await drain();
    expect(made('job')).toHaveLength(2);
    expect(made('job')[1]).toMatchObject({ status: 'Work Order' });
    expect((await call(a, 'GET', '/reports/job-app')).json()).toEqual({ sent: 2, failed: 0, waiting: 0 });
  });

  it('sends a lead to Fergus: customer found by e-mail, a site with the contact, and the job', async () => {
    const owner = await signedIn('owner@kaicool.nz');
    await connect(owner, 'fergus', FERGUS_TOKEN);
    fake.records.set('fergus-customers', [
      {
        id: 77,
        customerFullName: 'Kai Cafe',
        mainContact: { firstName: 'Mere', contactItems: [{ contactType: 'email', contactValue: 'Mere@KaiCafe.co.nz' }] },
      },
    ]);
    const lead = await newLead();
    await call(owner, 'POST', `/leads/${lead}/job-app`);
    await drain();
    expect(made('fergus-customers')).toHaveLength(1);
    expect(made('fergus-sites')).toEqual([
      expect.objectContaining({
        siteAddress: expect.objectContaining({ address1: '12 Grey Street', addressCity: 'Hamilton' }),
        defaultContact: expect.objectContaining({ firstName: 'Mere' }),
      }),
    ]);
    const [job] = made('fergus-jobs');
    expect(job!.jobNo).toBe('500');
    expect(job).toMatchObject({ customerId: 77, siteId: made('fergus-sites')[0]!.id, jobType: 'Quote' });
    expect((await call(owner, 'GET', `/leads/${lead}/job-app`)).json().send).toMatchObject({
      vendor: 'fergus',
      state: 'sent',
      job_id: String(job!.id),
      // Named by the number Fergus's users know it by, read once the job is made.
      job_number: String(job!.jobNo),
      job_url: null,
    });
    expect(logs).not.toContain(FERGUS_TOKEN);
  });

  it('refuses hostile values, strangers and other sites on every route, never with a 5xx', async () => {
    const owner = await signedIn('owner@kaicool.nz');
    const staff = await signedIn('staff@kaicool.nz', 'staff');
    const lead = await newLead();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { vendor: fc.oneof(fc.constantFrom('servicem8', 'fergus'), fc.string()), secret: fc.oneof(fc.string(), fc.string({ minLength: 8 }), fc.integer()) },
          { requiredKeys: [] },
        ),
        fc.oneof(fc.string({ maxLength: 40 }), fc.constant(lead)),
        async (body, id) => {
          const put = await call(owner, 'PUT', '/job-app', body);
          expect(put.statusCode, put.body).toBeLessThan(500);
          const patch = await call(owner, 'PATCH', '/job-app', { send_won: body.secret });
          expect(patch.statusCode).toBeLessThan(500);
          for (const method of ['GET', 'POST'] as const) {
            const res = await call(staff, method, `/leads/${encodeURIComponent(id)}/job-app`);
            expect(res.statusCode, res.body).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 40 },
    );
    const stranger = await openBrowser();
    expect((await call(stranger, 'POST', `/leads/${lead}/job-app`)).statusCode).toBe(401);
    expect((await call(stranger, 'GET', `/reports/job-app`)).statusCode).toBe(401);
    expect(
      (await call(staff, 'POST', `/leads/${lead}/job-app`, undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403);
    expect((await call(owner, 'GET', '/reports/job-app?from=2026-12-01&to=2026-01-01')).statusCode).toBe(400);
  });
});
