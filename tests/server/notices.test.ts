/**
 * Nudges, follow-up reminders and the weekly digest, on both stores, through a real SMTP peer with
 * two instances (each its own store connection, scheduler and outbox worker) checking at once. The
 * clock is moved, not waited for: each instance's scheduler and senders read the test's clock, and
 * the two server processes at the end start theirs at a fixed date (tests/support/clock-at.ts), so
 * every run checks every notice whatever the time of day in New Zealand.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { parseLead } from '../../core/lead/schema.ts';
import { nzInstant } from '../../core/nz-time.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { createNoticeSenders } from '../../server/outbox/notice-emails.ts';
import { Scheduler } from '../../server/outbox/scheduler.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { changeStatus, setFollowUp } from '../../server/storage/lead-work.ts';
import { addVisitCounts } from '../../server/storage/visit-counts.ts';
import { createUser } from '../../server/storage/sign-in-data.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { startServer, tinySite, type ServerProcess } from '../support/server-process.ts';
import { clockAtEnv } from '../support/clock-at.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const HOUR = 3_600_000;
const nz = (date: string, hhmm: string) => nzInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
const log = pino({ level: 'silent' });

/** A lead stored with no notification of its own, then moved to the time it arrived. */
async function addStoredLead(t: TestStore, name: string, arrived: Date, fields: Record<string, string>, spam = false): Promise<string> {
  const parsed = parseLead({
    contact_name: name,
    work_email: `${name.split(' ')[0]!.toLowerCase()}@example.co.nz`,
    phone: '021 555 0101',
    timeframe: '1–2 weeks',
    city: 'Hamilton',
    ...fields,
  });
  if (!parsed.lead) throw new Error(JSON.stringify(parsed.errors));
  const lead = await t.store.insertLead(parsed.lead, { spam, purposes: [] });
  await t.backdate(lead.id, arrived);
  return lead.id;
}

interface Instance {
  scheduler: Scheduler;
  worker: OutboxWorker;
}

describe.each(storeKinds)('notices on %s, two instances', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let clock: Date;
  let instances: Instance[];

  beforeEach(async () => {
    t = await createTestStore(kind);
    smtp = await startSmtp();
    instances = [t.store, t.reopen()].map((store) => ({
      scheduler: new Scheduler({ store, log, intervalMs: 60_000, urgentAfterMs: 0.5 * HOUR, afterMs: 4 * HOUR, now: () => clock }),
      worker: new OutboxWorker({
        store,
        senders: createNoticeSenders({
          store,
          mailer: createMailer({ smtpUrl: smtp.url }),
          from: 'website@example.nz',
          to: ['office@example.nz'],
          urgentTo: ['oncall@example.nz'],
          inboxOrigin: 'https://quotes.example.nz',
          messageIdDomain: 'example.nz',
          now: () => clock,
        }),
        log,
        pollIntervalMs: 50,
        maxAttempts: 3,
      }),
    }));
  });
  afterEach(async () => {
    await smtp.close();
    await t.cleanup();
  });

  /** Both instances check and send at once, twice over; resolves with every message received so far. */
  async function tick(at: Date) {
    clock = at;
    for (let round = 0; round < 2; round++) {
      await Promise.all(instances.map((i) => i.scheduler.runOnce()));
      await Promise.all(instances.map((i) => i.worker.runOnce()));
    }
    return Promise.all(smtp.messages.map(parseMail));
  }

  const addLead = (_store: LeadStore, name: string, arrived: Date, fields: Record<string, string> = {}, spam = false) =>
    addStoredLead(t, name, arrived, fields, spam);

  it('nudges about leads still New, reminds on the follow-up date at 8:00 and sends the Monday digest, each once', { timeout: 60_000 }, async () => {
    await t.store.transact(() => createUser('owner@example.nz', 'owner'));
    const urgent = await addLead(t.store, 'Urgent Ula', nz('2026-11-30', '07:30'), { timeframe: 'Urgent (24–72h)', company_name: 'Ula Deli' });
    const monday = await addLead(t.store, 'Monday Mere', nz('2026-11-30', '07:00'));
    const friday = await addLead(t.store, 'Friday Fai', nz('2026-11-27', '16:00'), { gclid: 'Cj0KCQiAfriday', service_type: 'Repair' });
    const answered = await addLead(t.store, 'Answered Ana', nz('2026-11-27', '09:00'), { service_type: 'Installation' });
    await addLead(t.store, 'Spam Sam', nz('2026-11-28', '09:00'), {}, true);
    await addLead(t.store, 'Old Olly', nz('2026-11-10', '09:00')); // older than the nudge horizon when first seen
    await t.store.transact(() => changeStatus(answered, { status: 'quoted', jobValueCents: null, lostReason: null }, 'owner@example.nz', 'Quoted'));
    await t.store.transact(() => setFollowUp(answered, '2026-11-30', 'owner@example.nz', 'Follow up'));

    // Monday 30 November, 7:59 am: Friday's lead has had its four office hours (Friday 4-6 pm, Saturday
    // 8-10 am); the urgent lead's 30 minutes are not up, and no reminder or digest goes before 8.
    let mails = await tick(nz('2026-11-30', '07:59'));
    expect(mails.map((m) => m.subject)).toEqual(['Still waiting for a call · Friday Fai, Repair, Hamilton']);
    expect(smtp.messages[0]!.to).toEqual(['office@example.nz']);
    expect(mails[0]!.text).toContain(`https://quotes.example.nz/inbox/?lead=${friday}`);

    // Four visitors counted that week (the beacon's totals), two of whom asked for a quote.
    const visitRow = { day: '2026-11-24', source: 'direct', campaign: '', device: 'desktop' };
    await t.store.transact(() =>
      addVisitCounts(
        { pages: [{ ...visitRow, page: '/', views: 6, visitors: 4 }], visitors: [{ ...visitRow, visitors: 4 }], forms: [], vitals: [] },
        { campaignsPerDay: 50, kind: t.store.kind },
      ),
    );
    // 8:05: the urgent lead's nudge (to the urgent address too), the reminder, the digest, and the
    // reminder that the website's prices (the release's guides, dated 23 January 2025) need checking.
    mails = await tick(nz('2026-11-30', '08:05'));
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toHaveLength(5);
    const prices = mails.find((m) => m.subject === 'Check the prices on your website: last verified 676 days ago')!;
    expect(prices.to && 'value' in prices.to ? prices.to.value.map((a) => a.address) : []).toEqual(['owner@example.nz']);
    expect(prices.text).toContain('Commercial Fridge Prices NZ: Price Ranges and Costs: last verified 23 Jan 2025');
    expect(prices.text).toContain('https://quotes.example.nz/inbox/?page=site');
    expect(subjects).toContain('URGENT: still not called · Ula Deli, Hamilton');
    expect(smtp.messages[subjects.indexOf('URGENT: still not called · Ula Deli, Hamilton')]!.to.sort()).toEqual(['office@example.nz', 'oncall@example.nz']);
    expect(mails.find((m) => m.subject?.startsWith('URGENT'))!.text).toContain(`https://quotes.example.nz/inbox/?lead=${urgent}`);
    expect(subjects).toContain('Follow up today · Answered Ana, Installation, Hamilton');
    const digest = mails.find((m) => m.subject === 'Your leads for the week of 23–29 Nov 2026')!;
    expect(digest.to && 'value' in digest.to ? digest.to.value.map((a) => a.address) : []).toEqual(['owner@example.nz']);
    const text = digest.text!;
    expect(text).toContain('Leads: 2');
    expect(text).toContain('Visitors: 4, quote rate 50% (quote requests per visitor)');
    expect(text).toMatch(/BY SOURCE\nGoogle Ads: 1\nDirect: 1\n/);
    expect(text).toMatch(/BY SERVICE\n(Installation: 1\nRepair: 1|Repair: 1\nInstallation: 1)\n/);
    expect(text).toContain('Partners: 0 offers, 0 accepted; on site by the promised time for 0 of 0 urgent leads');
    expect(text).toContain('Leads still New in the inbox: 4');
    expect(text).toContain('Spam held back this week: 1');
    expect(text).toContain('Every notification was delivered.');
    expect(text).toMatch(/YOUR WEBSITE\nPrices on your website were last verified 676 days ago\./);
    expect(mails.some((m) => m.text!.includes(monday))).toBe(false);

    // 11:05: Monday's own lead has waited four office hours; nothing else is sent again.
    mails = await tick(nz('2026-11-30', '11:05'));
    expect(mails.slice(5).map((m) => m.subject)).toEqual(['Still waiting for a call · Monday Mere, Hamilton']);

    // A new follow-up date reminds again on that day, once; the digest and the prices reminder do not repeat on Tuesday.
    await t.store.transact(() => setFollowUp(answered, '2026-12-01', 'owner@example.nz', 'Follow up'));
    mails = await tick(nz('2026-12-01', '08:00'));
    expect(mails.slice(6).map((m) => m.subject)).toEqual(['Follow up today · Answered Ana, Installation, Hamilton']);
    mails = await tick(nz('2026-12-01', '15:00'));
    expect(mails).toHaveLength(7);

    // Every message once: one Message-ID each, whatever two instances did.
    const ids = mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await t.store.listJobs()).filter((j) => j.status !== 'done')).toEqual([]);
  });

  it('sends no nudge for a lead answered between queueing and sending, and no digest before Monday 8:00', { timeout: 60_000 }, async () => {
    const lastWeek = await addLead(t.store, 'Last Week', nz('2026-12-04', '09:00'));
    await t.store.transact(() => changeStatus(lastWeek, { status: 'contacted', jobValueCents: null, lostReason: null }, 'owner@example.nz', 'Called'));
    // After 7:00, so outside the night the overnight summary covers: this test is about the nudge alone.
    const lead = await addLead(t.store, 'Quick Quinn', nz('2026-12-07', '07:10'), { timeframe: 'Urgent (24–72h)' });
    clock = nz('2026-12-07', '07:59');
    expect(await instances[0]!.scheduler.runOnce()).toEqual({ nudges: 1, reminders: 0, digest: false, overnight: false, gaps: false, prices: false });
    expect(await instances[1]!.scheduler.runOnce()).toEqual({ nudges: 0, reminders: 0, digest: false, overnight: false, gaps: false, prices: false });
    await t.store.transact(() => changeStatus(lead, { status: 'contacted', jobValueCents: null, lostReason: null }, 'owner@example.nz', 'Contacted'));
    await Promise.all(instances.map((i) => i.worker.runOnce()));
    expect(smtp.messages).toHaveLength(0);
    expect((await t.store.listJobs(lead)).map((j) => [j.purpose, j.status])).toEqual([['nudge', 'done']]);
    clock = nz('2026-12-07', '08:00');
    expect((await instances[1]!.scheduler.runOnce()).digest).toBe(true);
    expect((await instances[0]!.scheduler.runOnce()).digest).toBe(false);
  });

  it('sends no digest from a database with no lead before that Monday (a new installation)', async () => {
    await addLead(t.store, 'First Ever', nz('2026-12-07', '07:00'));
    clock = nz('2026-12-07', '09:00');
    expect((await instances[0]!.scheduler.runOnce()).digest).toBe(false);
    clock = nz('2026-12-14', '08:00');
    expect((await instances[0]!.scheduler.runOnce()).digest).toBe(true);
  });
});

describe('notices from two server processes on one PostgreSQL', () => {
  it('nudge, reminder, digest, prices reminder and the customer told nobody has it yet, each e-mailed once', { timeout: 90_000 }, async () => {
    const t = await createTestStore('postgres');
    const smtp = await startSmtp();
    const servers: ServerProcess[] = [];
    try {
      // The servers' clock starts at Monday 30 November, 9:00 (whatever the time of day here): the
      // urgent lead that arrived at 8:00 is due its nudge (30 minutes), the follow-up of that day its
      // reminder (8:00), and last week's digest is due (Monday 8:00, a lead from last week is stored).
      const urgent = await addStoredLead(t, 'Urgent Process', nz('2026-11-30', '08:00'), { timeframe: 'Urgent (24–72h)' });
      const old = await addStoredLead(t, 'Old Process', nz('2026-11-27', '10:00'), {});
      await t.store.transact(() => changeStatus(old, { status: 'contacted', jobValueCents: null, lostReason: null }, 'owner@example.nz', 'Called'));
      await t.store.transact(() => setFollowUp(old, '2026-11-30', 'owner@example.nz', 'Follow up'));
      const env = {
        ...clockAtEnv(nz('2026-11-30', '09:00')),
        DATABASE_URL: t.url,
        DIST_DIR: tinySite(),
        SMTP_URL: smtp.url,
        NOTICE_CHECK_INTERVAL: '100ms',
        OUTBOX_POLL_INTERVAL: '100ms',
      };
      for (let i = 0; i < 2; i++) servers.push(await startServer(env));

      // And the urgent lead's customer, whom nobody has committed to an hour on, is told so (once).
      await waitFor(() => smtp.messages.length >= 5, {
        what: 'the nudge, the reminder, the digest, the prices reminder and the customer told',
        timeoutMs: 30_000,
      });
      await waitFor(async () => (await t.store.listJobs()).every((j) => j.status === 'done'), { what: 'every notice to be done', timeoutMs: 30_000 });
      // Both instances go on checking ten times a second; stopping them waits for any send in flight.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      const subjects = (await Promise.all(smtp.messages.map(parseMail))).map((m) => m.subject ?? '');
      expect(subjects.filter((s) => s.startsWith('URGENT: still not called'))).toHaveLength(1);
      expect(subjects.filter((s) => s.startsWith('Follow up today · Old Process'))).toHaveLength(1);
      expect(subjects.filter((s) => s === 'Your leads for the week of 23–29 Nov 2026')).toHaveLength(1);
      expect(subjects.filter((s) => s.startsWith('Check the prices on your website'))).toHaveLength(1);
      expect(subjects.filter((s) => s.startsWith('We are still finding a technician'))).toHaveLength(1);
      expect(subjects).toHaveLength(5);
      expect(smtp.messages.find((m) => m.raw.includes('URGENT'))!.raw).toContain(urgent);
    } finally {
      for (const s of servers) s.child.kill('SIGKILL');
      await smtp.close();
      await t.cleanup();
    }
  });
});
