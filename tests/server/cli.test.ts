/** The leads CLI, run as a real process against a SQLite file and PostgreSQL. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryFromText, readEntries } from '../../src/lib/content-entries.ts';
import { insertVersion } from '../../server/storage/site-versions.ts';
import { insertPhoto } from '../../server/storage/site-photos.ts';
import { photoFileNames } from '../../core/photo-sizes.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;

function run(url: string, ...args: (string | { env: Record<string, string> })[]) {
  const extra = args.find((a) => typeof a !== 'string');
  const argv = args.filter((a) => typeof a === 'string');
  return spawnSync(process.execPath, [cli, ...argv], { env: { ...process.env, DATABASE_URL: url, ...extra?.env }, encoding: 'utf8' });
}

describe.each(storeKinds)('npm run leads on %s', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore(kind);
    const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'] });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody() });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: 'Bot', 'bot-field': 'x' }) });
    await app.close();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('lists leads, with spam only when asked', () => {
    const plain = run(t.url, 'list');
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('Mere Tane');
    expect(plain.stdout).not.toContain('Bot');
    expect(run(t.url, 'list', '--include-spam').stdout).toContain('SPAM');
  });

  it('exports JSON keyed by the form field names plus id, created_at and spam', () => {
    const out = execFileSync(process.execPath, [cli, 'export', '--format', 'json'], { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' });
    const [lead] = JSON.parse(out) as Record<string, unknown>[];
    expect(Object.keys(lead!).slice(0, 5)).toEqual(['id', 'created_at', 'spam', 'contact_name', 'work_email']);
    expect(lead).toMatchObject({ city: 'Hamilton', spam: false, gclid: 'gclid-123' });
  });

  it('exports CSV that opens in Excel: a UTF-8 byte-order mark first', () => {
    const res = run(t.url, 'export', '--format', 'csv', '--include-spam');
    expect(res.stdout.trim().split('\r\n')).toHaveLength(3);
    const bytes = Buffer.from(res.stdout, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.stdout).toContain('"2–3"');
  });

  it('queues dead notifications again', async () => {
    const [lead] = await t.store.listLeads();
    const [job] = await t.store.claimJobs({ purposes: ['new-lead'], limit: 1, leaseMs: 60_000, owner: 'test' });
    expect(job!.lead_id).toBe(lead!.id);
    await t.store.failJob(job!, 'smtp refused', null);
    expect(run(t.url, 'retry-dead').stdout).toContain('1 dead notification(s) queued again');
    expect((await t.store.listJobs(lead!.id))[0]!.status).toBe('pending');
  });

  it('purges leads older than N days, with their notifications, and keeps the newer ones', async () => {
    expect(run(t.url, 'purge', '--older-than', '30').stdout).toContain('0 lead(s)');
    // The genuine lead (with its e-mail job) becomes 40 days old; the spam one stays recent.
    const [old, recent] = await t.store.listLeads({ includeSpam: true });
    expect(await t.store.listJobs(old!.id)).toHaveLength(1);
    // Its e-mail was delivered (purge keeps a lead whose notification never was; see purge.test.ts).
    const [job] = await t.store.claimJobs({ purposes: ['new-lead'], limit: 1, leaseMs: 60_000, owner: 'test' });
    expect(await t.store.completeJob(job!)).toBe(true);
    await t.backdate(old!.id, new Date(Date.now() - 40 * 86_400_000));
    const res = run(t.url, 'purge', '--older-than', '30');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('1 lead(s) older than 30 days deleted');
    const store = t.reopen();
    expect((await store.listLeads({ includeSpam: true })).map((l) => l.id)).toEqual([recent!.id]);
    expect(await store.listJobs(old!.id)).toEqual([]);
  });

  it('refuses a bad purge age and deletes nothing', async () => {
    const bad = run(t.url, 'purge', '--older-than', 'soon');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--older-than');
    expect(await t.store.listLeads({ includeSpam: true })).toHaveLength(2);
  });

  it('refuses to release a spam lead where no notification is configured, and changes nothing', async () => {
    const [spam] = (await t.store.listLeads({ includeSpam: true })).filter((l) => l.spam);
    const res = run(t.url, 'not-spam', spam!.id);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('still held as spam');
    expect((await t.store.getLead(spam!.id))!.spam).toBe(true);
    expect(await t.store.listJobs(spam!.id)).toEqual([]);
  });

  it('adds, lists, changes and removes inbox users, keeps the last owner, and prints the audit log', () => {
    const origin = { PUBLIC_ORIGIN: 'http://localhost:4321' };
    const added = run(t.url, 'users', 'add', 'Owner@Example.nz', { env: origin });
    expect(added.status).toBe(0);
    expect(added.stdout).toMatch(/Added owner@example\.nz as owner\. One-time sign-in link .*\nhttp:\/\/localhost:4321\/inbox\/\?link=\S+/);
    expect(run(t.url, 'users', 'add', 'staff@example.nz', '--role', 'staff').status).toBe(0);
    expect(run(t.url, 'users', 'add', 'x@example.nz', '--role', 'boss').status).toBe(1);
    expect(run(t.url, 'users', 'list').stdout).toMatch(/owner@example\.nz {2}owner {2}0 passkey\(s\)[\s\S]*staff@example\.nz {2}staff/);
    const lastOwner = run(t.url, 'users', 'role', 'owner@example.nz', 'staff');
    expect(lastOwner.status).toBe(1);
    expect(lastOwner.stderr).toContain('at least one owner');
    expect(run(t.url, 'users', 'role', 'staff@example.nz', 'owner').stdout).toContain('staff@example.nz is now owner');
    expect(run(t.url, 'users', 'remove', 'staff@example.nz').stdout).toContain('Removed staff@example.nz');
    expect(run(t.url, 'users', 'list').stdout).not.toContain('staff@example.nz');
    const audit = run(t.url, 'audit');
    expect(audit.stdout).toContain('command line');
    expect(audit.stdout).toContain('Added owner@example.nz as owner');
    expect(audit.stdout).toContain('Removed staff@example.nz');
  });

  it('prints usage and exits 1 for an unknown command', () => {
    const res = run(t.url, 'frobnicate');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Usage');
  });

  it('writes the owner’s published entries as the repository’s files with site export, and says which page a release changed', async () => {
    const release = readEntries(new URL('../../src/content/', import.meta.url).pathname);
    const guide = structuredClone(release.get('guides/commercial-fridge-prices-nz')!);
    guide.data.heading = 'Commercial Fridge Prices in New Zealand, as the Owner Wrote It';
    guide.data.updated = '2026-11-26';
    // A photo the owner uploaded and put on the guide: its files go to PHOTOS_DIR.
    const photo = 'c'.repeat(24);
    guide.data.photo = { id: photo, alt: 'A cool room door, photographed by the owner' };
    const files = photoFileNames(photo).map((name, i) => ({ name, body: Buffer.from([i, 1, 2, 3]) }));
    await t.store.transact(() => insertPhoto({ id: photo, sourceType: 'jpeg', authorEmail: 'owner@example.nz', files }));
    await t.store.transact(() =>
      insertVersion({
        number: 1,
        entries: { 'guides/commercial-fridge-prices-nz': guide },
        bases: { 'guides/commercial-fridge-prices-nz': 'a-release-hash-of-before' },
        changed: ['guides/commercial-fridge-prices-nz'],
        action: 'publish',
        restoredFrom: null,
        authorEmail: 'owner@example.nz',
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), 'crnz-export-'));
    try {
      const res = run(t.url, 'site', 'export', dir);
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toBe('wrote guides/commercial-fridge-prices-nz\n');
      expect(res.stderr).toContain('name a PHOTOS_DIR');
      expect(readdirSync(dir)).toEqual(['guides']);
      const withPhotos = run(t.url, 'site', 'export', dir, join(dir, 'photos'));
      expect(withPhotos.status, withPhotos.stderr).toBe(0);
      for (const file of files) expect(readFileSync(join(dir, 'photos', file.name))).toEqual(file.body);
      const written = entryFromText('guides', 'commercial-fridge-prices-nz', readFileSync(join(dir, 'guides/commercial-fridge-prices-nz.mdx'), 'utf8'));
      expect(written).toEqual(guide);
      const status = run(t.url, 'site', 'status');
      expect(status.stdout).toContain('Version 1, publish by owner@example.nz');
      expect(status.stdout).toContain('guides/commercial-fridge-prices-nz: the release changed it too');
      expect(run(t.url, 'site').status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
