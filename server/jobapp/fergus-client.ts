/**
 * Fergus's partner API, spoken with plain JSON requests and a user's personal access token as
 * `Authorization: Bearer …` (it expires 365 days after it was made). A job needs a customer and a
 * site; the site's default contact is the job's contact. Answers wrap their record in `data`; a
 * customer or site that already exists may be answered with 303 and its address.
 *
 * Checked 2026-11-29: Fergus's own reference (api.fergus.com/docs, an OpenAPI document) could not
 * be read from here. The paths and bodies below follow the Fergus MCP server's source
 * (github.com/Jayco-Design/fergus-mcp) and an investigation that lists the same routes from that
 * OpenAPI document. Every path is in FERGUS_PATHS, so a correction is made once.
 */
import type { JobAppClient } from './job-app-client.ts';
import type { JobCard } from './job-card.ts';
import { JobAppRefused, vendorHttp, type VendorAnswer } from './vendor-http.ts';

export const FERGUS_PATHS = {
  /** The company's own details: the harmless check. */
  company: '/company',
  customers: '/customers',
  sites: '/sites',
  jobs: '/jobs',
} as const;

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const dataRows = (answer: VendorAnswer): Row[] => {
  const data = isRow(answer.json) ? answer.json['data'] : undefined;
  return Array.isArray(data) ? data.filter(isRow) : [];
};
const idText = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v) : '');

/** A contact's e-mail and phone numbers as Fergus lists them. */
function contactItems(contact: unknown): string[] {
  const items = isRow(contact) && Array.isArray(contact['contactItems']) ? contact['contactItems'] : [];
  return items.filter(isRow).map((i) => String(i['contactValue'] ?? '').toLowerCase());
}

const digits = (s: string) => s.replace(/\D/g, '');

/** The id of a record made (201, in `data`) or already there (303, at the end of its address). */
function madeId(answer: VendorAnswer, what: string): string {
  if (answer.status === 303) {
    const id = /\/(\d+)\/?$/.exec(answer.headers.get('location') ?? '')?.[1];
    if (id) return id;
  }
  const id = isRow(answer.json) && isRow(answer.json['data']) ? idText(answer.json['data']['id']) : '';
  if (!id) throw new JobAppRefused(`Fergus made the ${what} but did not say its id.`, answer.status);
  return id;
}

function contactOf(card: JobCard) {
  const { first, last, email, mobile, phone } = card.contact;
  const items = [
    ['email', email],
    ['mobile', mobile],
    ['phone', phone],
  ]
    .filter(([, value]) => value)
    .map(([contactType, contactValue]) => ({ contactType, contactValue }));
  return { firstName: first || card.clientName, lastName: last, contactItems: items };
}

function addressOf(card: JobCard) {
  return { address1: card.site.street, addressSuburb: card.site.suburb, addressCity: card.site.city, addressCountry: 'New Zealand' };
}

export function createFergusClient(options: { apiUrl: string; secret: string; fetch?: typeof fetch | undefined }): JobAppClient {
  const request = vendorHttp({
    apiUrl: options.apiUrl,
    auth: { authorization: `Bearer ${options.secret}` },
    secret: options.secret,
    name: 'Fergus',
    fetch: options.fetch,
  });
  const search = async (path: string, params: Record<string, string>, signal?: AbortSignal) =>
    dataRows(await request({ method: 'GET', path: `${path}?${new URLSearchParams({ pageSize: '25', ...params }).toString()}` }, signal));

  return {
    vendor: 'fergus',
    // Fergus documents no address of a job's page for other apps to open.
    jobLink: () => null,
    async jobNumber(jobId, signal) {
      if (!/^\d+$/.test(jobId)) return null;
      const answer = await request({ method: 'GET', path: `${FERGUS_PATHS.jobs}/${jobId}` }, signal);
      const number = isRow(answer.json) && isRow(answer.json['data']) ? idText(answer.json['data']['jobNo']) : '';
      // The number Fergus's users know the job by ("Job-500"); anything else it answered is not shown as one.
      return /^[\w-]{1,20}$/.test(number) ? number : null;
    },
    async check(signal) {
      await request({ method: 'GET', path: FERGUS_PATHS.company }, signal);
    },
    async findClient(card, signal) {
      const { email, mobile, phone } = card.contact;
      for (const value of [email, mobile, phone]) {
        if (!value) continue;
        const wanted = value.includes('@') ? value.toLowerCase() : digits(value);
        const found = (await search(FERGUS_PATHS.customers, { filterSearchText: value }, signal)).find((c) =>
          contactItems(c['mainContact']).some((item) => (value.includes('@') ? item === wanted : digits(item) === wanted)),
        );
        if (found) return idText(found['id']) || null;
      }
      return null;
    },
    async makeClient(card, signal) {
      const body = { customerFullName: card.clientName, mainContact: contactOf(card), physicalAddress: addressOf(card) };
      return madeId(await request({ method: 'POST', path: FERGUS_PATHS.customers, body }, signal), 'customer');
    },
    async site(_clientId, card, signal) {
      // Only a street tells one site from another; without one the job gets a site of its own.
      const found = !card.site.street
        ? undefined
        : (await search(FERGUS_PATHS.sites, { filterSearchText: card.site.street }, signal)).find((s) => {
            const at = isRow(s['siteAddress']) ? s['siteAddress'] : {};
            return String(at['address1'] ?? '') === card.site.street && String(at['addressCity'] ?? '') === card.site.city;
          });
      if (found && idText(found['id'])) return idText(found['id']);
      const body = { name: card.address, defaultContact: contactOf(card), siteAddress: addressOf(card) };
      return madeId(await request({ method: 'POST', path: FERGUS_PATHS.sites, body }, signal), 'site');
    },
    async findJob(clientId, card, signal) {
      const jobs = await search(FERGUS_PATHS.jobs, { filterCustomerId: clientId, filterSearchText: card.reference }, signal);
      // The read model may give the title as `description`: the reference is in both.
      const found = jobs.find((j) => [j['description'], j['title']].some((v) => typeof v === 'string' && v.includes(card.reference)));
      return found ? idText(found['id']) || null : null;
    },
    async makeJob({ clientId, siteId }, card, signal) {
      const body = {
        jobType: 'Quote',
        title: `${card.title} (${card.reference})`.slice(0, 200),
        description: card.description,
        customerId: Number(clientId),
        ...(siteId ? { siteId: Number(siteId) } : {}),
        isDraft: false,
      };
      return madeId(await request({ method: 'POST', path: FERGUS_PATHS.jobs, body }, signal), 'job');
    },
    async addContact() {
      // The site made or found for the job holds the customer as its default contact.
    },
  };
}
