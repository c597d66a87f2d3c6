/**
 * Screenshots of an urgent job's whole path at a phone's width (390 px, full page), for looking at
 * what a partner and the business read at night rather than measuring it. Every partner page is
 * built by the real app (`buildApp` on a temporary SQLite store, the built site in `dist/` as its
 * page shell, so `npm run build` first) and reached through its real routes with `inject`; the
 * e-mails are rendered by their own functions from the same records. Each HTML is written to a
 * temporary file and opened by Chromium (`file://`: the built pages inline their CSS), into
 * `bench/results/screenshots/urgent-job/` (ignored by git):
 *
 *   node bench/screenshots-urgent-job.ts
 *
 * `page-*.png` are the partner page's states, `mail-*.png` the e-mails' HTML parts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/http/app.ts';
import { DEFAULTS } from '../server/config.ts';
import { inboxLead, changeStatus, type InboxLead } from '../server/storage/lead-work.ts';
import { holdersOf } from '../server/storage/offer-records.ts';
import { offerById, withdrawOffer, type OfferView } from '../server/dispatch/partner-offers.ts';
import { answerOffer } from '../server/dispatch/offer-answers.ts';
import { answerWords, partnerWords } from '../server/partners/partner-words.ts';
import { secretHash } from '../server/security/secrets.ts';
import { acceptedMail, endedMail, introducedMail, offerMail } from '../server/outbox/partner-emails.ts';
import { unacceptedMail, type NoticeAddresses } from '../server/outbox/lead-notices.ts';
import { gapsMail, overnightMail } from '../server/outbox/owner-notices.ts';
import { leadEmail } from '../server/outbox/lead-email.ts';
import { createDispatchNote } from '../server/outbox/dispatch-note.ts';
import { acknowledgementMail } from '../server/outbox/acknowledgement.ts';
import { pageTokenFor, partnerJobsUrl } from '../server/partners/partner-links.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery } from '../tests/support/stores.ts';
import { addHamiltonTechnician, offerWithLink } from '../tests/support/partners.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import { distDir } from '../tests/support/dist.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench', 'results', 'screenshots', 'urgent-job');
const publicOrigin = 'https://www.example.nz';
const messageIdDomain = 'example.nz';
mkdirSync(out, { recursive: true });
const htmlDir = mkdtempSync(join(tmpdir(), 'urgent-job-shots-'));

const t = await createTestStore('sqlite');
const app = await buildApp({
  store: t.store,
  distDir,
  leadPurposes: [],
  inbox: { publicOrigin },
  rateLimit: { max: 1000, windowMs: 60_000 },
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
// Nothing leaves this machine (the pages' script and the e-mails' links point elsewhere).
await context.route(/^https?:/, (route) => route.abort('internetdisconnected'));
const page = await context.newPage();
const shots: string[] = [];

/**
 * Writes `html` to a temporary file, opens it and saves the whole page as `<name>.png`; prints the
 * links and buttons smaller than a 44 px square (a thumb's target) and whatever sticks out sideways.
 */
async function shoot(name: string, html: string): Promise<void> {
  const file = join(htmlDir, `${name}.html`);
  writeFileSync(file, html);
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  shots.push(`${name}.png`);
  const { small, wide } = await page.evaluate(() => {
    const label = (e: Element) => (e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    // Visually hidden ones (the skip link, until focused) are left out.
    const hidden = (e: Element) => {
      const style = getComputedStyle(e);
      return style.clipPath !== 'none' || style.clip.startsWith('rect');
    };
    const targets = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), textarea')]
      .filter((e) => !hidden(e))
      .map((e) => ({ e, r: e.getBoundingClientRect() }));
    return {
      small: targets
        .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
        .map(({ e, r }) => `"${label(e)}" ${Math.round(r.width)}x${Math.round(r.height)}`),
      wide: document.documentElement.scrollWidth > window.innerWidth ? document.documentElement.scrollWidth : 0,
    };
  });
  console.log(`${name}.png${wide ? `  (${wide} px wide: sticks out)` : ''}${small.length ? `\n  under 44 px: ${small.join('; ')}` : ''}`);
}

/** The partner page as its link opens it. */
async function opened(token: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/partner/offer?t=${encodeURIComponent(token)}` });
  return res.body;
}

/** A press on the partner page, as the page's own form posts it. */
async function press(token: string, action: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/partner/offer',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicOrigin, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ t: token, action, ...extra }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`${action}: ${res.statusCode}`);
  return res.body;
}

/** Posts an urgent Hamilton repair through the quote form and gives back the stored lead's id. */
async function postLead(fields: Record<string, string>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) });
  if (res.statusCode !== 200) throw new Error(`POST /: ${res.statusCode} ${res.body}`);
  const name = fields.contact_name ?? 'Mere Tane';
  const lead = (await t.store.listLeads()).find((l) => l.contact_name === name);
  if (!lead) throw new Error(`lead ${name} not stored`);
  return lead.id;
}

async function viewOf(offerId: string): Promise<OfferView & { lead: InboxLead }> {
  const view = await t.store.read(() => offerById(offerId));
  if (!view?.lead) throw new Error(`offer ${offerId} has no lead`);
  return { ...view, lead: view.lead };
}

async function inboxLeadOf(id: string): Promise<InboxLead> {
  const lead = await t.store.read(() => inboxLead(id));
  if (!lead) throw new Error(`lead ${id} missing`);
  return lead;
}

try {
  const tech = await addHamiltonTechnician(t.store, 'Waikato Chill Ltd', 'jobs@waikatochill.nz', { phone: '07 555 0182' });
  const supplier = await addHamiltonTechnician(t.store, 'Kiwi Cooling Supplies', 'sales@kiwicooling.nz', { phone: '07 555 0199', kind: 'supplier' });
  const second = await addHamiltonTechnician(t.store, 'Frankton Fridge Repairs', 'frankton@fridge.nz', { phone: '021 333 4444' });

  // The urgent repair with its site address and way in.
  const leadId = await postLead({ site_street: '12 Grey Street', site_suburb: 'Frankton', access_notes: 'Gate code 4321#' });
  const stored = (await t.store.getLead(leadId))!;
  const mine = await offerWithLink(t.store, leadId, tech.id);
  const suppliers = await offerWithLink(t.store, leadId, supplier.id);
  const declining = await offerWithLink(t.store, leadId, second.id);
  // Automatic dispatch gives an on-call partner DEFAULTS.dispatch.acceptWithinMs to accept (offerWithLink, the inbox's default window).
  for (const { offerId } of [mine, suppliers, declining])
    await rawQuery('sqlite', t.url, 'UPDATE partner_offers SET expires_at = created_at + ? WHERE id = ?', [DEFAULTS.dispatch.acceptWithinMs, offerId]);

  // The business's e-mail and the customer's acknowledgement, as sent (the dispatch note names the first offer).
  const note = await createDispatchNote(t.store)(stored);
  await shoot('mail-lead-urgent', leadEmail(stored, { to: ['quotes@example.nz'], inboxOrigin: publicOrigin, messageIdDomain }, note).html);
  await shoot('mail-acknowledgement-urgent', acknowledgementMail(stored, messageIdDomain).html);

  // The offer: its e-mail, the link's first page, the job for a technician and for a supplier.
  await shoot(
    'mail-offer',
    offerMail(await viewOf(mine.offerId), mine.token, { publicOrigin, messageIdDomain }, partnerJobsUrl(publicOrigin, pageTokenFor(mine.token))).html,
  );
  await shoot('page-01-continue', await opened(mine.token));
  await shoot('page-02-offer-open', await press(mine.token, 'view'));
  await shoot('page-03-offer-open-supplier', await press(suppliers.token, 'view'));
  await shoot('page-04-declined', await press(declining.token, 'decline', { reason: 'Booked out tonight' }));

  // Accepted: the customer shown, then "On site" asked, recorded, and "Quote sent".
  await shoot('page-05-held', await press(mine.token, 'accept'));
  await shoot('page-06-on-site-question', await press(mine.token, 'on_site'));
  await shoot('page-07-on-site', await press(mine.token, 'on_site', { confirm: 'yes' }));
  await shoot('page-08-quote-sent', await press(mine.token, 'quote_sent', { confirm: 'yes' }));
  const held = await viewOf(mine.offerId);
  await shoot(
    'mail-accepted',
    acceptedMail(
      held,
      'a-token-for-the-details-e-mail-0000000000',
      { publicOrigin, messageIdDomain },
      partnerJobsUrl(publicOrigin, pageTokenFor('a-token-for-the-details-e-mail-0000000000')),
    ).html,
  );
  await shoot('mail-introduced', introducedMail(held, { messageIdDomain }).html);

  // The supplier's offer was taken by the technician's accept.
  await shoot('page-09-taken', await opened(suppliers.token));
  await shoot('page-09b-taken-after-press', await press(suppliers.token, 'accept'));
  await shoot('mail-ended-taken', endedMail(await viewOf(suppliers.offerId), { messageIdDomain }, partnerJobsUrl(publicOrigin, pageTokenFor())).html);

  // A second lead whose offer the owner withdrew.
  const withdrawnLead = await postLead({ contact_name: 'Hana Bakery', company_name: 'Hana Bakery Ltd', work_email: 'hana@bakery.nz' });
  const withdrawn = await offerWithLink(t.store, withdrawnLead, tech.id);
  const w = await t.store.transact(() => withdrawOffer(withdrawnLead, withdrawn.offerId, 'owner@example.nz', (p) => partnerWords.events.withdrawn(p.name)));
  if (!w.ok) throw new Error(`withdraw: ${w.reason}`);
  await shoot('page-10-withdrawn', await opened(withdrawn.token));
  await shoot('mail-ended-withdrawn', endedMail(await viewOf(withdrawn.offerId), { messageIdDomain }).html);
  // The same for a job the partner had accepted (who never turned up, say).
  const heldLead = await postLead({ contact_name: 'Nui Butchery', company_name: 'Nui Butchery', work_email: 'nui@butchery.nz' });
  const heldThenWithdrawn = await offerWithLink(t.store, heldLead, tech.id);
  await press(heldThenWithdrawn.token, 'accept');
  const hw = await t.store.transact(() => withdrawOffer(heldLead, heldThenWithdrawn.offerId, 'owner@example.nz', (p) => partnerWords.events.withdrawn(p.name)));
  if (!hw.ok) throw new Error(`withdraw: ${hw.reason}`);
  await shoot('page-10b-withdrawn-after-accept', await opened(heldThenWithdrawn.token));
  await shoot('mail-ended-withdrawn-after-accept', endedMail(await viewOf(heldThenWithdrawn.offerId), { messageIdDomain }).html);

  // A third whose accept-by passed unanswered.
  const expiredLead = await postLead({ contact_name: 'Rua Takeaways', company_name: 'Rua Takeaways', work_email: 'rua@takeaways.nz', phone: '027 888 1212' });
  const expired = await offerWithLink(t.store, expiredLead, tech.id);
  // Before it expires: an urgent offer with the inbox's default accept window (24 hours), as an owner's manual offer has.
  await shoot('page-02b-offer-open-default-window', await press(expired.token, 'view'));
  await rawQuery('sqlite', t.url, 'UPDATE partner_offers SET expires_at = ? WHERE id = ?', [Date.now() - 60_000, expired.offerId]);
  await shoot('page-11-expired', await opened(expired.token));

  // A fourth, taken by a partner who is not yet on site (for the overnight summary).
  const takenLead = await postLead({ contact_name: 'Te Rapa Dairy', company_name: 'Te Rapa Dairy', work_email: 'dairy@terapa.nz' });
  const taken = await offerWithLink(t.store, takenLead, second.id);
  await t.store.transact(() => answerOffer(secretHash(taken.token), { action: 'accept' }, answerWords));

  // The escalation: nobody accepted the expired lead.
  const noticeOptions: NoticeAddresses = {
    to: ['quotes@example.nz'],
    urgentTo: ['urgent@example.nz'],
    inboxOrigin: publicOrigin,
    messageIdDomain,
  };
  await shoot(
    'mail-escalation',
    unacceptedMail(
      await inboxLeadOf(expiredLead),
      [
        { name: second.name, phone: second.phone, outcome: 'declined (“Booked out tonight”)' },
        { name: tech.name, phone: tech.phone, outcome: 'no answer in time' },
      ],
      noticeOptions,
    ).html,
  );

  // The overnight summary: one on site, one taken, one escalated, one still open.
  const ids = [leadId, takenLead, expiredLead, withdrawnLead];
  const holders = await t.store.read(() => holdersOf(ids));
  const night = await Promise.all(ids.map(async (id) => ({ lead: await inboxLeadOf(id), holder: holders.get(id), escalated: id === expiredLead })));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  await shoot('mail-overnight', overnightMail(today, night, ['owner@example.nz'], { inboxOrigin: publicOrigin, messageIdDomain }).html);
  await shoot(
    'mail-gaps',
    gapsMail(
      today,
      [
        { city: 'Dunedin', partners: [{ name: 'Otago Chill', phone: '03 555 0177', onCallUntil: null, bounced: false }] },
        { city: 'Tauranga', partners: [] },
      ],
      ['owner@example.nz'],
      { inboxOrigin: publicOrigin, messageIdDomain },
    ).html,
  );

  // The job won: the holder's link shows nothing more. Then a link nobody was sent.
  await t.store.transact(() => changeStatus(leadId, { status: 'won', jobValueCents: 85_000, lostReason: null }, 'owner@example.nz', 'Status: Won'));
  await shoot('page-12-closed', await opened(mine.token));
  await shoot('page-13-invalid', await opened('x'.repeat(43)));
} finally {
  await browser.close();
  await app.close();
  await t.cleanup();
  rmSync(htmlDir, { recursive: true, force: true });
}
console.log(`${shots.length} screenshots written to ${out}`);
