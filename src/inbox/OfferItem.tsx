import type { OfferSummary } from '../../core/inbox-api/offers.ts';
import { nzTime } from './time.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';

export interface OfferItemProps {
  offer: OfferSummary;
  /** Withdraws the offer while it waits for an answer; absent while a change is being saved. */
  onWithdraw?: (() => void) | undefined;
}

/** One offer of a lead: to whom, its state (and why it ended), what the partner has done, and "Withdraw" while it waits. */
export function OfferItem({ offer, onWithdraw }: OfferItemProps) {
  const w = words.leadPartners;
  const details = [w.offered(nzTime(offer.created_at))];
  if (offer.state === 'open') details.push(w.answerBy(nzTime(offer.expires_at)));
  else if (offer.answered_at !== null) details.push(w.answered(nzTime(offer.answered_at)));
  const ended = offer.state === 'withdrawn' ? w.ended[offer.end_reason] : '';
  const hintId = `withdraw-hint-${offer.id}`;
  return (
    <li>
      <p className="font-semibold text-slate-900">
        {offer.partner_name} · {w.states[offer.state]}
        {ended && ` (${ended})`}
      </p>
      <p className="text-sm text-slate-700">{details.join(', ')}</p>
      {offer.state === 'declined' && offer.decline_reason && (
        <p className="text-sm break-words whitespace-pre-line text-slate-900">{w.reason(offer.decline_reason)}</p>
      )}
      {offer.on_site_at !== null && <p className="text-sm text-slate-900">{w.onSite(nzTime(offer.on_site_at))}</p>}
      {offer.quote_sent_at !== null && <p className="text-sm text-slate-900">{w.quoteSent(nzTime(offer.quote_sent_at))}</p>}
      {offer.state === 'open' && (
        <>
          <button type="button" className={`${ui.secondary} mt-2`} disabled={!onWithdraw} aria-describedby={hintId} onClick={onWithdraw}>
            {w.withdraw(offer.partner_name)}
          </button>
          <p id={hintId} className="mt-1 text-sm text-slate-700">
            {w.withdrawHint}
          </p>
        </>
      )}
    </li>
  );
}
