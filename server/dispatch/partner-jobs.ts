/**
 * What a partner's standing page ("Your jobs") lists and opens: their offers and jobs as
 * `standingOf` judges them (through `offerById`), so the page never lists what the job page would
 * refuse to show, and a job opened from the page gets a link of its own only through the owner's
 * own link to the page. The links themselves are storage's (partner-pages.ts).
 */
import type { InboxLead } from '../storage/lead-work.ts';
import type { Work } from '../storage/steps.ts';
import { holdPage, insertLink, PAGE_CHANNEL, pageEarlierOfferIds, pageLinkOpens, pageOfferIds } from '../storage/partner-pages.ts';
import { keepOfferLink } from '../storage/offer-records.ts';
import { offerById, type OfferView } from './partner-offers.ts';

/** An offer waiting for the partner's answer, or a job they hold. */
export type PartnerJob = OfferView & { lead: InboxLead; standing: 'open' | 'held' };

const listed = (view: OfferView | undefined): view is PartnerJob => Boolean(view?.lead) && (view!.standing === 'open' || view!.standing === 'held');

/** Where a job stands for its partner, as "Your jobs" labels it. */
export type JobState = 'offered' | 'accepted' | 'onMyWay' | 'onSite' | 'done' | 'handedBack' | 'takenBack' | 'closed';

export function jobStateOf({ offer, standing }: Pick<OfferView, 'offer' | 'standing'>): JobState {
  if (standing === 'open') return 'offered';
  if (standing === 'held') {
    if (offer.done_at !== null) return 'done';
    if (offer.on_site_at !== null) return 'onSite';
    if (offer.on_way_at !== null) return 'onMyWay';
    return 'accepted';
  }
  if (offer.end_reason === 'handed_back') return 'handedBack';
  if (offer.state === 'withdrawn') return 'takenBack';
  return offer.done_at !== null ? 'done' : 'closed';
}

/** A job the partner held that has ended: listed with its state, never with the customer or a way to open it. */
export type EarlierJob = OfferView & { lead: InboxLead };

/** The partner's jobs that ended in the last two weeks (handed back, taken back, closed), newest first. */
export function* earlierJobs(partnerId: string): Work<EarlierJob[]> {
  const jobs: EarlierJob[] = [];
  for (const id of yield* pageEarlierOfferIds(partnerId)) {
    const view = yield* offerById(id);
    if (view?.lead && view.standing !== 'open' && view.standing !== 'held') jobs.push(view as EarlierJob);
  }
  return jobs;
}

/** The partner's offers waiting for their answer and the jobs they hold, newest first. */
export function* partnerJobs(partnerId: string): Work<PartnerJob[]> {
  const jobs: PartnerJob[] = [];
  for (const id of yield* pageOfferIds(partnerId)) {
    const view = yield* offerById(id);
    if (listed(view)) jobs.push(view);
  }
  return jobs;
}

export type OpenedFromPage = { ok: true } | { ok: false; reason: 'not_theirs' | 'ended' | 'gone' | 'limited' };

/**
 * A job opened from the partner's page: while their page opens by the owner's own link and the
 * offer is theirs and open or held, its 'page' link is made (or replaced), and the page link its
 * job page will carry is kept with it (whenever the offer was made: the partner has just used a
 * working page; a link that lists only, like every link made from one job's). 'gone' when their
 * page no longer opens; 'limited' when the link pressed only lists their jobs.
 */
export function* openFromPage(
  partnerId: string,
  by: { linkHash: string },
  offerId: string,
  offerTokenHash: string,
  pageTokenHash: string,
): Work<OpenedFromPage> {
  // The link pressed must still open the page once the row is held: a renewal that committed since it was read ends it.
  if (!(yield* holdPage(partnerId)) || !(yield* pageLinkOpens(partnerId, by.linkHash))) return { ok: false, reason: 'gone' };
  if (!(yield* pageLinkOpens(partnerId, by.linkHash, { full: true }))) return { ok: false, reason: 'limited' };
  const view = yield* offerById(offerId);
  if (!view || view.offer.partner_id !== partnerId) return { ok: false, reason: 'not_theirs' };
  if (!listed(view)) return { ok: false, reason: 'ended' };
  yield* keepOfferLink(offerId, PAGE_CHANNEL, offerTokenHash);
  yield* insertLink(partnerId, pageTokenHash, false, '');
  return { ok: true };
}
