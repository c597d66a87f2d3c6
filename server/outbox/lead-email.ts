/**
 * The lead as the owner reads it, on a phone between jobs: urgency first, who and how to reach
 * them, what they asked for, then where the lead came from. Text and HTML say the same things;
 * the words live in email-words.ts beside this file.
 */
import { leadFields } from '../../core/lead/schema.ts';
import { mailtoHref } from '../../core/mailto.ts';
import { inboxLeadUrl } from '../../core/inbox-links.ts';
import { notificationCopy as copy } from './email-words.ts';
import { urgencyReasons } from '../../core/lead/urgency.ts';
import type { StoredLead } from '../storage/types.ts';
import { composeMail, type Fact, type Mail } from './mail-model.ts';
import { originLines } from '../../core/lead/origin.ts';
import { siteAddress, siteMapHref } from '../../core/lead/site-address.ts';
import { nzTime } from '../../core/nz-time.ts';
import { telHref } from '../../core/phone-links.ts';

/** One line: header-safe (the lead schema already removed CR and LF; this guards anything else). */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** Why a lead is urgent, in words; empty when it is not. */
/** Where the lead came from in words: one wording, shared with the inbox. */
export { originLines };

export function urgentReasons(lead: Pick<StoredLead, 'timeframe' | 'site_type' | 'path'>): string[] {
  return urgencyReasons(lead).map((reason) => copy.urgentWhy[reason]);
}

export function emailSubject(lead: StoredLead): string {
  const parts = [lead.urgent ? copy.urgentTag : copy.quoteTag, lead.service_type || copy.noService, lead.city, lead.company_name || lead.contact_name].filter(
    Boolean,
  );
  return oneLine(parts.join(copy.subjectSeparator)).slice(0, 200);
}

/** The choices the visitor made from the form's lists, empty ones left out. */
export function leadChoices(lead: StoredLead): Fact[] {
  return leadFields.filter((f) => f.kind === 'select' && lead[f.name]).map((f) => ({ label: f.label, value: lead[f.name] }));
}

export interface LeadEmailOptions {
  /** The business's inbox(es). */
  to: string[];
  /** Also receive urgent leads: an on-call technician or an e-mail-to-SMS gateway. */
  urgentTo?: string[] | undefined;
  /** Where the inbox is (PUBLIC_ORIGIN): the e-mail links to the lead there. */
  inboxOrigin?: string | undefined;
  /** Domain for the Message-ID; the id derives from the lead so a retried send can be recognised. */
  messageIdDomain: string;
}

/** Who gets the notification for this lead: the business, plus the urgent list for an urgent lead (no address twice). */
export function notificationRecipients(lead: StoredLead, to: string[], urgentTo: string[] = []): string[] {
  const all = lead.urgent ? [...to, ...urgentTo] : to;
  return [...new Map(all.map((a) => [a.toLowerCase(), a])).values()];
}

/**
 * The lead's own e-mail to the business. Everything the visitor typed is a text child or an
 * attribute value in the HTML part, so none of it can become markup or script there.
 */
export function leadEmail(lead: StoredLead, options: LeadEmailOptions, dispatchNote?: string): Mail {
  const reasons = urgentReasons(lead);
  const tel = telHref(lead.phone);
  const summary = [lead.company_name, lead.service_type, lead.city].filter(Boolean).join(' · ');
  const choices = leadChoices(lead);
  const map = siteMapHref(lead);
  const { inboxOrigin } = options;
  return composeMail({
    subject: emailSubject(lead),
    headings: 'capitals',
    to: notificationRecipients(lead, options.to, options.urgentTo),
    messageId: `<lead-${lead.id}@${options.messageIdDomain}>`,
    urgent: lead.urgent,
    headers: { 'X-Lead-Id': lead.id },
    sections: [
      [
        reasons.length > 0 && { kind: 'banner', text: copy.urgentBanner, detail: reasons.join(', ') },
        reasons.length > 0 && dispatchNote && { kind: 'paragraph', content: [dispatchNote], look: 'note' },
      ],
      [{ kind: 'title', text: lead.contact_name, look: 'name' }, summary && { kind: 'paragraph', content: [summary], look: 'summary' }],
      [
        !tel && { kind: 'paragraph', content: [lead.phone || copy.noPhone], look: 'quiet' },
        {
          kind: 'buttons',
          space: 'none',
          buttons: [
            ...(tel ? [{ href: tel, label: copy.call(lead.phone), tone: 'filled' as const, plain: `Phone: ${lead.phone}` }] : []),
            {
              href: mailtoHref(lead.work_email, { subject: copy.replySubject }),
              label: copy.email(lead.work_email),
              tone: 'outlined',
              plain: `E-mail: ${lead.work_email}`,
            },
            ...(inboxOrigin ? [{ href: inboxLeadUrl(inboxOrigin, lead.id), label: copy.openInInbox, tone: 'outlined' as const }] : []),
          ],
        },
      ],
      [
        { kind: 'heading', text: copy.siteHeading },
        { kind: 'paragraph', content: [siteAddress(lead) || copy.noSite], look: 'tight' },
        lead.access_notes && { kind: 'paragraph', content: [copy.access(lead.access_notes)], look: 'preTight' },
        map && { kind: 'buttons', space: 'none', buttons: [{ href: map, label: copy.map, tone: 'outlined' }] },
      ],
      [
        { kind: 'heading', text: copy.projectHeading },
        { kind: 'paragraph', content: [lead.notes || copy.noNotes], look: 'preFlush' },
      ],
      choices.length > 0
        ? [
            { kind: 'heading', text: copy.choicesHeading },
            { kind: 'facts', facts: choices, look: 'table' },
          ]
        : [],
      [
        { kind: 'heading', text: copy.originHeading },
        { kind: 'list', items: originLines(lead).map((l) => [l]), look: 'flush' },
      ],
      [{ kind: 'lines', lines: [copy.received(nzTime(lead.created_at)), copy.leadId(lead.id), copy.replyHint], look: 'footer' }],
    ],
  });
}
