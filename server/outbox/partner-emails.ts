/**
 * The partners' e-mails: the offer (the job without the customer's name, e-mail or phone, the notes
 * without any contact details or links, and one link to its job page) and, once they accept, the
 * customer's details. The offer's link token is made here, as the e-mail is first sent, under the
 * outbox's claim: its hash is stored with the offer, and the token itself with the job only until
 * the job is done, so a send repeated after a crash carries the same working link, and a send that
 * lost its claim stores nothing. Each e-mail's Message-ID derives from its offer, so mail clients
 * fold such a repeat into the first copy. Each also links to the partner's "Your jobs" page, by a
 * link made from the e-mail's own job link where it has one (partner-links.ts), so a repeat carries
 * that same link too.
 */
import type { Transporter } from 'nodemailer';
import { mailtoHref } from '../../core/mailto.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import { armOffer, offerById, offerUndelivered, type OfferView } from '../storage/partner-offers.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { siteAddress, siteArea } from '../../core/lead/site-address.ts';
import type { ClaimedJob, LeadStore } from '../storage/types.ts';
import type { OfferPurpose } from '../storage/purposes.ts';
import { randomToken, secretHash } from '../inbox/secrets.ts';
import { jobsLinkFor, pageTokenFor, partnerOfferUrl } from '../partners/partner-links.ts';
import { keepJobSecret } from '../storage/outbox-jobs.ts';
import { partnerWords as w } from '../partners/partner-words.ts';
import { withoutContactDetails, withoutLiveLinks } from '../partners/customer-text.ts';
import { business } from '../../core/business.ts';
import { acknowledgementCopy as ack } from './email-words.ts';
import { leadChoices, nzTime, telHref } from './lead-email.ts';
import { h, renderDocument, type ReactNode } from '../html/render.ts';
import { Button, EmailPage, FactList, Heading, Title, type Fact } from '../html/email-parts.ts';
import { isPermanentFailure, type JobSender } from './worker.ts';

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

const factsText = (facts: readonly Fact[]) => facts.map((f) => `${f.label}: ${f.value}`);

/** The link to the partner's "Your jobs" page, last in the text (after the job's own link), when there is one. */
const jobsText = (url: string | undefined) => (url ? ['', `${w.yourJobs}: ${w.yourJobsHint}`, url] : []);

function JobsLink({ url }: { url: string | undefined }): ReactNode {
  return (
    url && h('p', { style: { color: '#475569' } }, h('a', { href: url, style: { color: '#0b5ea8', fontWeight: '700' } }, w.yourJobs), `: ${w.yourJobsHint}`)
  );
}

/** Where the job is, as a partner may read it: the area before accepting, the whole address after. */
export const placeOf = (lead: InboxLead, held: boolean): string => (held ? siteAddress(lead) : '') || siteArea(lead) || lead.city;

/** An sms: link for a phone number as typed (digits and a leading +), or undefined when there are too few digits. */
export function smsHref(phone: string): string | undefined {
  const tel = telHref(phone);
  return tel ? `sms:${tel.slice('tel:'.length)}` : undefined;
}

/** The deadlines that are true, as lines: accept by (while the offer waits) and, for urgent work, on site by. */
function deadlines(view: OfferView & { lead: InboxLead }, accepting: boolean): string[] {
  const onSiteBy = attendBy(view.lead);
  return [...(accepting ? [w.acceptBy(nzTime(new Date(view.offer.expires_at).toISOString()))] : []), ...(onSiteBy ? [w.onSiteBy(nzTime(onSiteBy))] : [])];
}

/** The job's facts for this partner: a supplier (or a partner who is both) also reads the budget. */
function factsFor(view: OfferView & { lead: InboxLead }): Fact[] {
  const { lead, partner } = view;
  return [...jobFacts(lead), ...(partner.kind !== 'technician' && lead.budget_range ? [{ label: w.page.budget, value: lead.budget_range }] : [])];
}

export function offerMail(
  view: OfferView & { lead: InboxLead },
  token: string,
  options: Pick<PartnerMailOptions, 'publicOrigin' | 'messageIdDomain'>,
  jobsUrl?: string,
): PartnerMail {
  const { lead, offer, partner } = view;
  const subject = w.offerSubject(what(lead), lead.urgent);
  const url = partnerOfferUrl(options.publicOrigin, token);
  const facts = factsFor(view);
  const times = deadlines(view, true);
  const where = w.where(placeOf(lead, false));
  // A stranger's words, before anyone accepted: no way to reach them and no link.
  const notes = withoutContactDetails(lead.notes, lead) || w.noNotes;
  const hidden = lead.notes && notes !== lead.notes ? [w.notesHidden] : [];
  const text = [
    w.offerIntro,
    '',
    ...(lead.urgent ? [w.urgent] : [w.notUrgent]),
    ...times,
    where,
    ...factsText(facts),
    '',
    `${w.facts.notes}:`,
    notes,
    ...hidden,
    '',
    `${w.openJob}: ${url}`,
    ...jobsText(jobsUrl),
    '',
    w.signOff,
  ].join('\n');
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, subject),
      h('p', null, w.offerIntro),
      lead.urgent && h('p', { style: { fontWeight: '700', color: '#b91c1c' } }, w.urgent),
      times.map((line, i) => h('p', { key: i, style: { fontWeight: '700', margin: '0 0 8px' } }, line)),
      h('p', null, where),
      h(FactList, { facts }),
      h(Heading, null, w.facts.notes),
      h('p', { style: { whiteSpace: 'pre-wrap' } }, notes),
      hidden.map((line, i) => h('p', { key: i, style: { color: '#475569' } }, line)),
      h('p', { style: { margin: '16px 0' } }, h(Button, { href: url, filled: true }, w.openJob)),
      h(JobsLink, { url: jobsUrl }),
      h('p', { style: { color: '#475569' } }, w.signOff),
    ),
  );
  return { to: partner.email, subject, text, html, messageId: `<offer-${offer.id}@${options.messageIdDomain}>` };
}

/** "You have the job": the customer, the whole address and the way in, and a link back to the job page (its own). */
export function acceptedMail(
  view: OfferView & { lead: InboxLead },
  token: string,
  options: Pick<PartnerMailOptions, 'publicOrigin' | 'messageIdDomain'>,
  jobsUrl?: string,
): PartnerMail {
  const { lead, offer, partner } = view;
  const subject = w.acceptedSubject(what(lead));
  const url = partnerOfferUrl(options.publicOrigin, token);
  const c = w.customer;
  const who = [
    { label: c.name, value: lead.contact_name },
    { label: c.company, value: lead.company_name },
    { label: c.phone, value: lead.phone },
    { label: c.email, value: lead.work_email },
  ].filter((f) => f.value);
  const tel = lead.phone ? telHref(lead.phone) : undefined;
  const times = deadlines(view, false);
  const where = w.where(placeOf(lead, true));
  const access = lead.access_notes ? [`${w.page.access}: ${withoutLiveLinks(lead.access_notes)}`] : [];
  // The whole notes now, but a stranger's link is never made clickable by an e-mail of the business.
  const notes = withoutLiveLinks(lead.notes) || w.noNotes;
  const text = [
    w.acceptedIntro,
    '',
    ...factsText(who),
    '',
    ...times,
    where,
    ...access,
    ...factsText(factsFor(view)),
    '',
    `${w.facts.notes}:`,
    notes,
    '',
    `${w.openAgain}: ${url}`,
    ...jobsText(jobsUrl),
    '',
    w.signOff,
  ].join('\n');
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, subject),
      h('p', null, w.acceptedIntro),
      h(FactList, { facts: who }),
      h(
        'p',
        { style: { margin: '16px 0' } },
        tel && h(Button, { href: tel, filled: true }, `${c.phone} ${lead.phone}`),
        h(Button, { href: mailtoHref(lead.work_email), filled: !tel }, `${c.email} ${lead.work_email}`),
      ),
      times.map((line, i) => h('p', { key: i, style: { fontWeight: '700', margin: '0 0 8px' } }, line)),
      h('p', null, where),
      access.map((line, i) => h('p', { key: i, style: { whiteSpace: 'pre-wrap' } }, line)),
      h(Heading, null, w.facts.notes),
      h(FactList, { facts: factsFor(view) }),
      h('p', { style: { whiteSpace: 'pre-wrap' } }, notes),
      h('p', { style: { margin: '16px 0' } }, h(Button, { href: url, filled: false }, w.openAgain)),
      h(JobsLink, { url: jobsUrl }),
      h('p', { style: { color: '#475569' } }, w.signOff),
    ),
  );
  return { to: partner.email, subject, text, html, messageId: `<accepted-${offer.id}@${options.messageIdDomain}>` };
}

/** The short e-mail to a partner whose offer ended without them: what happened, nothing to do, whom to call. */
export function endedMail(view: OfferView & { lead: InboxLead }, options: Pick<PartnerMailOptions, 'messageIdDomain'>, jobsUrl?: string): PartnerMail {
  const { lead, offer, partner } = view;
  const subject = w.endedSubject(what(lead));
  const held = offer.accepted_at !== null;
  const why = w.ended[held ? 'takenBack' : offer.end_reason === 'taken' ? 'taken' : offer.end_reason === 'timed_out' ? 'timedOut' : 'withdrawn'];
  const lines = [why, ...(held ? [] : [w.endedNothingToDo]), w.page.callUs];
  const text = [...lines, ...jobsText(jobsUrl), '', w.signOff].join('\n');
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, subject),
      lines.map((line, i) => h('p', { key: i }, line)),
      h(
        'p',
        { style: { margin: '16px 0' } },
        h(Button, { href: business.emergencyLine.href, filled: false }, `${w.page.callBusiness} ${business.emergencyLine.display}`),
      ),
      h(JobsLink, { url: jobsUrl }),
      h('p', { style: { color: '#475569' } }, w.signOff),
    ),
  );
  return { to: partner.email, subject, text, html, messageId: `<ended-${offer.id}@${options.messageIdDomain}>` };
}

/**
 * The customer's e-mail once a partner accepts: who will contact them, that their details went to
 * that partner alone, and which other partners were shown the job without them. Like the
 * acknowledgement it repeats only the form's fixed choices.
 */
export function introducedMail(view: OfferView & { lead: InboxLead }, options: Pick<PartnerMailOptions, 'messageIdDomain'>): PartnerMail {
  const { lead, offer, partner } = view;
  const choices = leadChoices(lead).map((c) => ({ label: c.label, value: c.value }));
  const partnerTel = partner.phone ? telHref(partner.phone) : undefined;
  const onSiteBy = attendBy(lead);
  const lines = [
    ack.introducedIntro(partner.name),
    ...(onSiteBy ? [ack.introducedOnSiteBy(nzTime(onSiteBy))] : []),
    ack.introducedShared(partner.name),
    ...(offer.accepted_via === 'sms' ? [ack.introducedByText(partner.name)] : []),
    ...(view.alsoOffered.length ? [ack.introducedAlsoShown(view.alsoOffered)] : []),
  ];
  const emergency = ack.emergency(business.emergencyLine.display);
  const text = [
    ack.introducedHeading(partner.name),
    '',
    ...lines,
    ...(partner.phone ? [ack.introducedPhone(partner.phone)] : []),
    '',
    ...factsText(choices),
    '',
    `${emergency} (${business.emergencyLine.digits})`,
    '',
    ack.replyHint,
    ack.signOff,
  ].join('\n');
  const subject = ack.introducedSubject(partner.name);
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, ack.introducedHeading(partner.name)),
      lines.map((line, i) => h('p', { key: i }, line)),
      partnerTel && h('p', { style: { margin: '16px 0' } }, h(Button, { href: partnerTel, filled: true }, ack.introducedPhone(partner.phone))),
      h(FactList, { facts: choices }),
      h('p', null, h('a', { href: business.emergencyLine.href, style: { fontWeight: '700', color: '#b91c1c' } }, emergency)),
      h('p', null, ack.replyHint, h('br'), ack.signOff),
    ),
  );
  return { to: lead.work_email, subject, text, html, messageId: `<introduced-${offer.id}@${options.messageIdDomain}>` };
}

export function createPartnerSenders(options: PartnerMailOptions): Record<OfferPurpose, JobSender> {
  const { store, transport, from, replyTo } = options;
  /** The offer armed for its e-mail, with the "Your jobs" link made from the offer link's token. */
  function* armedWithJobsLink(job: ClaimedJob, how?: Parameters<typeof armOffer>[3]) {
    const armed = yield* armOffer(job, randomToken, secretHash, how);
    if (!armed) return undefined;
    return { ...armed, jobsUrl: yield* jobsLinkFor(armed.view.offer, pageTokenFor(armed.token), options.publicOrigin) };
  }
  const send = async (mail: PartnerMail, signal?: AbortSignal) => {
    if (signal?.aborted) throw new Error('send cancelled');
    await transport.sendMail({ from, replyTo, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
  };
  return {
    offer: async (job, signal) => {
      const armed = await store.transact(() => armedWithJobsLink(job));
      // Answered, ended or its lead deleted since it was queued, or the claim is lost: nothing to send.
      if (!armed?.view.lead) return;
      try {
        await send(offerMail({ ...armed.view, lead: armed.view.lead }, armed.token, options, armed.jobsUrl), signal);
      } catch (error) {
        // The address refused it for good: the job moves on now instead of after its whole wait.
        if (isPermanentFailure(error)) await store.transact(() => offerUndelivered(armed.view.offer.id, (p) => w.events.undelivered(p.name)));
        throw error;
      }
    },
    accepted: async (job, signal) => {
      // Its own link back to the job page, kept like the offer's; nothing once the job is no longer theirs.
      const armed = await store.transact(() => armedWithJobsLink(job, { channel: 'accepted', wanted: 'held' }));
      if (!armed?.view.lead) return;
      await send(acceptedMail({ ...armed.view, lead: armed.view.lead }, armed.token, options, armed.jobsUrl), signal);
    },
    ended: async (job, signal) => {
      const ended = await store.transact(function* () {
        const view = job.offer_id ? yield* offerById(job.offer_id) : undefined;
        if (!view?.lead || view.offer.state === 'accepted' || view.offer.state === 'open') return undefined;
        // No offer link here to make the page's from: a random one, kept with the job like an offer's token.
        const pageToken = job.secret ?? pageTokenFor();
        if (!(yield* keepJobSecret(job, pageToken))) return undefined;
        return { view, lead: view.lead, jobsUrl: yield* jobsLinkFor(view.offer, pageToken, options.publicOrigin) };
      });
      if (!ended) return;
      await send(endedMail({ ...ended.view, lead: ended.lead }, options, ended.jobsUrl), signal);
    },
    introduced: async (job, signal) => {
      const view = job.offer_id ? await store.read(() => offerById(job.offer_id!)) : undefined;
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
