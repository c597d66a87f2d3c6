/**
 * A lead as the inbox app receives it: the row of the list, the full lead with its job value in
 * dollars, the timeline (arrival, every change and note, every delivery) and its notifications.
 */
import type { LeadDetail, LeadRow, Notification } from '../../core/inbox-api/leads.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import type { InboxLead, LeadEvent } from '../storage/lead-work.ts';
import type { Holder } from '../storage/offer-records.ts';
import type { OutboxJob } from '../storage/types.ts';
import { inboxWords } from './inbox-words.ts';

export function leadRow(lead: InboxLead, holder: Holder | null = null): LeadRow {
  const { id, created_at, contact_name, company_name, city, service_type, urgent, status, spam, spam_reason, follow_up_on } = lead;
  return { id, created_at, contact_name, company_name, city, service_type, urgent, status, spam, spam_reason, follow_up_on, attend_by: attendBy(lead), holder };
}

export function leadDetail(lead: InboxLead, holder: Holder | null = null): LeadDetail {
  const { job_value_cents, status_changed_at, first_action_at, ...rest } = lead;
  // A column the store holds and the contract does not name fails here, instead of being dropped
  // from the answer (a person's export must carry every column).
  const columns: { [K in keyof typeof rest]: K extends keyof LeadDetail ? LeadDetail[K] : never } = rest;
  return {
    ...columns,
    attend_by: attendBy(lead),
    holder,
    job_value: job_value_cents === null ? null : job_value_cents / 100,
    status_changed_at: status_changed_at === null ? null : new Date(status_changed_at).toISOString(),
    first_action_at: first_action_at === null ? null : new Date(first_action_at).toISOString(),
  };
}

type Job = OutboxJob & { delivered_at: number | null; partner_name?: string | null };

function notificationState(job: Job): Notification['state'] {
  if (job.status === 'done') return 'sent';
  if (job.status === 'dead') return 'dead';
  return job.last_error ? 'failed' : 'pending';
}

function label(lead: InboxLead, job: Job, urgentCopy: boolean): string {
  const what = inboxWords.notification(job.purpose, urgentCopy && lead.urgent) + (job.transport === 'sms' ? inboxWords.byText : '');
  return job.partner_name ? `${what}: ${job.partner_name}` : what;
}

export function notifications(lead: InboxLead, jobs: Job[], urgentCopy: boolean): Notification[] {
  return jobs.map((job) => {
    const state = notificationState(job);
    return {
      id: job.id,
      purpose: job.purpose,
      label: label(lead, job, urgentCopy),
      state,
      attempts: job.attempts,
      last_error: job.last_error,
      can_send_again: state === 'failed' || state === 'dead',
    };
  });
}

export interface TimelineEntry {
  id: string;
  at: string;
  kind: 'arrived' | 'delivery' | LeadEvent['kind'];
  actor_email: string | null;
  text: string;
}

/**
 * Everything that happened to the lead, oldest first. A message reads "sent" when it left (the mail
 * server or the text provider took it) and "delivered" only when a delivery receipt said it arrived:
 * `textsDelivered` has the texts a receipt confirmed, by `offerId|purpose`, with the receipt's time.
 */
export function timeline(
  lead: InboxLead,
  events: LeadEvent[],
  jobs: Job[],
  urgentCopy: boolean,
  textsDelivered: ReadonlyMap<string, number> = new Map(),
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { id: `arrived-${lead.id}`, at: lead.created_at, kind: 'arrived', actor_email: null, text: inboxWords.events.arrived(lead.path) },
    ...events.map((e) => ({ id: e.id, at: new Date(e.at).toISOString(), kind: e.kind, actor_email: e.actor_email, text: e.text })),
  ];
  for (const job of jobs) {
    if (job.status === 'done' && job.delivered_at !== null)
      entries.push({
        id: `sent-${job.id}`,
        at: new Date(job.delivered_at).toISOString(),
        kind: 'delivery',
        actor_email: null,
        text: inboxWords.events.sent(label(lead, job, urgentCopy)),
      });
    const receipt = job.transport === 'sms' && job.offer_id ? textsDelivered.get(`${job.offer_id}|${job.purpose}`) : undefined;
    if (receipt !== undefined)
      entries.push({
        id: `delivered-${job.id}`,
        at: new Date(receipt).toISOString(),
        kind: 'delivery',
        actor_email: null,
        text: inboxWords.events.delivered(label(lead, job, urgentCopy)),
      });
    if (job.status === 'dead')
      entries.push({
        id: `dead-${job.id}`,
        at: new Date(job.next_attempt_at).toISOString(),
        kind: 'delivery',
        actor_email: null,
        text: inboxWords.events.dead(label(lead, job, urgentCopy), job.last_error),
      });
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
