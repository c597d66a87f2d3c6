/**
 * The scheduler's e-mails about one lead: the nudge about a lead nobody has answered, the follow-up
 * reminder, and the escalation of an urgent job no on-call partner accepted. The Message-ID derives
 * from the notice, so a send repeated after a crash is folded by mail clients.
 */
import { formatMinutes } from '../../core/lead/insight.ts';
import { statusLabels } from '../../core/lead/status.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { inboxLeadUrl } from '../../core/inbox-links.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import type { Offer } from '../storage/offer-records.ts';
import type { OfferChannel } from '../../core/inbox-api/offers.ts';
import { notificationRecipients } from './lead-email.ts';
import { nzTime } from '../../core/nz-time.ts';
import { telHref } from '../../core/phone-links.ts';
import { composeMail, type Block, type Inline, type Mail, type MailContent } from './mail-model.ts';
import { noticeCopy as copy } from './email-words.ts';

/** What the notices need to know of where they go and link to. */
export interface NoticeAddresses {
  /** The business's inbox(es): nudges and reminders; the digest when the inbox has no owner yet. */
  to: string[];
  /** Also told of an urgent lead nobody has called. */
  urgentTo: string[];
  inboxOrigin: string;
  messageIdDomain: string;
}

export const who = (lead: InboxLead) => [lead.company_name || lead.contact_name, lead.service_type, lead.city].filter(Boolean).join(', ');

/** A phone number as a tap-to-call link where it can be one, plain text where not. */
export function phoneInline(phone: string): Inline {
  const tel = telHref(phone);
  return tel ? { href: tel, text: phone, look: 'strong' } : phone;
}

/** A partner as the notices list them: the name in bold, then the number to call, if any. */
export const partnerItem = (name: string, phone: string, detail: string): Inline[] => [
  { strong: name },
  ...(phone ? [' (', phoneInline(phone), ')'] : []),
  `: ${detail}`,
];

/** One partner tried for an urgent job and what came of it, for the escalation. */
export interface TriedPartner {
  name: string;
  phone: string;
  outcome: string;
}

/**
 * The lead as a nudge, reminder or escalation names it: who, how to reach them (the phone a
 * tap-to-call link), where it stands, `extra` sections (the escalation's times and partners), and the link.
 */
export function leadNotice(
  lead: InboxLead,
  subject: string,
  intro: string,
  envelope: Pick<Mail, 'to' | 'messageId' | 'urgent'>,
  options: NoticeAddresses,
  extra: MailContent['sections'] = [],
): Mail {
  const tight = (content: Inline[]): Block => ({ kind: 'paragraph', content, look: 'tight' });
  return composeMail({
    ...envelope,
    subject,
    sections: [
      [{ kind: 'title', text: who(lead) }],
      [tight([intro])],
      [tight([copy.status(statusLabels[lead.status])]), lead.phone && tight([copy.phoneLabel, phoneInline(lead.phone)]), tight([copy.email(lead.work_email)])],
      ...extra,
      [{ kind: 'buttons', space: 'above', buttons: [{ href: inboxLeadUrl(options.inboxOrigin, lead.id), label: copy.openLead, tone: 'filled' }] }],
    ],
  });
}

/** The nudge for a lead still New: to the business, and for an urgent lead the urgent address too. */
export function nudgeMail(lead: InboxLead, now: Date, options: NoticeAddresses): Mail {
  const waited = formatMinutes((now.getTime() - Date.parse(lead.created_at)) / 60_000);
  const intro = `${copy.nudgeIntro(lead.contact_name || who(lead), waited)} (${nzTime(lead.created_at)})`;
  return leadNotice(
    lead,
    copy.nudgeSubject(who(lead), lead.urgent),
    intro,
    { to: notificationRecipients(lead, options.to, options.urgentTo), messageId: `<nudge-${lead.id}@${options.messageIdDomain}>` },
    options,
  );
}

export function reminderMail(lead: InboxLead, date: string, options: NoticeAddresses): Mail {
  return leadNotice(
    lead,
    copy.reminderSubject(who(lead)),
    copy.reminderIntro(lead.contact_name || who(lead), date),
    { to: options.to, messageId: `<reminder-${lead.id}-${date}@${options.messageIdDomain}>` },
    options,
  );
}

/**
 * The escalation of an urgent job no on-call partner accepted, to the business and the urgent
 * address, marked urgent like the lead's own e-mail: when it arrived and by when someone must be on
 * site, every partner tried and what came of it, each number a tap-to-call link.
 */
export function unacceptedMail(lead: InboxLead, tried: readonly TriedPartner[], options: NoticeAddresses): Mail {
  const onSiteBy = attendBy(lead);
  const times = [copy.arrived(nzTime(lead.created_at)), ...(onSiteBy ? [copy.onSiteBy(nzTime(onSiteBy))] : [])];
  const tel = lead.phone ? telHref(lead.phone) : undefined;
  const name = lead.contact_name || who(lead);
  return leadNotice(
    lead,
    copy.unacceptedSubject(who(lead)),
    copy.unacceptedIntro(name, tried.length),
    { to: notificationRecipients(lead, options.to, options.urgentTo), messageId: `<unaccepted-${lead.id}@${options.messageIdDomain}>`, urgent: true },
    options,
    [
      // The number is written just above: the button adds nothing to the text part.
      [tel && { kind: 'buttons', buttons: [{ href: tel, label: copy.callCustomer(name), tone: 'filled', plain: null }] }],
      times.map((line): Block => ({ kind: 'paragraph', content: [line], look: 'tight' })),
      [
        { kind: 'heading', text: copy.triedHeading },
        { kind: 'list', items: tried.map((p) => partnerItem(p.name, p.phone, p.outcome)) },
      ],
    ],
  );
}

/**
 * What came of an offer, in the escalation's words. An offer that never reached its partner names
 * the channel that failed, when its channels say which (a text's receipt, an e-mail's refusal).
 */
export function outcomeOf(offer: Offer, channels: readonly OfferChannel[] = []): string {
  if (offer.state === 'declined') return copy.outcome.declined(offer.decline_reason);
  if (offer.end_reason === 'undelivered') {
    // A text's receipt says when it never arrived; otherwise it was the e-mail that bounced.
    return channels.some((c) => c.channel === 'text' && c.state === 'failed') ? copy.outcome.textUndelivered : copy.outcome.emailUndelivered;
  }
  if (offer.end_reason === 'timed_out' || offer.state === 'open') return copy.outcome.noAnswer;
  return copy.outcome.withdrawn;
}
