/**
 * A SIGKILL between the client and the job, on both stores, with a real server process and the
 * ServiceM8 stand-in: the stand-in answers the client's requests, then takes the job (makes it)
 * and never answers; the test kills the server at that moment and starts another on the same
 * database. The new instance finishes the send from the stored client id: no second client, and
 * the job the lost answer was about is found by the lead's reference rather than made again. The
 * server's own output holds neither the key nor the customer's e-mail or phone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { saveConnection, sendOfLead, requestSend } from '../../server/storage/job-app-records.ts';
import { waitFor } from '../support/peers.ts';
import { startServer, tinySite, type ServerProcess } from '../support/server-process.ts';
import { SERVICEM8_KEY, startFakeJobApps } from '../support/fake-job-apps.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type StoreKind } from '../support/stores.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe.each(storeKinds)('a server SIGKILLed between the client and the job on %s', (kind: StoreKind) => {
  it('makes the job once and the client once', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const fake = await startFakeJobApps();
    cleanups.push(() => fake.close());
    const dist = tinySite();
    cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: t.url,
      DIST_DIR: dist,
      PUBLIC_ORIGIN: 'http://localhost:8080',
      HSTS: 'false',
      LOG_LEVEL: 'info',
      SERVICEM8_API_URL: fake.servicem8Url,
      OUTBOX_POLL_INTERVAL: '200ms',
      // A killed instance's claim comes back when its lease ends.
      OUTBOX_LEASE: '3s',
      OUTBOX_SEND_TIMEOUT: '2s',
    };
    const servers: ServerProcess[] = [];
    cleanups.push(async () => {
      for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
    });
    // Newer than the sources, so the server never decides to build the real site.
    const start = async () => {
      const now = new Date();
      utimesSync(join(dist, 'index.html'), now, now);
      servers.push(await startServer(env));
    };
    await start();

    const posted = await fetch(`${servers[0]!.url}/`, { method: 'POST', headers: JSON_ACCEPT, body: formBody({ site_street: '12 Grey Street' }) });
    expect(posted.status).toBe(200);
    const lead = (await t.store.listLeads()).at(-1)!.id;
    await t.store.transact(() => saveConnection('servicem8', SERVICEM8_KEY, 'owner@kaicool.nz'));
    fake.hold = 'POST /sm8/api_1.0/job.json';
    await t.store.transact(() => requestSend(lead, 'servicem8', 'owner@kaicool.nz'));

    await waitFor(() => fake.held === 1, { what: 'the job request to reach the stand-in', timeoutMs: 15_000, intervalMs: 20 });
    servers[0]!.child.kill('SIGKILL');
    await servers[0]!.exited;
    const cut = await t.store.read(() => sendOfLead(lead));
    expect(cut).toMatchObject({ state: 'queued', job_id: null });
    expect(cut!.client_id).toBe(fake.records.get('company')![0]!.uuid);

    fake.hold = null;
    await start();
    await waitFor(async () => (await t.store.read(() => sendOfLead(lead)))?.state === 'sent', {
      what: 'the send to finish',
      timeoutMs: 20_000,
      intervalMs: 100,
    });

    const jobs = fake.records.get('job')!;
    expect(fake.records.get('company')).toHaveLength(1);
    expect(fake.records.get('companycontact')).toHaveLength(1);
    expect(jobs).toHaveLength(1);
    expect(fake.records.get('jobcontact')).toEqual([expect.objectContaining({ job_uuid: jobs[0]!.uuid })]);
    expect((await t.store.read(() => sendOfLead(lead)))!.job_id).toBe(jobs[0]!.uuid);
    expect(fake.requests.filter((r) => r.line === 'POST /sm8/api_1.0/company.json')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.line === 'POST /sm8/api_1.0/job.json')).toHaveLength(1);

    const output = servers.map((s) => s.output()).join('\n');
    for (const secret of [SERVICEM8_KEY, 'mere@kaicafe.co.nz', '021 555 0101']) expect(output).not.toContain(secret);
  }, 90_000);
});
