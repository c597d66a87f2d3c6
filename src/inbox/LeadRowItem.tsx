import { statusLabels } from '../../core/lead/status.ts';
import { linkHandler, placeHref } from './place.ts';
import type { LeadRow } from '../../core/inbox-api/contract.ts';
import { ago, nzTime } from './time.ts';
import { words } from './app-words.ts';
import { AttendClock } from './AttendClock.tsx';
import { HolderLine } from './HolderLine.tsx';
import { GotThisListButton } from './GotThisListButton.tsx';

/**
 * One lead in the list: who, what, where, how long ago, its status, and urgent in words; the attend
 * clock (stopped once the partner holding the job is on site); and who holds the job with their
 * phone, a link of its own below the lead's (a link cannot hold another). An urgent lead nobody
 * has, whose ladder is waking the business, has "I've got this" below it, outside the link too.
 */
export function LeadRowItem({ lead, go, nobodyHasIt = false }: { lead: LeadRow; go: (href: string) => void; nobodyHasIt?: boolean }) {
  const href = placeHref({ kind: 'lead', id: lead.id });
  const details = [lead.service_type, lead.city].filter(Boolean).join(' · ');
  return (
    <li>
      <a
        href={href}
        onClick={linkHandler(go, href)}
        className={`block px-4 pt-3 hover:bg-brand-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600 ${lead.holder || nobodyHasIt ? 'pb-1' : 'pb-3'}`}
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-bold text-brand-900">
            {lead.urgent && <span className="mr-2 rounded bg-alert-700 px-2 py-0.5 text-sm font-bold text-white">{words.list.urgent}</span>}
            {lead.contact_name}
          </span>
          <time dateTime={lead.created_at} title={nzTime(lead.created_at)} className="text-sm text-slate-700">
            {ago(lead.created_at)}
          </time>
        </span>
        <span className="block text-slate-800">{lead.company_name || words.list.noCompany}</span>
        <span className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700">
          {details && <span>{details}</span>}
          <span className="font-semibold text-slate-900">{statusLabels[lead.status]}</span>
          {lead.follow_up_on && <span>{words.list.followUp(lead.follow_up_on)}</span>}
          {!lead.spam && <AttendClock attendBy={lead.attend_by} status={lead.status} onSiteAt={lead.holder?.on_site_at ?? null} />}
        </span>
      </a>
      {lead.holder && <HolderLine name={lead.holder.name} phone={lead.holder.phone} className="px-4 pb-3 text-sm" />}
      {nobodyHasIt && !lead.holder && <GotThisListButton id={lead.id} who={lead.contact_name} />}
    </li>
  );
}
