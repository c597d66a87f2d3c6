import type { OnCallRosterAnswer, Partner } from '../../core/inbox-api/contract.ts';
import { REGIONAL, type PartnerRegion } from '../../core/partner/kinds.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { clockDay } from './time.ts';
import { useNow } from './useNow.ts';

const w = words.partners.roster;

const regionName = (region: PartnerRegion) => (region === REGIONAL ? w.regional : region);

/**
 * Who can take an urgent job now and until when (the end of the time they set themselves, or until
 * someone switches them off in the inbox), and each city that none of them covers: the server's
 * answer by the one rule dispatch follows (the list is read again every minute), never worked out
 * again here with this device's clock.
 */
export function OnCallRoster({ partners, roster }: { partners: readonly Partner[]; roster: OnCallRosterAnswer }) {
  const now = useNow();
  const ready = new Set(roster.ready);
  const onCall = partners.filter((p) => ready.has(p.id));
  const { gaps } = roster;
  return (
    <section className={`${ui.card} mt-4`} aria-labelledby="on-call-roster">
      <h2 id="on-call-roster" className={ui.h2}>
        {w.heading}
      </h2>
      {onCall.length === 0 ? (
        <p className="mt-1 font-semibold text-slate-900">{w.none}</p>
      ) : (
        <ul aria-label={w.list} className="mt-2 space-y-2">
          {onCall.map((p) => (
            <li key={p.id} className="break-words text-slate-900">
              <span className="font-semibold">{p.name}</span> {p.on_call_until === null ? w.untilSwitchedOff : w.until(clockDay(p.on_call_until, now))}
              <span className="block text-sm text-slate-700">{p.regions.map(regionName).join(', ')}</span>
            </li>
          ))}
        </ul>
      )}
      {gaps.length === 0 ? (
        <p className="mt-3 text-slate-700">{w.covered}</p>
      ) : (
        <>
          <h3 id="on-call-gaps" className="mt-4 font-bold text-brand-900">
            {w.gaps}
          </h3>
          <ul aria-labelledby="on-call-gaps" className="mt-1 space-y-1">
            {gaps.map((region) => (
              <li key={region} className="rounded-md border-l-4 border-amber-500 bg-amber-50 px-3 py-1 font-semibold text-slate-900">
                {w.gap(regionName(region))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
