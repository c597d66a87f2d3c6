import type { TimelineEntry } from '../../core/inbox-api/contract.ts';
import { nzTime } from './time.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';

/** Arrival, every change, note and delivery, oldest first, with who and when (NZ time). */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section aria-labelledby="timeline-heading" className={ui.card}>
      <h2 id="timeline-heading" className={ui.h2}>
        {words.lead.timeline}
      </h2>
      <ol className="mt-2 space-y-3 border-l-2 border-brand-100 pl-4">
        {entries.map((e) => (
          <li key={e.id}>
            <p className="whitespace-pre-wrap text-slate-900">{e.text}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={e.at}>{nzTime(e.at)}</time> · {e.actor_email ?? words.lead.system}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
