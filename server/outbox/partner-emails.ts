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
import { mailtoHref } from '../../core/mailto.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import { armOffer, offerById, offerUndelivered, type OfferView } from '../dispatch/partner-offers.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import type { ClaimedJob, LeadStore } from '../storage/types.ts';
import type { OfferPurpose } from '../storage/purposes.ts';
import { randomToken, secretHash } from '../security/secrets.ts';
import { jobsLinkFor, pageTokenFor, partnerOfferUrl } from '../partners/partner-links.ts';
import { keepJobSecret } from '../storage/outbox-jobs.ts';
import { partnerWords as w } from '../partners/partner-words.ts';
import { withoutContactDetails, withoutLiveLinks } from '../partners/customer-text.ts';
import { business } from '../../core/business.ts';
import { acknowledgementCopy as ack } from './email-words.ts';
import { leadChoices } from './lead-email.ts';
import { nzTime } from '../../core/nz-time.ts';
import { telHref } from '../../core/phone-links.ts';
import { composeMail, type Block, type Fact, type Mail, type MailContent } from './mail-model.ts';
import type { Mailer } from './mailer.ts';
import { emergencyLink } from './acknowledgement.ts';
import { isPermanentFailure, type JobSender } from './worker.ts';
import { jobFacts, placeOf } from '../partners/job-facts.ts';

export interface PartnerMailOptions {
  store: LeadStore;
  mailer: Mailer;
  from: string;
  /** The business's address: a partner's reply goes there. */
  replyTo: string;
  publicOrigin: string;
  messageIdDomain: string;
}

const what = (lead: InboxLead) => [lead.service_type || 'Job', lead.city].filter(Boolean).join(' in ');

/** The link to the partner's "Your jobs" page, last (after the job's own link), when there is one. */
const jobsLink = (url: string | undefined): Block | undefined =>
  url ? { kind: 'paragraph', look: 'muted', content: [{ href: url, text: w.yourJobs, look: 'strong' }, `: ${w.yourJobsHint}`] } : undefined;

/** The e-mail's last lines: the "Your jobs" link and the sign-off. */
const closing = (jobsUrl: string | undefined): MailContent['sections'] => [[jobsLink(jobsUrl)], [{ kind: 'paragraph', content: [w.signOff], look: 'muted' }]];

/** Times that must be kept, in bold. */
const strongLines = (lines: readonly string[]): Block[] => lines.map((line) => ({ kind: 'paragraph', content: [line], look: 'strong' }));

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
): Mail {
  const { lead, offer, partner } = view;
  // A stranger's words, before anyone accepted: no way to reach them and no link.
  const notes = withoutContactDetails(lead.notes, lead) || w.noNotes;
  return composeMail({
    subject: w.offerSubject(what(lead), lead.urgent),
    to: partner.email,
    messageId: `<offer-${offer.id}@${options.messageIdDomain}>`,
    sections: [
      [{ kind: 'title' }, { kind: 'paragraph', content: [w.offerIntro] }],
      [
        lead.urgent ? { kind: 'paragraph', content: [w.urgent], look: 'alert' } : { kind: 'paragraph', content: [w.notUrgent] },
        ...strongLines(deadlines(view, true)),
        { kind: 'paragraph', content: [w.where(placeOf(lead, false))] },
        { kind: 'facts', facts: factsFor(view) },
      ],
      [
        { kind: 'heading', text: w.facts.notes },
        { kind: 'paragraph', content: [notes], look: 'pre' },
        Boolean(lead.notes) && notes !== lead.notes && { kind: 'paragraph', content: [w.notesHidden], look: 'muted' },
      ],
      [{ kind: 'buttons', buttons: [{ href: partnerOfferUrl(options.publicOrigin, token), label: w.openJob, tone: 'filled' }] }],
      ...closing(jobsUrl),
    ],
  });
}

/** "You have the job": the customer, the whole address and the way in, and a link back to the job page (its own). */
export function acceptedMail(
  view: OfferView & { lead: InboxLead },
  token: string,
  options: Pick<PartnerMailOptions, 'publicOrigin' | 'messageIdDomain'>,
  jobsUrl?: string,
): Mail {
  const { lead, offer, partner } = view;
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
  return composeMail({
    subject: w.acceptedSubject(what(lead)),
    to: partner.email,
    messageId: `<accepted-${offer.id}@${options.messageIdDomain}>`,
    sections: [
      [{ kind: 'title' }, { kind: 'paragraph', content: [w.acceptedIntro] }],
      [
        { kind: 'facts', facts: who },
        // The phone and address are in the facts just above: the buttons add nothing to the text part.
        {
          kind: 'buttons',
          buttons: [
            ...(tel ? [{ href: tel, label: `${c.phone} ${lead.phone}`, tone: 'filled' as const, plain: null }] : []),
            { href: mailtoHref(lead.work_email), label: `${c.email} ${lead.work_email}`, tone: tel ? 'outlined' : 'filled', plain: null },
          ],
        },
      ],
      [
        ...strongLines(deadlines(view, false)),
        { kind: 'paragraph', content: [w.where(placeOf(lead, true))] },
        lead.access_notes && { kind: 'paragraph', content: [`${w.page.access}: ${withoutLiveLinks(lead.access_notes)}`], look: 'pre' },
        { kind: 'facts', facts: factsFor(view) },
      ],
      [
        { kind: 'heading', text: w.facts.notes },
        { kind: 'paragraph', content: [notes], look: 'pre' },
      ],
      [{ kind: 'buttons', buttons: [{ href: partnerOfferUrl(options.publicOrigin, token), label: w.openAgain, tone: 'outlined' }] }],
      ...closing(jobsUrl),
    ],
  });
}

/** The short e-mail to a partner whose offer ended without them: what happened, nothing to do, whom to call. */
export function endedMail(view: OfferView & { lead: InboxLead }, options: Pick<PartnerMailOptions, 'messageIdDomain'>, jobsUrl?: string): Mail {
  const { lead, offer, partner } = view;
  const held = offer.accepted_at !== null;
  const why = w.ended[held ? 'takenBack' : offer.end_reason === 'taken' ? 'taken' : offer.end_reason === 'timed_out' ? 'timedOut' : 'withdrawn'];
  const line = business.emergencyLine;
  return composeMail({
    subject: w.endedSubject(what(lead)),
    to: partner.email,
    messageId: `<ended-${offer.id}@${options.messageIdDomain}>`,
    sections: [
      [{ kind: 'title' }, ...[why, ...(held ? [] : [w.endedNothingToDo]), w.page.callUs].map((text): Block => ({ kind: 'paragraph', content: [text] }))],
      // "Call us" just above already gives the number.
      [{ kind: 'buttons', buttons: [{ href: line.href, label: `${w.page.callBusiness} ${line.display}`, tone: 'outlined', plain: null }] }],
      ...closing(jobsUrl),
    ],
  });
}

/**
 * The customer's e-mail once a partner accepts: who will contact them, that their details went to
 * that partner alone, and which other partners were shown the job without them. Like the
 * acknowledgement it repeats only the form's fixed choices.
 */
export function introducedMail(view: OfferView & { lead: InboxLead }, options: Pick<PartnerMailOptions, 'messageIdDomain'>): Mail {
  const { lead, offer, partner } = view;
  const partnerTel = partner.phone ? telHref(partner.phone) : undefined;
  const onSiteBy = attendBy(lead);
  const lines = [
    ack.introducedIntro(partner.name),
    ...(onSiteBy ? [ack.introducedOnSiteBy(nzTime(onSiteBy))] : []),
    ack.introducedShared(partner.name),
    ...(offer.accepted_via === 'sms' ? [ack.introducedByText(partner.name)] : []),
    ...(view.alsoOffered.length ? [ack.introducedAlsoShown(view.alsoOffered)] : []),
  ];
  return composeMail({
    subject: ack.introducedSubject(partner.name),
    to: lead.work_email,
    messageId: `<introduced-${offer.id}@${options.messageIdDomain}>`,
    headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-generated' },
    sections: [
      [{ kind: 'title', text: ack.introducedHeading(partner.name) }],
      [
        ...lines.map((text): Block => ({ kind: 'paragraph', content: [text] })),
        partnerTel && { kind: 'buttons', buttons: [{ href: partnerTel, label: ack.introducedPhone(partner.phone), tone: 'filled' }] },
      ],
      [{ kind: 'facts', facts: leadChoices(lead) }],
      [{ kind: 'paragraph', content: [emergencyLink()] }],
      [{ kind: 'lines', lines: [ack.replyHint, ack.signOff] }],
    ],
  });
}

export function createPartnerSenders(options: PartnerMailOptions): Record<OfferPurpose, JobSender> {
  const { store, mailer, from, replyTo } = options;
  /** The offer armed for its e-mail, with the "Your jobs" link made from the offer link's token. */
  function* armedWithJobsLink(job: ClaimedJob, how?: Parameters<typeof armOffer>[3]) {
    const armed = yield* armOffer(job, randomToken, secretHash, how);
    if (!armed) return undefined;
    return { ...armed, jobsUrl: yield* jobsLinkFor(armed.view.offer, pageTokenFor(armed.token), options.publicOrigin) };
  }
  const send = (mail: Mail, signal?: AbortSignal) => mailer.sendMail(mail, { from, replyTo }, signal);
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
      // To the customer, from the business by name.
      await mailer.sendMail(introducedMail({ ...view, lead: view.lead }, options), { from: { name: business.name, address: from }, replyTo }, signal);
    },
  };
}
