/**
 * What an urgent lead's own e-mail says of dispatch, read as it is sent, so two people do not ring
 * the customer at once: the on-call partners it was offered to automatically, the partner it is
 * about to go to first, or that no on-call partner covers it (the business must call).
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
      const automatic = (yield* offersOfLead(lead.id)).filter((o) => o.offer.automatic);
      const first = automatic[0];
      // Dispatch offers several on-call partners at once: all those asked in the first moment.
      const together = automatic.filter((o) => o.offer.created_at - (first?.offer.created_at ?? 0) < 1000).map((o) => o.partner.name);
      if (first)
        return copy.dispatched(together, nzTime(new Date(first.offer.created_at).toISOString()), nzTime(new Date(first.offer.expires_at).toISOString()));
      const next = (yield* suggestPartners(lead)).find((s) => s.partner.on_call_now);
      return next ? copy.dispatching(next.partner.name) : copy.uncovered;
    });
}
