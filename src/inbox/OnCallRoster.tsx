import type { Partner } from '../../core/inbox-api/contract.ts';
import { partnerRegions, REGIONAL, type PartnerRegion } from '../../core/partner/kinds.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { clockDay } from './time.ts';
import { useNow } from './useNow.ts';

const w = words.partners.roster;

const regionName = (region: PartnerRegion) => (region === REGIONAL ? w.regional : region);

/**
 * Who is on call now and until when (the end of the time they set themselves, or until someone
 * switches them off in the inbox), and each city that no one on call covers. Read from the list the
 * page already has: whether a partner is on call is the server's rule (on_call_now); a time of their
 * own that ends while the page is open drops them without waiting for the next reading.
 */
export function OnCallRoster({ partners }: { partners: readonly Partner[] }) {
  const now = useNow();
  const onCall = partners.filter((p) => p.on_call_now && !p.paused && (p.on_call_until === null || p.on_call_until > now));
  const gaps = partnerRegions.filter((region) => !onCall.some((p) => p.regions.includes(region)));
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
