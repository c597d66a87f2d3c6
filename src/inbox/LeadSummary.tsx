import { leadFields } from '../../core/lead/fields.ts';
import { originLines } from '../../core/lead/origin.ts';
import { mailtoHref } from '../../core/mailto.ts';
import { siteAddress, siteMapHref } from '../../core/lead/site-address.ts';
import type { LeadDetail } from '../../core/inbox-api/contract.ts';
import { nzTime } from './time.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { AttendClock } from './AttendClock.tsx';

const choiceFields = leadFields.filter((f) => f.kind === 'select');

/**
 * Where the job is, under the lead's name and times where a phone shows it first: the site address
 * with its map (a new tab, so the lead stays open) and the access notes.
 */
function SiteLines({ lead }: { lead: LeadDetail }) {
  const address = siteAddress(lead);
  const map = siteMapHref(lead);
  return (
    <div className="mt-3">
      <h2 className="font-semibold text-slate-900">{words.lead.site}</h2>
      <p className="break-words text-slate-900">{address || `${words.lead.noSite}${lead.city ? ` (${lead.city})` : ''}`}</p>
      {map && (
        <a className={`${ui.link} inline-block py-1`} href={map} target="_blank" rel="noopener noreferrer">
          {words.lead.map} <span className="sr-only">{words.lead.newTab}</span>
        </a>
      )}
      {lead.access_notes && (
        <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">
          <span className="font-semibold">{words.lead.access}:</span> {lead.access_notes}
        </p>
      )}
    </div>
  );
}

/** Who sent the lead, how to reach them, where the job is, what they asked for and where it came from, as the e-mail shows it. */
export function LeadSummary({ lead }: { lead: LeadDetail }) {
  const tel = lead.phone.replace(/(?!^\+)[^\d]/g, '');
  const choices = choiceFields.filter((f) => lead[f.name]);
  const origin = originLines(lead);
  return (
    <section aria-labelledby="lead-name" className={ui.card}>
      {lead.urgent && <p className="mb-2 inline-block rounded bg-alert-700 px-2 py-0.5 font-bold text-white">{words.list.urgent}</p>}
      <h1 id="lead-name" className={ui.h1}>
        {lead.contact_name}
      </h1>
      {lead.company_name && <p className="text-slate-800">{lead.company_name}</p>}
      <p className="mt-1 text-sm text-slate-700">
        <time dateTime={lead.created_at}>{words.lead.received(nzTime(lead.created_at))}</time>
      </p>
      {lead.attend_by && (
        <p className="mt-1 flex flex-wrap gap-x-3">
          <time dateTime={lead.attend_by} className="font-semibold text-slate-900">
            {words.lead.attendBy(nzTime(lead.attend_by))}
          </time>
          {!lead.spam && <AttendClock attendBy={lead.attend_by} status={lead.status} onSiteAt={lead.holder?.on_site_at ?? null} />}
        </p>
      )}
      <SiteLines lead={lead} />
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {tel.replace(/\D/g, '').length >= 6 && (
          <a className={ui.button} href={`tel:${tel}`}>
            {words.lead.call} {lead.phone}
          </a>
        )}
        <a className={`${ui.secondary} break-all`} href={mailtoHref(lead.work_email)}>
          {words.lead.email} {lead.work_email}
        </a>
      </div>
      <h2 className={`${ui.h2} mt-6`}>{words.lead.project}</h2>
      <p className="mt-1 whitespace-pre-wrap text-slate-900">{lead.notes || words.lead.noNotes}</p>
      {choices.length > 0 && (
        <>
          <h2 className={`${ui.h2} mt-6`}>{words.lead.choices}</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {choices.map((f) => (
              <div key={f.name} className="contents">
                <dt className="font-semibold text-slate-900">{f.label}</dt>
                <dd className="text-slate-800">{String(lead[f.name])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <h2 className={`${ui.h2} mt-6`}>{words.lead.origin}</h2>
      <ul className="mt-1 list-disc pl-5 break-words text-slate-800">
        {origin.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
