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
import { h, renderDocument, type ReactElement } from '../html/render.ts';
import { Button, EmailPage, Heading, type Fact } from '../html/email-parts.ts';
import { originLines } from '../../core/lead/origin.ts';
import { siteAddress, siteMapHref } from '../../core/lead/site-address.ts';
import { NZ_TIME_ZONE } from '../../core/nz-time.ts';

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

const nzTimeFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: NZ_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

/** New Zealand time with its zone, e.g. "Mon 23 Nov 2026, 7:55 am NZDT". */
export function nzTime(iso: string): string {
  const parts = Object.fromEntries(nzTimeFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod?.toLowerCase()} ${parts.timeZoneName}`;
}

/** The number as a `tel:` link (digits and a leading +), or undefined when it has too few digits to dial. */
export function telHref(phone: string): string | undefined {
  const dial = phone.trim().replace(/(?!^\+)[^\d]/g, '');
  return dial.replace(/\D/g, '').length >= 6 ? `tel:${dial}` : undefined;
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

/** "Where this came from" as plain sentences. */

export function emailText(lead: StoredLead, inboxOrigin?: string, dispatchNote?: string): string {
  const reasons = urgentReasons(lead);
  const lines: string[] = [];
  if (reasons.length) lines.push(`${copy.urgentBanner} (${reasons.join(', ')})`, ...(dispatchNote ? [dispatchNote] : []), '');
  lines.push(lead.contact_name);
  if (lead.company_name) lines.push(lead.company_name);
  lines.push('');
  lines.push(lead.phone ? `Phone: ${lead.phone}` : copy.noPhone);
  lines.push(`E-mail: ${lead.work_email}`, '');
  lines.push(copy.siteHeading.toUpperCase(), siteAddress(lead) || copy.noSite);
  if (lead.access_notes) lines.push(copy.access(lead.access_notes));
  const map = siteMapHref(lead);
  if (map) lines.push(`Map: ${map}`);
  lines.push('');
  lines.push(copy.projectHeading.toUpperCase(), lead.notes || copy.noNotes, '');
  const choices = leadChoices(lead);
  if (choices.length) lines.push(copy.choicesHeading.toUpperCase(), ...choices.map((c) => `${c.label}: ${c.value}`), '');
  lines.push(copy.originHeading.toUpperCase(), ...originLines(lead).map((l) => `- ${l}`), '');
  lines.push(copy.received(nzTime(lead.created_at)), copy.leadId(lead.id), copy.replyHint);
  if (inboxOrigin) lines.push('', `${copy.openInInbox}: ${inboxLeadUrl(inboxOrigin, lead.id)}`);
  return lines.join('\n');
}

/** Everything the visitor typed is a text child or an attribute value: the renderer escapes it, so none of it can become markup or script in the e-mail. */
export function emailHtml(lead: StoredLead, inboxOrigin?: string, dispatchNote?: string): string {
  const reasons = urgentReasons(lead);
  const tel = telHref(lead.phone);
  const summary = [lead.company_name, lead.service_type, lead.city].filter(Boolean).join(' · ');
  const choices = leadChoices(lead);
  return renderDocument(
    h(
      EmailPage,
      { title: emailSubject(lead) },
      reasons.length > 0 &&
        h(
          'p',
          { style: { margin: '0 0 16px', padding: '12px 14px', borderRadius: '8px', background: '#b91c1c', color: '#ffffff', fontWeight: '700' } },
          copy.urgentBanner,
          h('br'),
          h('span', { style: { fontWeight: '400' } }, reasons.join(', ')),
        ),
      reasons.length > 0 && dispatchNote && h('p', { style: { margin: '0 0 16px', fontWeight: '700' } }, dispatchNote),
      h('h1', { style: { fontSize: '22px', lineHeight: '1.25', margin: '0' } }, lead.contact_name),
      summary && h('p', { style: { margin: '4px 0 16px', color: '#334155' } }, summary),
      tel
        ? h(Button, { href: tel, filled: true }, copy.call(lead.phone))
        : h('p', { style: { margin: '0 0 10px', color: '#475569' } }, lead.phone || copy.noPhone),
      h(Button, { href: mailtoHref(lead.work_email, { subject: copy.replySubject }), filled: false }, copy.email(lead.work_email)),
      inboxOrigin && h(Button, { href: inboxLeadUrl(inboxOrigin, lead.id), filled: false }, copy.openInInbox),
      h(Heading, null, copy.siteHeading),
      h('p', { style: { margin: '0 0 8px' } }, siteAddress(lead) || copy.noSite),
      lead.access_notes && h('p', { style: { margin: '0 0 8px', whiteSpace: 'pre-wrap' } }, copy.access(lead.access_notes)),
      siteMapHref(lead) && h(Button, { href: siteMapHref(lead)!, filled: false }, copy.map),
      h(Heading, null, copy.projectHeading),
      h('p', { style: { margin: '0', whiteSpace: 'pre-wrap' } }, lead.notes || copy.noNotes),
      choices.length > 0 && h(Heading, null, copy.choicesHeading),
      choices.length > 0 && h(ChoiceTable, { choices }),
      h(Heading, null, copy.originHeading),
      h(
        'ul',
        { style: { margin: '0', paddingLeft: '20px' } },
        originLines(lead).map((l, i) => h('li', { key: i }, l)),
      ),
      h(
        'p',
        { style: { margin: '24px 0 0', fontSize: '14px', color: '#475569' } },
        copy.received(nzTime(lead.created_at)),
        h('br'),
        copy.leadId(lead.id),
        h('br'),
        copy.replyHint,
      ),
    ),
  );
}

/** `valign` is obsolete on <th> (React's types leave it out), but older mail clients still read it. */
const topAligned = { valign: 'top' } as const;

/** The visitor's choices as label and value rows (no <tbody>: the e-mail's markup stays what mail clients were tested with). */
function ChoiceTable({ choices }: { choices: Fact[] }): ReactElement {
  return h(
    'table',
    { cellSpacing: '0', cellPadding: '0' },
    choices.map((c, i) =>
      h(
        'tr',
        { key: i },
        h('th', { align: 'left', ...topAligned, style: { padding: '4px 12px 4px 0', fontWeight: '600' } }, c.label),
        h('td', { style: { padding: '4px 0' } }, c.value),
      ),
    ),
  );
}
