/**
 * A partner's standing page ("Your jobs"), written once for both stores (steps.ts): its links, kept
 * by their token's hash only; the partner a link opens; the owner's renewal (every older link dies,
 * one new one is made) and turning the page off; the on-call time the partner sets there; and the
 * ids of the offers it may list (the dispatch rules judge each: server/dispatch/partner-jobs.ts).
 *
 * A page opens only for a partner still on the list, not paused, whose page the owner has not turned
 * off. A link made from an offer's own link is kept only for an offer made since the page's last
 * renewal, so a copy of an old e-mail cannot bring back a page the owner renewed; and it only lists
 * the jobs: only the owner's own link (renewPage) opens them, so one e-mail forwarded or leaked
 * (a declined offer's, say) shows no other job's customer.
 */
import type { Partner } from '../../core/inbox-api/partners.ts';
import { all, one, run, NOW_MS, type Work } from './steps.ts';
import { ON_CALL_NOW_OF, PARTNER_ROWS, toPartner } from './partner-records.ts';

/** The offer links made when a partner opens a job from their page ("Your jobs"). */
export const PAGE_CHANNEL = 'page';

/** A partner's row whose page opens: on the list, not paused, page not turned off. */
const OPENS_OF = (alias?: string) => {
  const c = alias ? `${alias}.` : '';
  return `${c}removed_at IS NULL AND ${c}paused = FALSE AND ${c}page_revoked = FALSE`;
};

/** Whether this link opens this partner's page now (with `full`, only the owner's own link to it counts). */
export function* pageLinkOpens(partnerId: string, tokenHash: string, { full = false }: { full?: boolean } = {}): Work<boolean> {
  return Boolean(
    yield* one(
      `SELECT 1 AS yes FROM partner_page_links l JOIN partners p ON p.id = l.partner_id
       WHERE l.token_hash = ? AND p.id = ? AND ${OPENS_OF('p')}${full ? ' AND l.full_page = TRUE' : ''}`,
      tokenHash,
      partnerId,
    ),
  );
}

/**
 * Takes the partner's row until the transaction ends, if their page opens: a link made now and the
 * owner turning the page off or renewing it (which take the row first too) then happen in turn, so
 * no link is left behind that opens a page turned off.
 */
export function* holdPage(partnerId: string): Work<boolean> {
  return (yield* run(`UPDATE partners SET page_revoked = page_revoked WHERE id = ? AND ${OPENS_OF()}`, partnerId)) === 1;
}

/**
 * Keeps a page link. `full` only for the link the owner makes (a renewal): every other one is made
 * from a link to one job, which may have been forwarded or declined, so it lists the partner's jobs
 * but opens none of them.
 */
export function* insertLink(partnerId: string, tokenHash: string, full: boolean, since: string, ...sinceParams: unknown[]): Work<void> {
  yield* run(
    `INSERT INTO partner_page_links (token_hash, partner_id, created_at, full_page)
     SELECT ?, id, ${NOW_MS}, ? FROM partners WHERE id = ?${since}
     ON CONFLICT (token_hash) DO NOTHING`,
    tokenHash,
    full,
    partnerId,
    ...sinceParams,
  );
}

/**
 * Keeps a page link for the partner an offer was made to, unless their page is off (or they are
 * paused or removed) or the offer was made before the page's last renewal; whether the link opens
 * their page now (so an e-mail or job page shows it only then). Keeping it again changes nothing.
 */
export function* keepPageLink(partnerId: string, tokenHash: string, offerCreatedAt: number): Work<boolean> {
  if (!(yield* holdPage(partnerId))) return false;
  yield* insertLink(partnerId, tokenHash, false, ' AND (page_links_from IS NULL OR page_links_from <= ?)', offerCreatedAt);
  return yield* pageLinkOpens(partnerId, tokenHash);
}

/**
 * What a page link's hash finds: the partner whose page it opens (`full` when it is the owner's own
 * link, which opens their jobs too), a page that no longer opens, or nothing.
 */
export type PageFound = { partner: Partner; full: boolean } | 'ended' | undefined;

/** The partner a page link opens; 'ended' when they were removed or paused (or their page turned off); undefined for a link nobody was sent. */
export function* partnerOfPage(tokenHash: string): Work<PageFound> {
  const row = yield* one(
    `SELECT p.*, ${ON_CALL_NOW_OF('p')} AS on_call_now, CASE WHEN ${OPENS_OF('p')} THEN 1 ELSE 0 END AS page_opens, l.full_page AS link_full
     FROM partner_page_links l JOIN partners p ON p.id = l.partner_id WHERE l.token_hash = ?`,
    tokenHash,
  );
  if (!row) return undefined;
  return Number(row.page_opens) === 1 ? { partner: toPartner(row), full: Boolean(Number(row.link_full)) } : 'ended';
}

/** Every page link of the partner, and the job links opened from their page, deleted: none of them opens anything after this. */
function* dropLinks(partnerId: string): Work<void> {
  yield* run('DELETE FROM partner_page_links WHERE partner_id = ?', partnerId);
  yield* run('DELETE FROM offer_links WHERE channel = ? AND offer_id IN (SELECT id FROM partner_offers WHERE partner_id = ?)', PAGE_CHANNEL, partnerId);
}

export type PageRenewed = { ok: true; partner: Partner; token: string } | { ok: false; reason: 'missing' | 'paused' };

/**
 * A new link to the partner's page, made by the owner: every older link stops working (and links
 * made from offers before now are not made again), the page is on, and the one new link's token is
 * given back this once (only its hash is kept). A paused partner has no page to link to.
 */
export function* renewPage(partnerId: string, mint: () => string, hash: (token: string) => string): Work<PageRenewed> {
  const renewed = yield* run(
    `UPDATE partners SET page_revoked = FALSE, page_links_from = ${NOW_MS}, updated_at = ${NOW_MS} WHERE id = ? AND removed_at IS NULL AND paused = FALSE`,
    partnerId,
  );
  if (!renewed)
    return { ok: false, reason: (yield* one('SELECT 1 AS yes FROM partners WHERE id = ? AND removed_at IS NULL', partnerId)) ? 'paused' : 'missing' };
  yield* dropLinks(partnerId);
  const token = mint();
  yield* insertLink(partnerId, hash(token), true, '');
  const partner = toPartner((yield* one(`${PARTNER_ROWS} WHERE id = ?`, partnerId))!);
  return { ok: true, partner, token };
}

/** Turns the partner's page off: every link to it stops working, and none is made again until the owner renews it. Undefined when there is no such partner. */
export function* revokePage(partnerId: string): Work<Partner | undefined> {
  const changed = yield* run(`UPDATE partners SET page_revoked = TRUE, updated_at = ${NOW_MS} WHERE id = ? AND removed_at IS NULL`, partnerId);
  if (!changed) return undefined;
  yield* dropLinks(partnerId);
  return toPartner((yield* one(`${PARTNER_ROWS} WHERE id = ?`, partnerId))!);
}

/**
 * The on-call time the partner sets on their page: on call until `until` (epoch ms), or off from
 * now. It decides whether they are on call until the owner's switch is changed (partner-records.ts).
 * Undefined when their page no longer opens (set from it, it is refused with it).
 */
export function* setOwnOnCall(partnerId: string, by: { linkHash: string }, until: number | 'off'): Work<Partner | undefined> {
  // Only through a link that still opens the page, read with the partner's row held (a renewal takes it first too).
  if (!(yield* holdPage(partnerId)) || !(yield* pageLinkOpens(partnerId, by.linkHash))) return undefined;
  const changed =
    until === 'off'
      ? yield* run(`UPDATE partners SET on_call_until = ${NOW_MS}, updated_at = ${NOW_MS} WHERE id = ? AND ${OPENS_OF()}`, partnerId)
      : yield* run(`UPDATE partners SET on_call_until = ?, updated_at = ${NOW_MS} WHERE id = ? AND ${OPENS_OF()}`, until, partnerId);
  if (!changed) return undefined;
  return toPartner((yield* one(`${PARTNER_ROWS} WHERE id = ?`, partnerId))!);
}

/** The most offers and jobs the page lists: far more than one partner holds at once. */
const LISTED = 100;

/** The partner's offers still open or accepted (of leads not deleted), newest first: what their page may list. */
export function* pageOfferIds(partnerId: string): Work<string[]> {
  const rows = yield* all(
    `SELECT id FROM partner_offers WHERE partner_id = ? AND state IN ('open', 'accepted') AND lead_id IS NOT NULL ORDER BY created_at DESC, id LIMIT ${LISTED}`,
    partnerId,
  );
  return rows.map((r) => String(r.id));
}

/** How long a job the partner held stays on their page once it ended (handed back, taken back, closed). */
const EARLIER_MS = 14 * 24 * 60 * 60_000;

/** The partner's jobs that they accepted and last touched (accepted, done, handed back) in the last two weeks (of leads not deleted), newest first. */
export function* pageEarlierOfferIds(partnerId: string): Work<string[]> {
  const rows = yield* all(
    `SELECT id FROM partner_offers WHERE partner_id = ? AND accepted_at IS NOT NULL AND lead_id IS NOT NULL
     AND COALESCE(done_at, answered_at, accepted_at) > ${NOW_MS} - ? ORDER BY accepted_at DESC, id LIMIT ${LISTED}`,
    partnerId,
    EARLIER_MS,
  );
  return rows.map((r) => String(r.id));
}
