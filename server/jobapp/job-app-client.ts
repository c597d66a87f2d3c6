/**
 * What the send to a job app asks of either app, one step at a time so each returned id can be
 * stored before the next step: the client (found by e-mail or phone, else made), the site where
 * the app keeps sites apart from clients, the job (found by the lead's reference, else made), and
 * the job's contact. Every find runs before its make, so a retry after a crash, or after an answer
 * lost on the way back, reuses what the app already made.
 */
import type { JobAppVendor } from '../../core/inbox-api/job-app-vendors.ts';
import type { JobCard } from './job-card.ts';
import { createServiceM8Client } from './servicem8-client.ts';
import { createFergusClient } from './fergus-client.ts';

export interface JobAppClient {
  vendor: JobAppVendor;
  /** One harmless read that fails with KeyRefused when the key does not open the account. */
  check(signal?: AbortSignal): Promise<void>;
  findClient(card: JobCard, signal?: AbortSignal): Promise<string | null>;
  makeClient(card: JobCard, signal?: AbortSignal): Promise<string>;
  /** The job's site, for an app that keeps one apart from the client (Fergus); null where the job holds its own address. */
  site(clientId: string, card: JobCard, signal?: AbortSignal): Promise<string | null>;
  findJob(clientId: string, card: JobCard, signal?: AbortSignal): Promise<string | null>;
  makeJob(ids: { clientId: string; siteId: string | null }, card: JobCard, signal?: AbortSignal): Promise<string>;
  /** Adds the customer as the job's contact unless it has one (Fergus: the site's contact already is). */
  addContact(jobId: string, card: JobCard, signal?: AbortSignal): Promise<void>;
  /** Where the lead's link opens the job in the app, from the job's id; null where the app documents no such address. */
  jobLink(jobId: string): string | null;
  /** The number the app shows its users for the job; null where it gives none. */
  jobNumber(jobId: string, signal?: AbortSignal): Promise<string | null>;
}

/** Where each app's API is: the vendors' own unless a test or a local stand-in says otherwise. */
export interface JobAppUrls {
  servicem8: string;
  fergus: string;
  fetch?: typeof fetch | undefined;
}

export function jobAppClient(vendor: JobAppVendor, secret: string, urls: JobAppUrls): JobAppClient {
  const options = { secret, fetch: urls.fetch };
  return vendor === 'servicem8' ? createServiceM8Client({ ...options, apiUrl: urls.servicem8 }) : createFergusClient({ ...options, apiUrl: urls.fergus });
}
