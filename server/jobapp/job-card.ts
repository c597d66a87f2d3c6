/**
 * A lead as a job app needs it: the client (the customer's company, or the person), the contact,
 * the site address, and a description a technician can act on (the service, the equipment, the
 * fault in the customer's own words, and the partner who holds the job). Every job carries the
 * lead's reference, so a retry that cannot know whether its last request reached the app finds the
 * job it made instead of making another.
 */
import { siteAddress } from '../../core/lead/site-address.ts';
import { isNzMobile } from '../../core/partner/nz-mobile.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import type { Holder } from '../storage/offer-records.ts';
import { jobAppWords as w } from './job-app-words.ts';

export interface JobCard {
  /** Unique to the lead and written into the job, so the job can be found again. */
  reference: string;
  clientName: string;
  contact: { first: string; last: string; email: string; mobile: string; phone: string };
  /** The whole site address on one line, or the city when the customer gave no street. */
  address: string;
  site: { street: string; suburb: string; city: string };
  title: string;
  description: string;
  /** A won lead is work to do; any other is still a quote. */
  won: boolean;
}

/** One line of the customer's text: no control characters, bounded. */
const line = (value: string, max = 200) =>
  value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** The customer's own words, lines kept, bounded. */
const words = (value: string, max = 2000) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n]+/gu, ' ')
    .trim()
    .slice(0, max);

export function jobCard(lead: InboxLead, holder: Holder | null): JobCard {
  const name = line(lead.contact_name, 120);
  const space = name.indexOf(' ');
  const phone = line(lead.phone, 40);
  const address = line(siteAddress(lead), 300) || line(lead.city, 60);
  const what = [line(lead.service_type, 40) || w.card.service, line(lead.site_type, 40)].filter(Boolean).join(', ');
  const equipment = [lead.num_units && w.card.units(line(lead.num_units, 10)), line(lead.industry, 40)].filter(Boolean).join(', ');
  const description = [
    what,
    equipment && w.card.equipment(equipment),
    lead.notes.trim() && `${w.card.fault}\n${words(lead.notes)}`,
    lead.access_notes.trim() && w.card.access(line(lead.access_notes, 500)),
    lead.timeframe && w.card.timeframe(line(lead.timeframe, 40)),
    holder && w.card.holder(line(holder.name, 120), line(holder.phone, 40)),
    w.card.reference(lead.id),
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    reference: w.card.reference(lead.id),
    clientName: line(lead.company_name, 160) || name,
    contact: {
      first: space === -1 ? name : name.slice(0, space),
      last: space === -1 ? '' : name.slice(space + 1),
      email: line(lead.work_email, 254),
      mobile: isNzMobile(phone) ? phone : '',
      phone: isNzMobile(phone) ? '' : phone,
    },
    address,
    site: { street: line(lead.site_street, 200), suburb: line(lead.site_suburb, 120), city: line(lead.city, 60) },
    title: `${line(lead.service_type, 40) || w.card.service}: ${line(lead.company_name, 60) || name}`,
    description,
    won: lead.status === 'won',
  };
}
