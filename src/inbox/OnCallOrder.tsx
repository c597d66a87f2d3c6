import type { OnCallTurn, Partner } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { nzTime } from './time.ts';

const w = words.partners.order;

/** The on-call partners in the order automatic dispatch tries them: least recently offered first. */
export function OnCallOrder({ order, partners }: { order: readonly OnCallTurn[]; partners: readonly Partner[] }) {
  const byId = new Map(partners.map((p) => [p.id, p]));
  const turns = order.flatMap((turn) => {
    const partner = byId.get(turn.id);
    return partner ? [{ ...turn, partner }] : [];
  });
  return (
    <section className={`${ui.card} mt-6`} aria-labelledby="on-call-order">
      <h2 id="on-call-order" className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1 max-w-prose text-slate-700">{w.intro}</p>
      {turns.length === 0 ? (
        <p className="mt-2 font-semibold text-slate-900">{w.none}</p>
      ) : (
        <ol aria-label={w.list} className="mt-2 list-decimal space-y-1 pl-6">
          {turns.map((t) => (
            <li key={t.id} className="break-words text-slate-900">
              <span className="font-semibold">{t.partner.name}</span>
              {' – '}
              <span className="text-slate-700">{t.last_offered_at === null ? w.neverOffered : w.lastOffered(nzTime(t.last_offered_at))}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
