/**
 * What an urgent lead's own e-mail says of dispatch, read as it is sent, so two people do not ring
 * the customer at once: the on-call partner it was offered to automatically, the partner it is
 * about to go to, or that no on-call partner covers it (the business must call).
 */
import type { LeadStore, StoredLead } from '../storage/types.ts';
import { inboxLead } from '../storage/lead-work.ts';
import { offersOfLead } from '../storage/offer-records.ts';
import { suggestPartners } from '../dispatch/partner-offers.ts';
import { notificationCopy as copy } from './email-words.ts';
import { nzTime } from '../../core/nz-time.ts';

export function createDispatchNote(store: LeadStore): (lead: StoredLead) => Promise<string | undefined> {
  return (stored) =>
    store.read(function* () {
      const lead = yield* inboxLead(stored.id);
      if (!lead?.urgent) return undefined;
      const first = (yield* offersOfLead(lead.id)).find((o) => o.offer.automatic);
      if (first)
        return copy.dispatched(
          first.partner.name,
          nzTime(new Date(first.offer.created_at).toISOString()),
          nzTime(new Date(first.offer.expires_at).toISOString()),
        );
      const next = (yield* suggestPartners(lead)).find((s) => s.partner.on_call_now);
      return next ? copy.dispatching(next.partner.name) : copy.uncovered;
    });
}
