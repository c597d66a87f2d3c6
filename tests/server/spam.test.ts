/**
 * The spam screen: measured on the labelled set (zero false positives allowed), then end to end on
 * SQLite and PostgreSQL: spam is stored and flagged with its reasons and never notified;
 * `npm run leads -- spam` lists it and `not-spam ID` clears it and queues its notifications once,
 * which a real SMTP peer then receives.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createEmailSender } from '../../server/outbox/email.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { scoreLead, SPAM_THRESHOLD } from '../../server/leads/spam.ts';
import { migrations } from '../../server/storage/migrations.ts';
import { SqliteLeadStore } from '../../server/storage/sqlite.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { aboutLeads } from '../support/workers.ts';
import { startSmtp } from '../support/peers.ts';
import { genuine, spam, type CorpusEntry } from '../fixtures/spam-corpus.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;

function verdict([contact_name, company_name, notes, elapsedMs]: CorpusEntry) {
  return scoreLead({ contact_name, company_name, notes }, { elapsedMs });
}

describe('the labelled set', () => {
  it('has at least 100 genuine enquiries (some with web addresses) and 100 spam', () => {
    expect(genuine.length).toBeGreaterThanOrEqual(100);
    expect(spam.length).toBeGreaterThanOrEqual(100);
    expect(genuine.filter(([, company, notes]) => /www\.|https?:\/\/|\.co\.nz|\.nz\b|\.com\b/.test(`${company} ${notes}`)).length).toBeGreaterThanOrEqual(20);
  });

  it('flags no genuine enquiry and catches at least 95% of the spam', () => {
    const falsePositives = genuine.filter((e) => verdict(e).spam).map((e) => `${e[0]}: ${verdict(e).reasons.join('; ')}`);
    const missed = spam.filter((e) => !verdict(e).spam).map((e) => `${e[0]}: ${e[2].slice(0, 50)}`);
    const caught = spam.length - missed.length;
    console.info(
      `spam screen: ${caught}/${spam.length} spam caught (${((100 * caught) / spam.length).toFixed(1)}%), ` +
        `${falsePositives.length}/${genuine.length} genuine flagged; missed: ${missed.join(' | ')}`,
    );
    expect(falsePositives).toEqual([]);
    expect(caught / spam.length).toBeGreaterThanOrEqual(0.95);
  });

  it('never flags a post for speed alone when the timing field is missing, nor for one web address in the notes', () => {
    const plain = { contact_name: 'Mere Tane', company_name: 'Kai Cafe', notes: 'See www.kaicafe.co.nz' };
    expect(scoreLead(plain).spam).toBe(false);
    expect(scoreLead(plain, { elapsedMs: undefined }).spam).toBe(false);
    expect(scoreLead({ ...plain, notes: 'Chiller down' }, { elapsedMs: 400 }).reasons).toEqual(['sent 0.4 s after the page opened']);
    expect(scoreLead({ ...plain, notes: 'Chiller down' }, { elapsedMs: 400 }).score).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
  });
});

describe.each(storeKinds)('spam end to end on %s', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore(kind);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  async function post(overrides: Record<string, string>) {
    const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'] });
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(overrides) });
    await app.close();
    expect(res.statusCode, res.body).toBe(200);
    return (await t.store.listLeads({ includeSpam: true })).at(-1)!;
  }

  function run(...args: string[]) {
    return spawnSync(process.execPath, [cli, ...args], {
      env: { ...process.env, DATABASE_URL: t.url, SMTP_URL: 'smtp://127.0.0.1:2525', LEAD_ACK_EMAIL: 'false', WEBHOOK_URL: '' },
      encoding: 'utf8',
    });
  }

  it('stores spam flagged with its reasons and queues nothing; a genuine lead with a web address and the timing field is notified', async () => {
    const bad = await post({ contact_name: 'Crypto Bonus http://bit.ly/x', notes: 'Claim your free bitcoin now', elapsed_ms: '700' });
    expect(bad.spam).toBe(true);
    expect(bad.spam_reason).toContain('web address in the name');
    expect(bad.spam_reason).toContain('sent 0.7 s after the page opened');
    expect(await t.store.listJobs(bad.id)).toEqual([]);

    const good = await post({ notes: 'Fit-out photos at https://photos.app.goo.gl/abc and our site www.kaicafe.co.nz', elapsed_ms: '58000' });
    expect(good).toMatchObject({ spam: false, spam_reason: '' });
    expect(await t.store.listJobs(good.id)).toHaveLength(1);

    const plain = await post({ notes: 'Chiller down', elapsed_ms: '' });
    expect(plain.spam).toBe(false);
  });

  // Five CLI processes in a row: on a loaded two-core machine each start can take seconds.
  it('lists spam with the reasons, and not-spam clears the flag and queues the notification exactly once', { timeout: 120_000 }, async () => {
    const genuineLooking = await post({ contact_name: 'Ana www.anafoods.nz', notes: 'Need a chiller quote', elapsed_ms: '40000' });
    expect(genuineLooking.spam).toBe(true);

    const listed = run('spam');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(genuineLooking.id);
    expect(listed.stdout).toContain('why: web address in the name');
    expect(listed.stderr).toContain('1 spam lead(s)');

    const cleared = run('not-spam', genuineLooking.id);
    expect(cleared.status, cleared.stderr).toBe(0);
    expect(cleared.stdout).toContain('new-lead notification(s) queued');
    const jobs = await t.store.listJobs(genuineLooking.id);
    expect(jobs).toMatchObject([{ purpose: 'new-lead', status: 'pending' }]);
    expect((await t.store.getLead(genuineLooking.id))!.spam).toBe(false);

    const again = run('not-spam', genuineLooking.id);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('not flagged as spam');
    expect(await t.store.listJobs(genuineLooking.id)).toHaveLength(1);
    expect(run('not-spam', 'no-such-id').stderr).toContain('No lead with id');

    const smtp = await startSmtp();
    try {
      const worker = new OutboxWorker({
        store: t.store,
        log: pino({ level: 'silent' }),
        pollIntervalMs: 50,
        maxAttempts: 3,
        senders: aboutLeads(t.store, {
          'new-lead': createEmailSender({
            mailer: createMailer({ smtpUrl: smtp.url }),
            to: 'quotes@example.nz',
            from: 'web@example.nz',
            messageIdDomain: 'example.nz',
          }),
        }),
      });
      await worker.runOnce();
      expect(smtp.messages).toHaveLength(1);
      expect((await simpleParser(smtp.messages[0]!.raw)).text).toContain('Need a chiller quote');
    } finally {
      await smtp.close();
    }
  });
});

describe('migration 2 on an existing database', () => {
  it('adds the spam reason column to a database made by migration 1, keeping its leads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crnz-mig-'));
    const file = join(dir, 'leads.sqlite');
    try {
      const db = new DatabaseSync(file);
      db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)');
      for (const sql of migrations('sqlite')[0]!) if (typeof sql === 'string') db.exec(sql);
      db.exec('INSERT INTO schema_migrations (version) VALUES (1)');
      db.exec("INSERT INTO leads (id, created_at, spam, contact_name, work_email) VALUES ('old', '2026-01-01T00:00:00.000Z', 1, 'Old', 'old@example.nz')");
      db.close();
      const store = new SqliteLeadStore(file);
      await store.migrate();
      expect(await store.getLead('old')).toMatchObject({ contact_name: 'Old', spam: true, spam_reason: '' });
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
