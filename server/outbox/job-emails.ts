/**
 * The e-mails about the job on a lead: the customer told, 30 minutes on, that nobody has taken their
 * urgent request yet (with the 24/7 line, and no promise), and the business told that its partner
 * finished the job (so it marks the lead Won or Lost) or handed it back (and why). Each reads the
 * lead when it is sent: a customer whom someone committed to meanwhile is not told nobody has.
 */
import { business } from '../../core/business.ts';
import { inboxLead, type InboxLead } from '../storage/lead-work.ts';
import { offerRowById, anyPartnerById } from '../storage/offer-records.ts';
import type { LeadStore, OutboxJob } from '../storage/types.ts';
import { someoneCommitted } from '../dispatch/customer-updates.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import { composeMail, type Mail } from './mail-model.ts';
import { jobCopy as copy } from './email-words.ts';
import { leadNotice, who, type NoticeAddresses } from './lead-notices.ts';
import { notificationRecipients } from './lead-email.ts';
import type { Mailer } from './mailer.ts';
import { PermanentFailure, type JobSender } from './worker.ts';

export interface JobMailOptions extends NoticeAddresses {
  store: LeadStore;
  mailer: Mailer;
  from: string;
}

/** To the customer of an urgent request nobody has committed to: the truth and the number to call. */
export function nobodyYetMail(lead: InboxLead, messageIdDomain: string): Mail {
  const n = copy.nobodyYet;
  const line = business.emergencyLine;
  return composeMail({
    subject: n.subject,
    headings: 'capitals',
    page: 'plain',
    to: lead.work_email,
    messageId: `<nobody-yet-${lead.id}@${messageIdDomain}>`,
    headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-generated' },
    sections: [
      [{ kind: 'title', text: n.heading }],
      n.lines.map((text) => ({ kind: 'paragraph', content: [text] }) as const),
      [{ kind: 'buttons', buttons: [{ href: line.href, label: n.call(line.display), tone: 'alert', plain: n.callText(line.display, line.digits) }] }],
      [{ kind: 'lines', lines: [n.signOff] }],
    ],
  });
}

/** To the business: the partner pressed "Job done"; the lead is theirs to mark Won or Lost. */
export function jobDoneMail(lead: InboxLead, partner: string, offerId: string, options: NoticeAddresses): Mail {
  return leadNotice(
    lead,
    copy.doneSubject(who(lead)),
    copy.doneIntro(partner),
    { to: options.to, messageId: `<done-${offerId}@${options.messageIdDomain}>` },
    options,
  );
}

/** To the business (and, for an urgent job, the urgent address): the partner handed the job back, and why. */
export function handedBackMail(lead: InboxLead, partner: string, reason: string, offerId: string, options: NoticeAddresses): Mail {
  return leadNotice(
    lead,
    copy.handedBackSubject(who(lead), lead.urgent),
    `${copy.handedBackIntro(partner, reason)} ${copy.handedBackNext(lead.urgent)}`,
    { to: notificationRecipients(lead, options.to, options.urgentTo), messageId: `<handed-back-${offerId}@${options.messageIdDomain}>`, urgent: lead.urgent },
    options,
  );
}

export function createJobEmails(options: JobMailOptions): Record<'customer-nobody-email' | 'job-done' | 'handed-back', JobSender> {
  const { store, mailer, from } = options;
  const leadOf = async (job: OutboxJob) => {
    const lead = job.lead_id ? await store.read(() => inboxLead(job.lead_id!)) : undefined;
    if (!lead) throw new PermanentFailure('lead no longer exists');
    return lead;
  };
  /** The offer a job-end e-mail is about (its period), with its partner's name. */
  const offerOf = async (job: OutboxJob) => {
    if (!job.period) throw new PermanentFailure('job e-mail without its offer');
    return store.read(function* () {
      const offer = yield* offerRowById(job.period!);
      return offer && { offer, partner: yield* anyPartnerById(offer.partner_id) };
    });
  };
  return {
    'customer-nobody-email': async (job, signal) => {
      const lead = await leadOf(job);
      // Someone took it (or it closed) since it was queued: the e-mail would no longer be true.
      if (lead.spam || !openJobStatuses.includes(lead.status) || (await store.read(() => someoneCommitted(lead)))) return;
      await mailer.sendMail(nobodyYetMail(lead, options.messageIdDomain), { from: { name: business.name, address: from }, replyTo: options.to[0] }, signal);
    },
    'job-done': async (job, signal) => {
      const lead = await leadOf(job);
      const found = await offerOf(job);
      // Already marked Won or Lost: nothing left to ask.
      if (!found?.offer.done_at || !openJobStatuses.includes(lead.status)) return;
      await mailer.sendMail(jobDoneMail(lead, found.partner.name, found.offer.id, options), { from }, signal);
    },
    'handed-back': async (job, signal) => {
      const lead = await leadOf(job);
      const found = await offerOf(job);
      if (found?.offer.end_reason !== 'handed_back') return;
      await mailer.sendMail(handedBackMail(lead, found.partner.name, found.offer.handed_back_reason, found.offer.id, options), { from }, signal);
    },
  };
}
