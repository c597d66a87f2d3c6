/**
 * The partners' addresses and the rule for their links' tokens: the job page (one link per offer
 * and way it was sent) and the partner's standing page, "Your jobs", which every e-mail to a partner
 * and every job page links to (a link that lists the jobs; only the owner's own link opens them).
 */
import { createHmac } from 'node:crypto';
import { randomToken, secretHash } from '../security/secrets.ts';
import { keepPageLink, pageLinkOpens } from '../storage/partner-pages.ts';
import type { Offer } from '../storage/offer-records.ts';
import type { Work } from '../storage/steps.ts';

/** The job page: one offer, opened by one of its links. */
export const PARTNER_PATH = '/partner/offer';
/** The query parameter that carries an offer link's token. */
export const OFFER_TOKEN_PARAM = 't';

export const partnerOfferUrl = (origin: string, token: string): string => `${origin}${PARTNER_PATH}?${new URLSearchParams({ [OFFER_TOKEN_PARAM]: token })}`;

/** The partner's standing page ("Your jobs"): their offers, the jobs they hold, their on-call time. */
export const JOBS_PATH = '/partner/jobs';
/** Where the page's "Open the job" posts: it answers with the job page, by a link of its own. */
export const JOBS_OPEN_PATH = '/partner/jobs/open';

export const partnerJobsUrl = (origin: string, token: string): string => `${origin}${JOBS_PATH}?${new URLSearchParams({ [OFFER_TOKEN_PARAM]: token })}`;

/** Keyed hashes of a secret: only whoever holds `key` can make them, and they give nothing of it away. */
const derived = (key: string, label: string) => createHmac('sha256', key).update(label).digest('base64url');

/**
 * The token of the "Your jobs" link that an e-mail or job page carries. Made from the offer link's
 * token it already has, so a copy sent again (or the page shown again) carries the same working
 * link and nothing more is kept in the clear; a random one where there is no such token (whoever
 * mints it keeps it as it keeps an offer's, with the e-mail's job). Such a link only lists the
 * partner's jobs (partner-pages.ts): the message it came in may have been forwarded.
 */
export const pageTokenFor = (offerToken?: string): string => (offerToken === undefined ? randomToken() : derived(offerToken, 'partner-jobs-page'));

/** The token of the job link made when a partner opens an offer from their page: the same each time for that page and offer. */
export const pageOfferTokenFor = (pageToken: string, offerId: string): string => derived(pageToken, `partner-jobs-offer:${offerId}`);

/**
 * The "Your jobs" address an e-mail or job page about an offer may carry: kept by its hash for the
 * offer's partner (partner-pages.ts says when it may be), or undefined when it may not (page off,
 * partner paused or removed, an offer made before the page's last renewal).
 */
export function* jobsLinkFor(offer: Pick<Offer, 'partner_id' | 'created_at'>, pageToken: string, origin: string): Work<string | undefined> {
  return (yield* keepPageLink(offer.partner_id, secretHash(pageToken), offer.created_at)) ? partnerJobsUrl(origin, pageToken) : undefined;
}

/** The same address for a read that may change nothing (a job page's link opened): shown only when already kept. */
export function* keptJobsLink(partnerId: string, pageToken: string, origin: string): Work<string | undefined> {
  return (yield* pageLinkOpens(partnerId, secretHash(pageToken))) ? partnerJobsUrl(origin, pageToken) : undefined;
}
