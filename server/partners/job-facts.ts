/** What a partner reads of a job on every page and e-mail about it: its facts and where it is. */
import type { Fact } from '../html/email-parts.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import { siteAddress, siteArea } from '../../core/lead/site-address.ts';
import { partnerWords as w } from './partner-words.ts';

/** The job as a partner may read it before accepting: what, where, how big and how soon, never who. */
export function jobFacts(lead: InboxLead): Fact[] {
  const f = w.facts;
  return [
    { label: f.service, value: lead.service_type },
    { label: f.city, value: lead.city },
    { label: f.units, value: lead.num_units },
    { label: f.timeframe, value: lead.timeframe },
    { label: f.siteType, value: lead.site_type },
    { label: f.industry, value: lead.industry },
  ].filter((fact) => fact.value);
}

/** Where the job is, as a partner may read it: the area before accepting, the whole address after. */
export const placeOf = (lead: InboxLead, held: boolean): string => (held ? siteAddress(lead) : '') || siteArea(lead) || lead.city;
