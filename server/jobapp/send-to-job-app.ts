/**
 * The 'job-app' job: a lead's job made in the connected app, run by the outbox worker like any
 * other job (claimed once across instances, retried with back-off and no sooner than the app's
 * Retry-After). Each step stores the id the app returned before the next begins, and each step
 * looks before it makes, so a run cut short anywhere (a crash, a lost answer, a timeout) is
 * finished by the next without a second client or a second job.
 *
 * The app's refusal of the key marks the connection refused (the owners' screen and the digest say
 * so) and fails the send; any other refusal fails the send with the app's words; passing trouble
 * is shown on the lead while the job is retried.
 */
import { jobAppConnection, markContactDone, markFailed, markKeyRefused, markSent, noteTrouble, saveStep, sendOfLead } from '../storage/job-app-records.ts';
import { inboxLead } from '../storage/lead-work.ts';
import { holdersOf } from '../storage/offer-records.ts';
import type { LeadStore } from '../storage/types.ts';
import { PermanentFailure, type JobSender } from '../outbox/worker.ts';
import { jobAppClient, type JobAppUrls } from './job-app-client.ts';
import { jobCard } from './job-card.ts';
import { JobAppRefused, KeyRefused } from './vendor-http.ts';
import { jobAppWords as w } from './job-app-words.ts';

export function createJobAppSender(store: LeadStore, urls: JobAppUrls): JobSender {
  return async (job, signal) => {
    const leadId = job.lead_id;
    if (!leadId) throw new PermanentFailure('a job-app job names no lead');
    const found = await store.read(function* () {
      const lead = yield* inboxLead(leadId);
      const holder = lead ? ((yield* holdersOf([leadId])).get(leadId) ?? null) : null;
      return { lead, holder, send: yield* sendOfLead(leadId), connection: yield* jobAppConnection() };
    });
    const { lead, holder, send, connection } = found;
    if (!lead || !send) throw new PermanentFailure('lead no longer exists');
    if (send.state === 'sent') return;
    if (!connection || connection.vendor !== send.vendor) {
      await store.transact(() => markFailed(leadId, w.errors.notConnected, w.events.failed(send.vendor, w.errors.notConnected)));
      throw new PermanentFailure(w.errors.notConnected);
    }
    const { vendor, secret } = connection;
    const client = jobAppClient(vendor, secret, urls);
    const card = jobCard(lead, holder);
    const save = (step: 'client_id' | 'site_id' | 'job_id', id: string) => store.transact(() => saveStep(leadId, step, id));
    try {
      let clientId = send.client_id;
      if (!clientId) {
        clientId = (await client.findClient(card, signal)) ?? (await client.makeClient(card, signal));
        await save('client_id', clientId);
      }
      let siteId = send.site_id;
      if (!siteId) {
        siteId = await client.site(clientId, card, signal);
        if (siteId) await save('site_id', siteId);
      }
      let jobId = send.job_id;
      if (!jobId) {
        jobId = (await client.findJob(clientId, card, signal)) ?? (await client.makeJob({ clientId, siteId }, card, signal));
        await save('job_id', jobId);
      }
      if (!send.contact_done) {
        await client.addContact(jobId, card, signal);
        await store.transact(() => markContactDone(leadId));
      }
      // The job is made: its number is a nicety, and trouble reading it must not send the job again.
      const number = await client.jobNumber(jobId, signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return null;
      });
      await store.transact(() => markSent(leadId, { url: client.jobLink(jobId), number }, w.events.sent(vendor, number ?? jobId)));
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof KeyRefused) {
        const words = w.errors.keyRefused(error.vendorWords);
        await store.transact(function* () {
          yield* markKeyRefused(secret, error.vendorWords);
          yield* markFailed(leadId, words, w.events.failed(vendor, words));
        });
        throw new PermanentFailure(words);
      }
      if (error instanceof JobAppRefused) {
        await store.transact(() => markFailed(leadId, error.vendorWords, w.events.failed(vendor, error.vendorWords)));
        throw new PermanentFailure(error.vendorWords);
      }
      const words = error instanceof Error ? error.message : String(error);
      await store.transact(() => noteTrouble(leadId, words));
      throw error;
    }
  };
}
