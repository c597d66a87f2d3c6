/**
 * The partners' e-mails: the offer (the job without the customer's name, e-mail or phone, the notes
 * without any contact details or links, and one link to the partner page) and, once they accept, the
 * customer's details. The offer's link token is made here, as the e-mail is first sent, under the
 * outbox's claim: its hash is stored with the offer, and the token itself with the job only until
 * the job is done, so a send repeated after a crash carries the same working link, and a send that
 * lost its claim stores nothing. Each e-mail's Message-ID derives from its offer, so mail clients
 * fold such a repeat into the first copy.
 */
import type { Transporter } from 'nodemailer';
import { escapeHtml } from '../../core/escape-html.ts';
import { mailtoHref } from '../../core/mailto.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import { armOffer, offerById, type OfferView } from '../storage/partner-offers.ts';
import type { LeadStore, PartnerChannel } from '../storage/types.ts';
import { randomToken, secretHash } from '../inbox/secrets.ts';
import { partnerOfferUrl } from '../partners/partner-links.ts';
import { partnerWords as w } from '../partners/partner-words.ts';
import { withoutContactDetails, withoutLiveLinks } from '../partners/customer-text.ts';
import { business } from '../../core/business.ts';
import { acknowledgementCopy as ack } from './email-words.ts';
import { button, emailPage, h2, leadChoices, nzTime, telHref } from './lead-email.ts';
import type { NoticeSender } from './worker.ts';

export interface PartnerMailOptions {
  store: LeadStore;
  transport: Transporter;
  from: string;
  /** The business's address: a partner's reply goes there. */
  replyTo: string;
  publicOrigin: string;
  messageIdDomain: string;
}

export interface PartnerMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

const what = (lead: InboxLead) => [lead.service_type || 'Job', lead.city].filter(Boolean).join(' in ');

/** The job as a partner may read it before accepting: what, where, how big and how soon, never who. */
export function jobFacts(lead: InboxLead): { label: string; value: string }[] {
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

const factsText = (facts: { label: string; value: string }[]) => facts.map((f) => `${f.label}: ${f.value}`);
const factsHtml = (facts: { label: string; value: string }[]) =>
  `<ul style="padding-left:20px;margin:0 0 12px">${facts.map((f) => `<li>${escapeHtml(f.label)}: <strong>${escapeHtml(f.value)}</strong></li>`).join('')}</ul>`;

export function offerMail(
  view: OfferView & { lead: InboxLead },
  token: string,
  options: Pick<PartnerMailOptions, 'publicOrigin' | 'messageIdDomain'>,
): PartnerMail {
  const { lead, offer, partner } = view;
  const subject = w.offerSubject(what(lead), lead.urgent);
  const url = partnerOfferUrl(options.publicOrigin, token);
  const when = nzTime(new Date(offer.expires_at).toISOString());
  const facts = jobFacts(lead);
  // A stranger's words, before anyone accepted: no way to reach them and no link.
  const notes = withoutContactDetails(lead.notes) || w.noNotes;
  const hidden = lead.notes && notes !== lead.notes ? [w.notesHidden] : [];
  const text = [
    w.offerIntro,
    '',
    lead.urgent ? w.urgent : w.notUrgent,
    ...factsText(facts),
    '',
    `${w.facts.notes}:`,
    notes,
    ...hidden,
    '',
    w.answerBy(when),
    `${w.openJob}: ${url}`,
    '',
    w.signOff,
  ].join('\n');
  const html = emailPage(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(w.offerIntro)}</p>${
      lead.urgent ? `<p style="font-weight:700;color:#b91c1c">${escapeHtml(w.urgent)}</p>` : ''
    }${factsHtml(facts)}<h2 ${h2}>${escapeHtml(w.facts.notes)}</h2><p style="white-space:pre-wrap">${escapeHtml(notes)}</p>${hidden.map((h) => `<p style="color:#475569">${escapeHtml(h)}</p>`).join('')}<p>${escapeHtml(w.answerBy(when))}</p><p style="margin:16px 0"><a href="${escapeHtml(url)}" ${button(true)}>${escapeHtml(w.openJob)}</a></p><p style="color:#475569">${escapeHtml(w.signOff)}</p>`,
  );
  return { to: partner.email, subject, text, html, messageId: `<offer-${offer.id}@${options.messageIdDomain}>` };
}

export function acceptedMail(view: OfferView & { lead: InboxLead }, options: Pick<PartnerMailOptions, 'messageIdDomain'>): PartnerMail {
  const { lead, offer, partner } = view;
  const subject = w.acceptedSubject(what(lead));
  const c = w.customer;
  const who = [
    { label: c.name, value: lead.contact_name },
    { label: c.company, value: lead.company_name },
    { label: c.phone, value: lead.phone },
    { label: c.email, value: lead.work_email },
  ].filter((f) => f.value);
  const tel = lead.phone ? telHref(lead.phone) : undefined;
  // The whole notes now, but a stranger's link is never made clickable by an e-mail of the business.
  const notes = withoutLiveLinks(lead.notes) || w.noNotes;
  const text = [w.acceptedIntro, '', ...factsText(who), '', ...factsText(jobFacts(lead)), '', `${w.facts.notes}:`, notes, '', w.signOff].join('\n');
  const html = emailPage(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(w.acceptedIntro)}</p>${factsHtml(who)}<p style="margin:16px 0">${
      tel ? `<a href="${escapeHtml(tel)}" ${button(true)}>${escapeHtml(`${c.phone} ${lead.phone}`)}</a>` : ''
    }<a href="${escapeHtml(mailtoHref(lead.work_email))}" ${button(!tel)}>${escapeHtml(`${c.email} ${lead.work_email}`)}</a></p><h2 ${h2}>${escapeHtml(w.facts.notes)}</h2>${factsHtml(jobFacts(lead))}<p style="white-space:pre-wrap">${escapeHtml(notes)}</p><p style="color:#475569">${escapeHtml(w.signOff)}</p>`,
  );
  return { to: partner.email, subject, text, html, messageId: `<accepted-${offer.id}@${options.messageIdDomain}>` };
}

/**
 * The customer's e-mail once a partner accepts: who will contact them, that their details went to
 * that partner alone, and which other partners were shown the job without them. Like the
 * acknowledgement it repeats only the form's fixed choices.
 */
export function introducedMail(view: OfferView & { lead: InboxLead }, options: Pick<PartnerMailOptions, 'messageIdDomain'>): PartnerMail {
  const { lead, offer, partner } = view;
  const choices = leadChoices(lead).map((c) => ({ label: c.label, value: c.value }));
  const lines = [
    ack.introducedIntro(partner.name),
    ...(partner.phone ? [ack.introducedPhone(partner.phone)] : []),
    ack.introducedShared(partner.name),
    ...(view.alsoOffered.length ? [ack.introducedAlsoShown(view.alsoOffered)] : []),
  ];
  const emergency = ack.emergency(business.emergencyLine.display);
  const text = [
    ack.introducedHeading(partner.name),
    '',
    ...lines,
    '',
    ...factsText(choices),
    '',
    `${emergency} (${business.emergencyLine.digits})`,
    '',
    ack.replyHint,
    ack.signOff,
  ].join('\n');
  const subject = ack.introducedSubject(partner.name);
  const html = emailPage(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(ack.introducedHeading(partner.name))}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${factsHtml(
      choices,
    )}<p><a href="${escapeHtml(business.emergencyLine.href)}" style="font-weight:700;color:#b91c1c">${escapeHtml(emergency)}</a></p><p>${escapeHtml(ack.replyHint)}<br>${escapeHtml(ack.signOff)}</p>`,
  );
  return { to: lead.work_email, subject, text, html, messageId: `<introduced-${offer.id}@${options.messageIdDomain}>` };
}

export function createPartnerSenders(options: PartnerMailOptions): Record<PartnerChannel, NoticeSender> {
  const { store, transport, from, replyTo } = options;
  const send = async (mail: PartnerMail, signal?: AbortSignal) => {
    if (signal?.aborted) throw new Error('send cancelled');
    await transport.sendMail({ from, replyTo, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
  };
  return {
    offer: async (job, signal) => {
      const armed = await store.transact(() => armOffer(job, randomToken, secretHash));
      // Answered, ended or its lead deleted since it was queued, or the claim is lost: nothing to send.
      if (!armed?.view.lead) return;
      await send(offerMail({ ...armed.view, lead: armed.view.lead }, armed.token, options), signal);
    },
    accepted: async (job, signal) => {
      const view = job.about ? await store.read(() => offerById(job.about!)) : undefined;
      // Closed, or the partner removed, since they accepted: the details are no longer theirs to have.
      if (!view?.lead || view.standing !== 'held') return;
      await send(acceptedMail({ ...view, lead: view.lead }, options), signal);
    },
    introduced: async (job, signal) => {
      const view = job.about ? await store.read(() => offerById(job.about!)) : undefined;
      // A lead deleted since (the person asked to be forgotten), or a job no longer held, is told nothing more.
      if (!view?.lead || view.standing !== 'held') return;
      const mail = introducedMail({ ...view, lead: view.lead }, options);
      if (signal?.aborted) throw new Error('send cancelled');
      await transport.sendMail({
        from: { name: business.name, address: from },
        replyTo,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { 'X-Lead-Id': view.lead.id, 'Auto-Submitted': 'auto-generated' },
      });
    },
  };
}
