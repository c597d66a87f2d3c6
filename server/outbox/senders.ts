/**
 * The one rule for which jobs this server sends, and the sender of each purpose. The server queues
 * a new lead's jobs only for the purposes on here and the worker claims only these, so the two can
 * never drift apart (a job queued that nobody sends would wait for ever).
 */
import { textsConfigured, type Config } from '../config.ts';
import type { LeadStore } from '../storage/types.ts';
import type { LeadPurpose, Purpose } from '../storage/purposes.ts';
import { createNoticeSenders } from './notice-emails.ts';
import { aboutLead, byTransport, type JobSender, type LeadSender } from './worker.ts';
import { createPartnerTexts } from './partner-texts.ts';
import { createTwilioClient } from '../sms/twilio-client.ts';
import { createPartnerSenders } from './partner-emails.ts';
import { createEmailSender } from './email.ts';
import { mailerFor, type Mailer } from './mailer.ts';
import { createAcknowledgementSender } from './acknowledgement.ts';
import { createWebhookSender } from './webhook.ts';
import { createDispatchNote } from './dispatch-note.ts';
import { createJobEmails } from './job-emails.ts';
import { createCustomerTexts } from './customer-texts.ts';
import { textCustomers } from '../dispatch/customer-updates.ts';
import { createReviewSenders } from '../reviews/review-senders.ts';

type ChannelConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'SMTP_ALLOW_PLAINTEXT'
  | 'LEAD_ACK_EMAIL'
  | 'LEAD_NOTIFY_TO'
  | 'LEAD_NOTIFY_URGENT_TO'
  | 'LEAD_NOTIFY_FROM'
  | 'WEBHOOK_URL'
  | 'WEBHOOK_SECRET'
  | 'OUTBOX_CONCURRENCY'
> &
  Partial<Pick<Config, 'PUBLIC_ORIGIN'>>;

/** Whether each of a new lead's jobs is configured, in the order they are queued. */
const leadPurposeIsOn: Record<LeadPurpose, (config: ChannelConfig) => boolean> = {
  'new-lead': (config) => Boolean(config.SMTP_URL),
  acknowledgement: (config) => Boolean(config.SMTP_URL && config.LEAD_ACK_EMAIL),
  webhook: (config) => Boolean(config.WEBHOOK_URL && config.WEBHOOK_SECRET),
};

export function configuredLeadPurposes(config: ChannelConfig): LeadPurpose[] {
  return (Object.keys(leadPurposeIsOn) as LeadPurpose[]).filter((purpose) => leadPurposeIsOn[purpose](config));
}

/** The domain of the Message-IDs the server makes: the sending address's. */
export const messageIdDomain = (config: Pick<Config, 'LEAD_NOTIFY_FROM'>) => config.LEAD_NOTIFY_FROM.split('@')[1]!;

const buildSender: Record<LeadPurpose, (config: ChannelConfig, store: LeadStore, mailer: Mailer | undefined) => LeadSender> = {
  'new-lead': (config, store, mailer) =>
    createEmailSender({
      mailer: mailer!,
      to: config.LEAD_NOTIFY_TO,
      urgentTo: config.LEAD_NOTIFY_URGENT_TO,
      from: config.LEAD_NOTIFY_FROM,
      inboxOrigin: config.PUBLIC_ORIGIN,
      messageIdDomain: messageIdDomain(config),
      // With e-mail on, urgent leads dispatch: their e-mail says what dispatch is doing.
      dispatchNote: createDispatchNote(store),
    }),
  acknowledgement: (config, _store, mailer) =>
    createAcknowledgementSender({
      mailer: mailer!,
      from: config.LEAD_NOTIFY_FROM,
      replyTo: config.LEAD_NOTIFY_TO[0]!,
      messageIdDomain: messageIdDomain(config),
    }),
  webhook: (config) => createWebhookSender({ url: config.WEBHOOK_URL!, secret: config.WEBHOOK_SECRET! }),
};

/**
 * A sender for each of a new lead's configured jobs, and nothing else. The e-mails go through
 * `mailer`, the process's one (made from the same settings when none is given).
 */
export function createLeadSenders(config: ChannelConfig, store: LeadStore, mailer = mailerFor(config)): Partial<Record<LeadPurpose, JobSender>> {
  return Object.fromEntries(configuredLeadPurposes(config).map((purpose) => [purpose, aboutLead(store, buildSender[purpose](config, store, mailer))]));
}

/**
 * The senders of the nudges, reminders and digest, and of the partners' e-mails: on whenever e-mail
 * is (they need nothing more), off with it; and the partners' texts too where Twilio is set up.
 */
export function createMailedJobSenders(
  config: ChannelConfig & Pick<Config, 'PUBLIC_ORIGIN' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL'>,
  store: LeadStore,
  mailer = mailerFor(config),
): Partial<Record<Purpose, JobSender>> {
  if (!mailer) return {};
  const partners = createPartnerSenders({
    store,
    mailer,
    from: config.LEAD_NOTIFY_FROM,
    replyTo: config.LEAD_NOTIFY_TO[0]!,
    publicOrigin: config.PUBLIC_ORIGIN,
    messageIdDomain: messageIdDomain(config),
  });
  // The business's own e-mails (notices, and the jobs' done and handed-back) go from and to the same addresses.
  const toBusiness = {
    store,
    mailer,
    from: config.LEAD_NOTIFY_FROM,
    to: config.LEAD_NOTIFY_TO,
    urgentTo: config.LEAD_NOTIFY_URGENT_TO,
    inboxOrigin: config.PUBLIC_ORIGIN,
    messageIdDomain: messageIdDomain(config),
  };
  const notices = createNoticeSenders(toBusiness);
  // With Twilio set up, an offer and the customer's details after a YES also travel by text.
  const client = textsConfigured(config)
    ? createTwilioClient({
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM!,
        apiUrl: config.TWILIO_API_URL,
      })
    : undefined;
  const texts = client && { client, ...createPartnerTexts({ store, publicOrigin: config.PUBLIC_ORIGIN, client }) };
  const jobEmails = createJobEmails(toBusiness);
  // Customers are texted only where texts can be sent: otherwise their jobs would wait for ever.
  textCustomers(texts !== undefined);
  const customerTexts = texts && createCustomerTexts({ store, client: texts.client });
  const reviews = createReviewSenders({ ...toBusiness, publicOrigin: config.PUBLIC_ORIGIN, replyTo: config.LEAD_NOTIFY_TO[0]!, client });
  return {
    ...notices,
    ...reviews,
    ...partners,
    ...jobEmails,
    ...customerTexts,
    ...(texts && { offer: byTransport({ email: partners.offer, sms: texts.offer }), accepted: byTransport({ email: partners.accepted, sms: texts.accepted }) }),
  };
}
