/**
 * Version 17:
 * - `partner_offers.end_reason`: why an offer stopped waiting (timed out, taken by another
 *   partner, the lead closed, the partner removed or paused, withdrawn by the owner), so the
 *   partner's page and the lead's page can say so. Offers that ended before it keep ''.
 * - `outbox.secret`: a link's token while the job that e-mails it is pending, so a send repeated
 *   after a crash carries the same link as the first copy; it is cleared once the job is done, so
 *   the database holds a working link no longer than its e-mail takes to leave.
 */
export function migration(): string[] {
  return ["ALTER TABLE partner_offers ADD COLUMN end_reason TEXT NOT NULL DEFAULT ''", 'ALTER TABLE outbox ADD COLUMN secret TEXT'];
}
