/**
 * The owners' notes about the business as a whole: the 7:00 summary of the night's urgent leads,
 * the evening note of cities nobody is on call for, and the reminder that the website's prices are
 * past their monthly check. Each Message-ID derives from its date, so a repeated send is folded.
 */
import { openJobStatuses } from '../../core/lead/status.ts';
import { inboxLeadUrl, inboxSiteUrl, placeHref } from '../../core/inbox-links.ts';
import { nzInstant } from '../../core/nz-time.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import type { CityGap, GapPartner } from '../dispatch/night-gaps.ts';
import type { Holder } from '../storage/offer-records.ts';
import type { PriceAge } from '../site/price-age.ts';
import { OVERNIGHT_AT_MINUTES } from './scheduler.ts';
import { nzTime } from '../../core/nz-time.ts';
import { composeMail, type Block, type Mail } from './mail-model.ts';
import { noticeCopy as copy } from './email-words.ts';
import { partnerItem, who, type NoticeAddresses } from './lead-notices.ts';

type Addresses = Pick<NoticeAddresses, 'inboxOrigin' | 'messageIdDomain'>;

const tight = (text: string): Block => ({ kind: 'paragraph', content: [text], look: 'tight' });

/** One urgent lead of the night as the summary lists it. */
export interface NightLead {
  lead: InboxLead;
  holder: Holder | undefined;
  escalated: boolean;
}

/** Where an urgent lead of the night stands, in one of four words: the summary's groups. */
export function nightState({ lead, holder, escalated }: NightLead): 'onSite' | 'taken' | 'escalated' | 'open' {
  if (holder?.on_site_at) return 'onSite';
  if (holder) return 'taken';
  if (escalated) return 'escalated';
  return openJobStatuses.includes(lead.status) ? 'open' : 'taken';
}

/** The owners' 7:00 summary of the night's urgent leads: how many were taken, on site, escalated and still open, each with its link. */
export function overnightMail(date: string, night: readonly NightLead[], to: string[], options: Addresses): Mail {
  const o = copy.overnight;
  const groups = (['open', 'escalated', 'taken', 'onSite'] as const).map((state) => ({ state, leads: night.filter((n) => nightState(n) === state) }));
  const day = nzTime(nzInstant(date, OVERNIGHT_AT_MINUTES).toISOString());
  return composeMail({
    subject: o.subject(night.length, groups[0]!.leads.length + groups[1]!.leads.length),
    to,
    messageId: `<overnight-${date}@${options.messageIdDomain}>`,
    sections: [
      [{ kind: 'title' }, tight(o.intro(day)), tight(groups.map((g) => o.count[g.state](g.leads.length)).join(', '))],
      ...groups.map((g): Block[] =>
        g.leads.length
          ? [
              { kind: 'heading', text: o.heading[g.state] },
              {
                kind: 'links',
                items: g.leads.map((n) => ({
                  text: o.line(who(n.lead), nzTime(n.lead.created_at), n.holder?.name),
                  href: inboxLeadUrl(options.inboxOrigin, n.lead.id),
                })),
              },
            ]
          : [],
      ),
    ],
  });
}

const andList = new Intl.ListFormat('en-NZ', { type: 'conjunction' });
const eveningFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** Why a partner who could cover a gap is not covering it tonight. */
function notCovering(p: GapPartner): string {
  const g = copy.gaps;
  if (p.bounced) return g.bounced;
  return p.onCallUntil === null ? g.notOnCall : g.onCallUntil(nzTime(new Date(p.onCallUntil).toISOString()));
}

/**
 * The owners' evening note of the cities nobody is on call for tonight (`date`, the New Zealand date
 * the night starts on): each city with its partners who could cover it, their numbers tap-to-call,
 * and the link to the inbox's Partners page where the owner turns someone on call.
 */
export function gapsMail(date: string, gaps: readonly CityGap[], to: string[], options: Addresses): Mail {
  const g = copy.gaps;
  const cities = andList.format(gaps.map((gap) => gap.city));
  return composeMail({
    subject: g.subject(cities),
    to,
    messageId: `<gaps-${date}@${options.messageIdDomain}>`,
    sections: [
      [{ kind: 'title' }, tight(g.intro(cities, eveningFormat.format(new Date(`${date}T00:00:00Z`)).replace(',', '')))],
      ...gaps.map((gap): Block[] =>
        gap.partners.length
          ? [
              { kind: 'heading', text: g.couldCover(gap.city) },
              { kind: 'list', items: gap.partners.map((p) => partnerItem(p.name, p.phone, notCovering(p))) },
            ]
          : [{ kind: 'heading', text: gap.city }, tight(g.nobody(gap.city))],
      ),
      [{ kind: 'buttons', space: 'above', buttons: [{ href: placeHref({ kind: 'partners' }, options.inboxOrigin), label: g.openPartners, tone: 'filled' }] }],
    ],
  });
}

export const dayFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The one reminder that the website's prices, last verified `age.date`, are past the monthly check
 * its price guide promises: every page with a date line and its date, and the Site section's link.
 */
export function pricesMail(age: PriceAge, to: string[], options: Addresses): Mail {
  const p = copy.prices;
  const date = dayFormat.format(new Date(`${age.date}T00:00:00Z`));
  return composeMail({
    subject: p.subject(age.days),
    to,
    messageId: `<prices-${age.date}@${options.messageIdDomain}>`,
    sections: [
      [{ kind: 'title' }, tight(p.intro(age.days, date))],
      [
        { kind: 'heading', text: p.pagesHeading },
        { kind: 'list', items: age.pages.map((page) => [p.page(page.title, dayFormat.format(new Date(`${page.date}T00:00:00Z`)))]) },
      ],
      [tight(p.howTo)],
      [{ kind: 'buttons', space: 'above', buttons: [{ href: inboxSiteUrl(options.inboxOrigin), label: p.openSite, tone: 'filled' }] }],
    ],
  });
}
