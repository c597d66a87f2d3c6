/**
 * What "exactly once" means for an e-mail in flight when the instance sending it dies, for an
 * urgent lead's partner offer, its notification and acknowledgement, and the "Nobody has accepted"
 * escalation, on both stores, with real server processes and a real, slow SMTP peer.
 *
 * The peer answers each message's data 3 s after it arrives. The test waits until it holds the
 * data of the partner's offer unanswered, then SIGKILLs the instance whose claim that job is (the
 * outbox row names the process), and starts another; later it does the same to the escalation.
 * The peer delivers a message whose sender hung up before the answer (it queued it when the data
 * ended, RFC 1047), so the sender cannot know it went and must send it again: each crash mid-send
 * may add one copy, never more. Every copy of one e-mail must then be the same e-mail (one
 * Message-ID, so mail clients fold them) and, for the offer, carry the same working link: a
 * partner who opens the first copy must not be told the link is not valid.
 *
 * PostgreSQL: two instances on one database, the killed one replaced. SQLite: one instance,
 * killed and restarted on the same file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { noticeCopy } from '../../server/outbox/email-words.ts';
import { PARTNER_PATH } from '../../server/partners/partner-links.ts';
import { partnerWords } from '../../server/partners/partner-words.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { parseMail, startSmtp, waitFor, type ReceivedMail, type SmtpPeer } from '../support/peers.ts';
import { serverFleet, type ServerProcess } from '../support/server-process.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery, storeKinds, type StoreKind, type TestStore } from '../support/stores.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** How long the peer takes to answer each message's data. */
const SMTP_ANSWER_MS = 3000;
/** Where people reach the site, in front of every instance: the links in e-mails name it. */
const ORIGIN = 'http://localhost:8080';
const OFFICE = 'office@example.nz';
const PARTNER = 'oncall@waikato-cooling.example.nz';
const CUSTOMER = 'mere@kaicafe.example.nz';

const messageId = (mail: ReceivedMail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? 'none';

interface Kill {
  what: string;
  pid: number;
  /** The message's data was with the peer, unanswered, as the signal was sent. */
  unansweredAtKill: boolean;
  exit: string;
}

describe.each(storeKinds)('an instance SIGKILLed mid-send on %s', (kind: StoreKind) => {
  it('sends each e-mail at most once more, as the same e-mail, and every copy of the offer keeps a working link', async () => {
    const began = Date.now();
    const timeline: string[] = [];
    const note = (what: string) => timeline.push(`${((Date.now() - began) / 1000).toFixed(1)}s ${what}`);

    const t: TestStore = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const smtp: SmtpPeer = await startSmtp(0, '127.0.0.1', { delayMs: SMTP_ANSWER_MS, deliverUnanswered: true });
    cleanups.push(() => smtp.close());

    const env = {
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: OFFICE,
      LEAD_NOTIFY_FROM: 'website@example.nz',
      LEAD_ACK_EMAIL: 'true',
      PUBLIC_ORIGIN: ORIGIN,
      HSTS: 'false',
      OUTBOX_POLL_INTERVAL: '200ms',
      OUTBOX_RETRY_BASE: '500ms',
      // A killed instance's claims come back when the lease ends; a send (3 s at the peer) is cut
      // off only well after the peer has answered, so no send is repeated for being slow.
      OUTBOX_LEASE: '6s',
      OUTBOX_SEND_TIMEOUT: '4500ms',
      // Long enough that the offer is still open when it is sent again after the crash (about
      // lease + answer = 9 s after it was made): the re-sent e-mail is the one under test.
      DISPATCH_ACCEPT_WITHIN: '15s',
      // The business is woken when the one offer lapses, not alongside it: one escalation under test.
      DISPATCH_WAKE_AFTER: '0',
      NOTICE_CHECK_INTERVAL: '500ms',
    };
    const fleet = serverFleet(env);
    cleanups.push(() => fleet.close());
    const start = async () => {
      const server = await fleet.start();
      note(`instance ${server.child.pid} up`);
      return server;
    };
    let live: ServerProcess[] = [];
    for (let i = 0; i < (kind === 'postgres' ? 2 : 1); i++) live.push(await start());

    await addHamiltonTechnician(t.store, 'Waikato Cooling On Call', PARTNER);
    const posted = await fetch(`${live[0]!.url}/`, {
      method: 'POST',
      headers: JSON_ACCEPT,
      // Urgent (core/lead/urgency.ts): the urgent timeframe and a repair call-out, in Hamilton.
      body: formBody({ work_email: CUSTOMER, city: 'Hamilton', service_type: 'Repair', timeframe: 'Urgent (24–72h)', site_type: 'Repair call-out' }),
    });
    expect(posted.status).toBe(200);
    expect(((await posted.json()) as { ok?: boolean }).ok).toBe(true);
    const lead = (await t.store.listLeads()).find((l) => l.work_email === CUSTOMER)!;
    expect(lead.urgent).toBe(true);
    note(`lead ${lead.id} posted`);

    const p = (n: number) => (kind === 'postgres' ? `$${n}` : '?');
    const kills: Kill[] = [];
    /**
     * SIGKILLs the instance holding the claim of the job that `mail` is the send of, while the peer
     * holds its data unanswered; starts another instance in its place.
     */
    async function killSender(what: string, mail: ReceivedMail, job: { sql: string; params: string[] }) {
      const [row] = await rawQuery<{ claimed_by: string | null }>(kind, t.url, `SELECT claimed_by FROM outbox WHERE ${job.sql}`, job.params);
      const pid = Number(/:(\d+):[^:]+$/.exec(row?.claimed_by ?? '')?.[1]);
      const sender = live.find((s) => s.child.pid === pid);
      if (!sender) throw new Error(`the ${what} job is claimed by ${row?.claimed_by ?? 'nobody'}, not by a running instance`);
      // Checked and sent in one turn of the event loop: the peer's answer cannot come in between.
      const unansweredAtKill = smtp.awaiting.includes(mail);
      sender.child.kill('SIGKILL');
      const exit = await sender.exited;
      note(`instance ${pid} SIGKILLed while sending the ${what} (data unanswered: ${unansweredAtKill}), exit ${exit}`);
      kills.push({ what, pid, unansweredAtKill, exit });
      live = live.filter((s) => s !== sender);
      live.push(await start());
    }

    // 1. The offer to the on-call partner, its data with the peer and not yet answered.
    const offerInFlight = await waitFor(() => smtp.awaiting.find((m) => m.to.includes(PARTNER)), {
      what: 'the offer e-mail to reach the mail server',
      timeoutMs: 15_000,
      intervalMs: 20,
    });
    const offerId = /^<offer-([^@>]+)@/.exec(messageId(offerInFlight))?.[1] ?? '';
    note(`offer ${offerId} data at the peer, unanswered`);
    await killSender('offer', offerInFlight, { sql: `purpose = 'offer' AND offer_id = ${p(1)}`, params: [offerId] });

    // 2. The "Nobody has accepted" e-mail, once the offer timed out, likewise.
    const escalationInFlight = await waitFor(() => smtp.awaiting.find((m) => messageId(m).startsWith(`<unaccepted-${lead.id}@`)), {
      what: 'the escalation e-mail to reach the mail server',
      timeoutMs: 35_000,
      intervalMs: 20,
    });
    note('escalation data at the peer, unanswered');
    await killSender('escalation', escalationInFlight, { sql: `purpose = 'unaccepted' AND lead_id = ${p(1)}`, params: [lead.id] });

    // 3. Drained: every job done, nothing left with the peer.
    await waitFor(async () => smtp.awaiting.length === 0 && (await t.store.listJobs()).every((j) => j.status === 'done'), {
      what: 'the outbox to drain after the restarts',
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    note('outbox drained');
    const jobs = await t.store.listJobs();

    // Each copy's link, opened and continued on a running instance.
    // The partner also hears once that the offer ended (its time ran out): that e-mail is not a copy of the offer.
    const offerCopies = smtp.messages.filter((m) => m.to.includes(PARTNER) && m.raw.includes('<offer-'));
    const parsedOffers = await Promise.all(offerCopies.map(parseMail));
    const links = parsedOffers.map((m) => /https?:\/\/\S+\/partner\/offer\?t=\S+/.exec(String(m.text))?.[0] ?? 'no link');
    const opened = await Promise.all(
      links.map(async (link) => {
        const url = URL.canParse(link) ? new URL(link) : undefined;
        const res = await fetch(`${live[0]!.url}${PARTNER_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
          body: new URLSearchParams({ t: url?.searchParams.get('t') ?? '', action: 'view' }).toString(),
        });
        const page = await res.text();
        return { origin: url?.origin, status: res.status, says: page.includes(partnerWords.page.invalidTitle) ? 'Link not valid' : 'the job' };
      }),
    );

    // A clean stop waits for any send in flight: nothing can arrive after the counts below.
    for (const s of live) s.child.kill('SIGTERM');
    expect(await Promise.all(live.map((s) => s.exited))).toEqual(live.map(() => '0'));

    const all = await Promise.all(smtp.messages.map(async (m) => ({ mail: m, parsed: await parseMail(m) })));
    const copiesOf = (match: (m: (typeof all)[number]) => boolean) => all.filter(match).map((m) => m.mail);
    const notification = copiesOf((m) => m.mail.to.includes(OFFICE) && messageId(m.mail).startsWith('<lead-'));
    const acknowledgement = copiesOf((m) => m.mail.to.includes(CUSTOMER) && messageId(m.mail).startsWith('<ack-'));
    const escalation = copiesOf((m) => m.mail.to.includes(OFFICE) && String(m.parsed.subject).startsWith(noticeCopy.unacceptedSubject('')));
    const ids = (copies: ReceivedMail[]) => copies.map(messageId);
    const resent = (copies: ReceivedMail[]) => copies.some((c) => !smtp.unanswered.includes(c));

    console.log(
      [
        `[${kind}] ${timeline.join('\n  ')}`,
        `offer copies ${offerCopies.length}: ${links.map((l, i) => `${l.replace(/t=(.{8}).*/, 't=$1…')} -> ${opened[i]!.status} ${opened[i]!.says}`).join('; ')}`,
        `notification ${notification.length}, acknowledgement ${acknowledgement.length}, escalation ${escalation.length}; unanswered at the peer ${smtp.unanswered.length}`,
      ].join('\n  '),
    );

    // The crashes happened mid-send: each kill landed while the peer held that message's data
    // unanswered, the process died of SIGKILL, and the peer saw the sender hang up before answering.
    expect(kills.map((k) => [k.what, k.unansweredAtKill, k.exit])).toEqual([
      ['offer', true, 'SIGKILL'],
      ['escalation', true, 'SIGKILL'],
    ]);
    expect(smtp.unanswered).toEqual(expect.arrayContaining([offerInFlight, escalationInFlight]));

    // 1. The offer: one copy from before the crash, at most one more, and it was sent again after
    // the crash (the instance that died could not know the first got through); one Message-ID,
    // one link, at the public origin.
    expect.soft(offerCopies.length, 'copies of the offer e-mail').toBeGreaterThanOrEqual(1);
    expect.soft(offerCopies.length, 'copies of the offer e-mail').toBeLessThanOrEqual(2);
    expect.soft(resent(offerCopies), 'the offer was sent again after the crash').toBe(true);
    expect.soft(new Set(ids(offerCopies)), 'Message-IDs of the offer copies').toEqual(new Set([`<offer-${offerId}@example.nz>`]));
    expect.soft(new Set(links).size, `one link in every copy of the offer: ${links.join(' , ')}`).toBe(1);
    // 2. The link in every copy opens the job.
    expect.soft(opened, 'each copy’s link, continued on the partner page').toEqual(links.map(() => ({ origin: ORIGIN, status: 200, says: 'the job' })));
    // 3. The business's notification and the customer's acknowledgement: at most twice, one Message-ID each.
    expect.soft(notification.length, 'copies of the notification').toBeGreaterThanOrEqual(1);
    expect.soft(notification.length, 'copies of the notification').toBeLessThanOrEqual(2);
    expect.soft(new Set(ids(notification)), 'Message-IDs of the notification').toEqual(new Set([`<lead-${lead.id}@example.nz>`]));
    expect.soft(acknowledgement.length, 'copies of the acknowledgement').toBeGreaterThanOrEqual(1);
    expect.soft(acknowledgement.length, 'copies of the acknowledgement').toBeLessThanOrEqual(2);
    expect.soft(new Set(ids(acknowledgement)), 'Message-IDs of the acknowledgement').toEqual(new Set([`<ack-${lead.id}@example.nz>`]));
    // 4. Nobody accepted: the escalation at most twice, one Message-ID, sent again after its crash,
    // and one escalation job for the lead.
    expect.soft(escalation.length, 'copies of the escalation').toBeGreaterThanOrEqual(1);
    expect.soft(escalation.length, 'copies of the escalation').toBeLessThanOrEqual(2);
    expect.soft(resent(escalation), 'the escalation was sent again after the crash').toBe(true);
    expect.soft(new Set(ids(escalation)), 'Message-IDs of the escalation').toEqual(new Set([`<unaccepted-${lead.id}@example.nz>`]));
    expect.soft(jobs.filter((j) => j.lead_id === lead.id && j.purpose === 'unaccepted')).toHaveLength(1);
    // Nothing else was e-mailed about the job: one offer (one partner on call), no second partner, no
    // dead job. (The scheduler's dated notes, the morning summary and the evening gap note, depend on
    // the hour this runs at and are about no lead: left out.)
    expect
      .soft(
        jobs
          .filter((j) => j.period === null)
          .map((j) => j.purpose)
          .sort(),
      )
      .toEqual(['acknowledgement', 'dispatch', 'dispatch-due', 'ended', 'new-lead', 'offer', 'unaccepted']);
  }, 60_000);
});
