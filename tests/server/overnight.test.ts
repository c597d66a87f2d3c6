/**
 * The owners' 7:00 summary of the night, on both stores with two instances checking: queued once
 * from 7:00 New Zealand time for a night that had urgent leads (none for a quiet night), and saying
 * which of them a partner took, which have someone on site, which nobody accepted and which are
 * still open, each with its link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Scheduler } from '../../server/outbox/scheduler.ts';
import type { Mailer } from '../../server/outbox/mailer.ts';
import { createNoticeSenders } from '../../server/outbox/notice-emails.ts';
import { makeOffer } from '../../server/dispatch/partner-offers.ts';
import { enqueue } from '../../server/storage/job-queue.ts';
import { run } from '../../server/storage/steps.ts';
import { nzInstant } from '../../core/nz-time.ts';
import { parseLead } from '../../core/lead/schema.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { createTestStore, formBody, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
const at = (date: string, hhmm: string) => nzInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));

describe.each(storeKinds)('the overnight summary on %s', (kind) => {
  let t: TestStore;
  let other: LeadStore;
  beforeAll(async () => {
    t = await createTestStore(kind);
    other = t.reopen();
  });
  afterAll(async () => {
    await other.close();
    await t.cleanup();
  });

  async function urgentLead(name: string, arrived: Date, fields: Record<string, string> = {}): Promise<string> {
    const parsed = parseLead(Object.fromEntries(new URLSearchParams(formBody({ contact_name: name, company_name: `${name} Ltd`, ...fields }))));
    if (!parsed.ok || !parsed.lead) throw new Error('the sample lead did not parse');
    const stored = await t.store.insertLead(parsed.lead, { spam: false, purposes: [] });
    await t.backdate(stored.id, arrived);
    return stored.id;
  }

  it('is queued once at 7:00 for a night with urgent leads, and groups them by where they stand', async () => {
    const scheduler = (store: LeadStore) => new Scheduler({ store, log, intervalMs: MINUTE, urgentAfterMs: 30 * MINUTE, afterMs: 240 * MINUTE });
    const [first, second] = [scheduler(t.store), scheduler(other)];
    // A quiet night: nothing.
    expect((await first.runOnce(at('2026-12-01', '07:05'))).overnight).toBe(false);

    const partner = await addHamiltonTechnician(t.store, 'Night Owl Cooling', `owl-${kind}@x.nz`);
    const taken = await urgentLead('Taken Cafe', at('2026-12-02', '00:44'));
    const onSite = await urgentLead('On Site Bakery', at('2026-12-01', '22:10'));
    await urgentLead('Open Diner', at('2026-12-02', '03:00'));
    const escalated = await urgentLead('Nobody Bar', at('2026-12-02', '02:00'));
    await urgentLead('Yesterday Noon Cafe', at('2026-12-01', '12:00'));
    await urgentLead('After Seven Cafe', at('2026-12-02', '07:30'));
    for (const [lead, onSiteToo] of [
      [taken, false],
      [onSite, true],
    ] as const) {
      const made = await t.store.transact(() => makeOffer(lead, partner.id, null, () => 'offered'));
      if (!made.ok) throw new Error(made.reason);
      await t.store.transact(() =>
        run(
          `UPDATE partner_offers SET state = 'accepted', accepted_at = created_at, answered_at = created_at${onSiteToo ? ', on_site_at = created_at' : ''} WHERE id = ?`,
          made.offer.id,
        ),
      );
    }
    await t.store.transact(() => enqueue({ purpose: 'unaccepted', of: { lead: escalated } }));

    // Before 7:00 nothing; from 7:00 one summary, however many instances look, however often.
    expect((await first.runOnce(at('2026-12-02', '06:59'))).overnight).toBe(false);
    const both = await Promise.all([first.runOnce(at('2026-12-02', '07:01')), second.runOnce(at('2026-12-02', '07:01'))]);
    expect(both.filter((r) => r.overnight)).toHaveLength(1);
    expect((await first.runOnce(at('2026-12-02', '09:00'))).overnight).toBe(false);
    const jobs = (await t.store.listJobs()).filter((j) => j.purpose === 'overnight');
    expect(jobs.map((j) => j.period)).toEqual(['2026-12-02']);

    const sent: { subject: string; text: string; html: string }[] = [];
    const mailer = { sendMail: async (mail: { subject: string; text: string; html: string }) => void sent.push(mail) } as unknown as Mailer;
    const senders = createNoticeSenders({
      store: t.store,
      mailer,
      from: 'website@example.nz',
      to: ['office@example.nz'],
      urgentTo: [],
      inboxOrigin: 'https://www.example.nz',
      messageIdDomain: 'example.nz',
    });
    await senders.overnight({ ...jobs[0]!, claim: 'test', claims: 1, secret: null });
    const [mail] = sent;
    expect(mail!.subject).toBe('Overnight: 4 urgent leads, 2 still need you');
    expect(mail!.text).toContain('1 still open, 1 nobody accepted, 1 taken by a partner, 1 with someone on site');
    expect(mail!.text).toMatch(/Still open: nobody has them yet:\n- Open Diner Ltd, Repair, Hamilton, arrived .*: https:\/\/www\.example\.nz\/inbox\/\?lead=/);
    expect(mail!.text).toMatch(/Someone on site:\n- On Site Bakery Ltd, Repair, Hamilton, arrived .*, Night Owl Cooling/);
    expect(mail!.text).toContain('Nobody Bar Ltd');
    for (const outside of ['Yesterday Noon Cafe', 'After Seven Cafe']) expect(mail!.text).not.toContain(outside);
  });
});
