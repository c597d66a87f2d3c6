/**
 * The owners' evening note of cities nobody is on call for tonight, on both stores with two instances
 * checking at once: nothing before 18:00 New Zealand time, one note an evening however many check,
 * none while every city is covered through to 7:00 or the business has no partners, and the note
 * names each city with its partners who could cover it. The clock is given to every call; the
 * evening is a month ahead of today, because the one on-call rule compares a partner's own on-call
 * time with the database's clock, which no test can move.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Scheduler } from '../../server/outbox/scheduler.ts';
import type { Mailer } from '../../server/outbox/mailer.ts';
import { createNoticeSenders } from '../../server/outbox/notice-emails.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { run } from '../../server/storage/steps.ts';
import { addDays, nzInstant, nzParts } from '../../core/nz-time.ts';
import { leadCities } from '../../core/lead/fields.ts';
import type { PartnerInput } from '../../core/inbox-api/partners.ts';
import type { PartnerRegion } from '../../core/partner/kinds.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
const at = (date: string, hhmm: string) => nzInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
const EVENING = addDays(nzParts(new Date()).date, 30);
const MORNING = addDays(EVENING, 1);
/** The evening as the note names it: "Sun 27 Dec". */
const eveningName = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', weekday: 'short', day: 'numeric', month: 'short' })
  .format(at(EVENING, '18:00'))
  .replace(',', '');

describe.each(storeKinds)('the evening gap note on %s', (kind) => {
  let t: TestStore;
  let other: LeadStore;
  let clock: Date;
  let sent: { to: string[]; subject: string; text: string; html: string }[];
  const scheduler = (store: LeadStore) => new Scheduler({ store, log, intervalMs: MINUTE, urgentAfterMs: 30 * MINUTE, afterMs: 240 * MINUTE });

  beforeEach(async () => {
    t = await createTestStore(kind);
    other = t.reopen();
    sent = [];
  });
  afterEach(async () => {
    await other.close();
    await t.cleanup();
  });

  const senders = () =>
    createNoticeSenders({
      store: t.store,
      mailer: { sendMail: async (mail: (typeof sent)[number]) => void sent.push(mail) } as unknown as Mailer,
      from: 'website@example.nz',
      to: ['office@example.nz'],
      urgentTo: [],
      inboxOrigin: 'https://www.example.nz',
      messageIdDomain: 'example.nz',
      now: () => clock,
    });

  async function partner(name: string, regions: PartnerRegion[], changes: Partial<PartnerInput> & { until?: Date } = {}) {
    const { until, ...rest } = changes;
    const added = await t.store.transact(() =>
      addPartner({
        name,
        email: `${name.toLowerCase().replaceAll(' ', '.')}@example.nz`,
        phone: '',
        kind: 'technician',
        regions,
        services: ['Repair'],
        industries: [],
        on_call: true,
        paused: false,
        sms: false,
        ...rest,
      }),
    );
    if (!added) throw new Error(`${name} not stored`);
    // An on-call time the partner set on their own page (the page writes this column).
    if (until) await t.store.transact(() => run('UPDATE partners SET on_call_until = ? WHERE id = ?', until.getTime(), added.id));
    return added;
  }

  /** Every city but Hamilton covered all night by the inbox's switch; Regional by nobody. */
  async function coverAllButHamilton() {
    await partner(
      'City Cover',
      leadCities.filter((c) => c !== 'Hamilton'),
    );
    await partner('Country Cover', ['Regional'], { on_call: false });
  }

  const gapJobs = async () => (await t.store.listJobs()).filter((j) => j.purpose === 'gaps');

  it('is queued once from 18:00 when a city has nobody on call through to 7:00, and names the city and who could cover it', async () => {
    await coverAllButHamilton();
    await partner('Short Shift', ['Hamilton'], { phone: '021 555 0101', until: at(MORNING, '06:30') });
    await partner('Day Crew', ['Hamilton', 'Tauranga'], { phone: '021 555 0199', on_call: false });
    await partner('Paused Pete', ['Hamilton'], { paused: true });
    const [first, second] = [scheduler(t.store), scheduler(other)];

    expect((await first.runOnce(at(EVENING, '17:59'))).gaps).toBe(false);
    const both = await Promise.all([first.runOnce(at(EVENING, '18:01')), second.runOnce(at(EVENING, '18:01'))]);
    expect(both.map((r) => r.gaps).sort()).toEqual([false, true]);
    expect((await first.runOnce(at(EVENING, '21:30'))).gaps).toBe(false);
    expect((await second.runOnce(at(EVENING, '23:59'))).gaps).toBe(false);
    const jobs = await gapJobs();
    expect(jobs.map((j) => [j.period, j.transport])).toEqual([[EVENING, 'email']]);

    clock = at(EVENING, '18:02');
    await senders().gaps({ ...jobs[0]!, claim: 'test', claims: 1, secret: null });
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    // No owner signed up yet: the business's own inbox gets it.
    expect(mail!.to).toEqual(['office@example.nz']);
    expect(mail!.subject).toBe('Nobody on call tonight in Hamilton');
    expect(mail!.text).toContain(`None of your partners is on call in Hamilton tonight (${eveningName}) through to 7 am`);
    expect(mail!.text).toMatch(
      /Your partners in Hamilton:\n- Day Crew \(021 555 0199\): not on call\n- Short Shift \(021 555 0101\): on call only until .* 6:30 am NZ(D|S)T\n/,
    );
    expect(mail!.text).toContain('Open Partners in the inbox: https://www.example.nz/inbox/?page=partners');
    for (const covered of [...leadCities.filter((c) => c !== 'Hamilton'), 'Regional', 'Paused Pete', 'City Cover', 'Country Cover'])
      expect(mail!.text).not.toContain(covered);
    expect(mail!.html).toContain('href="tel:0215550101"');
    expect(mail!.html).toContain('href="https://www.example.nz/inbox/?page=partners"');
  });

  it('names a city that none of the partners covers, and every gap city in the subject', async () => {
    await partner('Only Auckland', ['Auckland']);
    expect((await scheduler(t.store).runOnce(at(EVENING, '19:00'))).gaps).toBe(true);
    clock = at(EVENING, '19:01');
    await senders().gaps({ ...(await gapJobs())[0]!, claim: 'test', claims: 1, secret: null });
    expect(sent[0]!.subject).toBe('Nobody on call tonight in Wellington, Christchurch, Hamilton, Tauranga and Dunedin');
    expect(sent[0]!.text).toContain('None of your partners covers Dunedin. Add one on the Partners page.');
  });

  it('queues nothing while every city is covered through to 7:00, even with nobody on call for the regional areas', async () => {
    await coverAllButHamilton();
    // Her own on-call time ends at 7:00 exactly: the whole night.
    await partner('Night Nurse', ['Hamilton'], { until: at(MORNING, '07:00') });
    const result = await scheduler(t.store).runOnce(at(EVENING, '19:00'));
    expect(result.gaps).toBe(false);
    expect(await gapJobs()).toEqual([]);
  });

  it('queues nothing for a business with no partners', async () => {
    expect((await scheduler(t.store).runOnce(at(EVENING, '20:00'))).gaps).toBe(false);
    expect(await gapJobs()).toEqual([]);
  });

  it('sends nothing when someone went on call between queueing and sending, or once the night is over', async () => {
    await coverAllButHamilton();
    const dayCrew = await partner('Day Crew', ['Hamilton'], { on_call: false });
    expect((await scheduler(t.store).runOnce(at(EVENING, '18:30'))).gaps).toBe(true);
    const [job] = await gapJobs();

    clock = at(MORNING, '07:00');
    await senders().gaps({ ...job!, claim: 'test', claims: 1, secret: null });
    expect(sent).toEqual([]);

    await t.store.transact(() => run('UPDATE partners SET on_call = TRUE WHERE id = ?', dayCrew.id));
    clock = at(EVENING, '18:31');
    await senders().gaps({ ...job!, claim: 'test', claims: 1, secret: null });
    expect(sent).toEqual([]);
  });
});
