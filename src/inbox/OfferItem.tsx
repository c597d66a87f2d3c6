import type { OfferSummary } from '../../core/inbox-api/offers.ts';
import { clockDay } from './time.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';

export interface OfferItemProps {
  offer: OfferSummary;
  /** Withdraws the offer while it waits for an answer; absent while a change is being saved. */
  onWithdraw?: (() => void) | undefined;
}

const w = words.leadPartners;

/**
 * What became of an offer, and when: "Accept by" while it waits; "No answer by" once its window
 * passed unanswered (the deadline, not when that was noticed); an answer's time; a held job taken
 * back with both times; otherwise when it ended.
 */
function timesOf(offer: OfferSummary): string[] {
  const times = [w.offered(clockDay(offer.created_at))];
  const ended = offer.answered_at ?? offer.expires_at;
  if (offer.state === 'open') times.push(w.acceptBy(clockDay(offer.expires_at)));
  else if (offer.state === 'expired') times.push(w.noAnswerBy(clockDay(offer.expires_at)));
  else if (offer.state === 'accepted') times.push(w.acceptedAt(clockDay(offer.accepted_at ?? ended)));
  else if (offer.state === 'declined') times.push(w.answered(clockDay(ended)));
  else if (offer.accepted_at !== null) times.push(w.acceptedAt(clockDay(offer.accepted_at)), w.takenBackAt(clockDay(ended)));
  else if (offer.end_reason === 'timed_out') times.push(w.noAnswerBy(clockDay(Math.min(offer.expires_at, ended))));
  else times.push(w.endedAt(clockDay(ended)));
  return times;
}

/** One offer of a lead: to whom, its state (and why it ended), when, how it was sent and what became of that, what the partner has done, and "Withdraw" while it waits. */
export function OfferItem({ offer, onWithdraw }: OfferItemProps) {
  // A job its partner handed back is not one the business took back: its own reason says so.
  const takenBack = offer.state === 'withdrawn' && offer.accepted_at !== null && offer.end_reason !== 'handed_back';
  const ended = offer.state === 'withdrawn' && !takenBack ? w.ended[offer.end_reason] : '';
  const hintId = `withdraw-hint-${offer.id}`;
  return (
    <li>
      <p className="font-semibold text-slate-900">
        {offer.partner_name} · {takenBack ? w.takenBackState : w.states[offer.state]}
        {ended && ` (${ended})`}
      </p>
      <p className="text-sm text-slate-700">{timesOf(offer).join(' · ')}</p>
      {offer.channels.length > 0 && (
        <p className="text-sm text-slate-900">
          <span className="sr-only">{w.channels}: </span>
          {offer.channels.map((c, i) => (
            <span key={c.channel} className={c.state === 'failed' ? 'font-semibold text-alert-700' : undefined}>
              {i > 0 && ' · '}
              {w.channelNames[c.channel]} {w.channelStates[c.state]}
            </span>
          ))}
        </p>
      )}
      {offer.state === 'declined' && offer.decline_reason && (
        <p className="text-sm break-words whitespace-pre-line text-slate-900">{w.reason(offer.decline_reason)}</p>
      )}
      {offer.on_site_at !== null && <p className="text-sm text-slate-900">{w.onSite(clockDay(offer.on_site_at))}</p>}
      {offer.quote_sent_at !== null && <p className="text-sm text-slate-900">{w.quoteSent(clockDay(offer.quote_sent_at))}</p>}
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
