/**
 * The senders of the scheduler's e-mails: the nudge about a lead nobody has answered, the follow-up
 * reminder, the escalation, the owners' overnight summary, the evening note of cities nobody is on
 * call for, the prices reminder and the weekly digest (each written in lead-notices.ts,
 * owner-notices.ts or digest-email.ts). Each reads what it needs when it is sent, so a lead answered
 * or re-dated between queueing and sending gets no stale e-mail.
 */
import { inboxLead } from '../storage/lead-work.ts';
import { escalatedLeads, urgentLeadsBetween } from '../storage/notice-queue.ts';
import { tonightsGaps } from '../dispatch/night-gaps.ts';
import { nightAfter, nightBefore } from './scheduler.ts';
import { holdersOf, offersOfLead } from '../storage/offer-records.ts';
import { offerChannels } from '../storage/offer-channels.ts';
import type { LeadStore, OutboxJob } from '../storage/types.ts';
import type { SchedulerPurpose } from '../storage/purposes.ts';
import { publishedPriceAge } from '../site/price-age.ts';
import type { Mailer } from './mailer.ts';
import { PermanentFailure, type JobSender } from './worker.ts';
import { nudgeMail, outcomeOf, reminderMail, unacceptedMail, type NoticeAddresses } from './lead-notices.ts';
import { gapsMail, overnightMail, pricesMail } from './owner-notices.ts';
import { digestMail, digestRecipients, loadDigest } from './digest-email.ts';

export interface NoticeOptions extends NoticeAddresses {
  store: LeadStore;
  mailer: Mailer;
  from: string;
  /** The clock the digest's "still New" and "now" are read by (tests move it). */
  now?: () => Date;
}

export function createNoticeSenders(options: NoticeOptions): Record<SchedulerPurpose, JobSender> {
  const { store, mailer, from } = options;
  const now = options.now ?? (() => new Date());
  const leadOf = async (job: OutboxJob) => {
    const lead = job.lead_id ? await store.read(() => inboxLead(job.lead_id!)) : undefined;
    if (!lead) throw new PermanentFailure('lead no longer exists');
    return lead;
  };
  const senders: Record<SchedulerPurpose, JobSender> = {
    nudge: async (job, signal) => {
      const lead = await leadOf(job);
      // Answered (or marked spam) since it was queued: nothing to nudge about.
      if (lead.status !== 'new' || lead.spam) return;
      // A partner took it, or is being offered it right now, since it was queued: "still not called" would not be true.
      const offers = await store.read(() => offersOfLead(lead.id));
      if (offers.some(({ offer }) => offer.state === 'accepted' || (offer.state === 'open' && !offer.expired))) return;
      await mailer.sendMail(nudgeMail(lead, now(), options), { from }, signal);
    },
    reminder: async (job, signal) => {
      const lead = await leadOf(job);
      // The date was changed or cleared since it was queued: that reminder is no longer wanted.
      if (!job.period || lead.follow_up_on !== job.period || lead.spam) return;
      await mailer.sendMail(reminderMail(lead, job.period, options), { from }, signal);
    },
    unaccepted: async (job, signal) => {
      const lead = await leadOf(job);
      const { offers, channels } = await store.read(function* () {
        return { offers: yield* offersOfLead(lead.id), channels: yield* offerChannels(lead.id) };
      });
      // Taken, or closed, since it was queued: nobody needs telling.
      if (offers.some((o) => o.offer.state === 'accepted') || lead.spam) return;
      const tried = offers
        .filter((o) => o.offer.automatic)
        .map(({ offer, partner }) => ({ name: partner.name, phone: partner.phone, outcome: outcomeOf(offer, channels.get(offer.id)) }));
      await mailer.sendMail(unacceptedMail(lead, tried, options), { from }, signal);
    },
    overnight: async (job, signal) => {
      if (!job.period) throw new PermanentFailure('overnight summary without its date');
      const { start, end } = nightBefore(job.period);
      const night = await store.read(function* () {
        const leads = yield* urgentLeadsBetween(start, end);
        const holders = yield* holdersOf(leads.map((l) => l.id));
        const escalated = new Set((yield* escalatedLeads(leads.map((l) => l.id))) as string[]);
        return leads.map((lead) => ({ lead, holder: holders.get(lead.id), escalated: escalated.has(lead.id) }));
      });
      if (night.length === 0) return;
      await mailer.sendMail(overnightMail(job.period, night, await digestRecipients(store, options.to), options), { from }, signal);
    },
    gaps: async (job, signal) => {
      if (!job.period) throw new PermanentFailure('gap note without its date');
      const night = nightAfter(job.period);
      // The night is over (the worker was down all of it): a note about it would only mislead.
      if (now() >= night.end) return;
      const gaps = await store.read(() => tonightsGaps(night));
      // Someone went on call since it was queued: every city is covered, nothing to say.
      if (gaps.length === 0) return;
      await mailer.sendMail(gapsMail(job.period, gaps, await digestRecipients(store, options.to), options), { from }, signal);
    },
    prices: async (job, signal) => {
      const age = await publishedPriceAge(store, now());
      // Verified since it was queued (the date line moved on), or no longer past the check: nothing to remind.
      if (!age?.stale || age.date !== job.period) return;
      await mailer.sendMail(pricesMail(age, await digestRecipients(store, options.to), options), { from }, signal);
    },
    digest: async (job, signal) => {
      if (!job.period) throw new PermanentFailure('digest job without its week');
      const digest = await loadDigest(store, job.period);
      await mailer.sendMail(digestMail(digest, await digestRecipients(store, options.to), options), { from }, signal);
    },
  };
  return senders;
}
