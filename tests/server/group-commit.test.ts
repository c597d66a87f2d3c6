/**
 * SQLite's group commit: inserts that arrive together share one transaction (one fsync), yet each
 * is answered only once it is durable, each with its own outcome, and none is lost by a close.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { parseLead, type Lead } from '../../core/lead/schema.ts';
import { createTestStore, type TestStore } from '../support/stores.ts';

function lead(name: string): Lead {
  const parsed = parseLead({ contact_name: name, work_email: 'group@example.co.nz' });
  if (!parsed.ok || !parsed.lead) throw new Error('fixture lead is invalid');
  return parsed.lead;
}

describe('SQLite group commit', () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore('sqlite');
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('stores 50 leads posted at once, each answered with its own id and its job', async () => {
    const stored = await Promise.all(Array.from({ length: 50 }, (_, i) => t.store.insertLead(lead(`Group ${i}`), { spam: false, purposes: ['new-lead'] })));
    expect(new Set(stored.map((l) => l.id)).size).toBe(50);
    const again = t.reopen();
    expect((await again.listLeads()).map((l) => l.contact_name).sort()).toEqual(stored.map((l) => l.contact_name).sort());
    expect(await again.listJobs()).toHaveLength(50);
  });

  it('folds identical posts in one group into one lead, all answered with it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.store.insertLead(lead('Same'), { spam: false, purposes: ['new-lead'], repeatWindowMs: 600_000 })),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => !a.repeated)).toHaveLength(1);
    expect(await t.store.listLeads()).toHaveLength(1);
    expect(await t.store.listJobs()).toHaveLength(1);
  });

  it('commits inserts still waiting when the store closes', async () => {
    const pending = [
      t.store.insertLead(lead('Before close A'), { spam: false, purposes: [] }),
      t.store.insertLead(lead('Before close B'), { spam: false, purposes: [] }),
    ];
    await t.store.close();
    const answered = await Promise.all(pending);
    const again = t.reopen();
    expect((await again.listLeads()).map((l) => l.id).sort()).toEqual(answered.map((l) => l.id).sort());
  });

  it('refuses an insert that arrives after the store is closed', async () => {
    await t.store.close();
    await expect(t.store.insertLead(lead('After close'), { spam: false, purposes: [] })).rejects.toThrow();
  });

  it('refuses every insert of a group whose transaction cannot start, and stores none of them', async () => {
    // Another connection holds the write lock past the store's busy timeout, so the group's
    // transaction cannot begin: each waiting insert must be refused, not one of them answered.
    const blocker = new DatabaseSync(t.url);
    blocker.exec('BEGIN EXCLUSIVE');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => t.store.insertLead(lead(`Blocked ${i}`), { spam: false, purposes: ['new-lead'] })),
    );
    blocker.exec('ROLLBACK');
    blocker.close();
    expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => 'rejected'));
    expect(await t.store.listLeads({ includeSpam: true })).toEqual([]);
    expect(await t.store.listJobs()).toEqual([]);
  }, 20_000);
});
