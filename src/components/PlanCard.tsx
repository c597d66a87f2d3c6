import { Check } from 'lucide-react';
import type { BlockOf } from '../lib/content-schemas.ts';
import { ActionLink } from './ActionLink.tsx';

type Plan = BlockOf<'plans'>['items'][number];

/** A maintenance plan: its name, badge, features and its quote button. */
export function PlanCard({ name, badge, summary, features, action }: Plan) {
  return (
    <li className={`card flex flex-col ${badge ? 'border-2 border-brand-600 shadow-lg' : ''}`}>
      {badge ? <p className="mb-3 w-fit rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white">{badge}</p> : null}
      <h3 className="text-2xl font-bold text-brand-900">{name}</h3>
      {summary ? <p className="mt-2 text-slate-700">{summary}</p> : null}
      <ul className="mt-4 mb-6 space-y-2">
        {features.map((f) => (
          <li key={f} className="flex items-start gap-2">
            <Check className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-auto grid">
        <ActionLink {...action} />
      </div>
    </li>
  );
}
