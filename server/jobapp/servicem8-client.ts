/**
 * ServiceM8's REST API (api_1.0), spoken with plain JSON requests and the account's own key in
 * `X-API-Key`. A new record's id comes back in the `x-record-uuid` header. Lists take OData-style
 * filters (`$filter=email eq '…'`), which is how a client is found by its contact's e-mail or
 * mobile, and a job by the lead's reference in its description. ServiceM8 allows 180 requests a
 * minute and 20,000 a day; one send makes at most nine.
 */
import type { JobAppClient } from './job-app-client.ts';
import { JobAppRefused, vendorHttp, type VendorAnswer } from './vendor-http.ts';

const API = '/api_1.0';
/** A uuid no record has: the harmless check reads an empty list with it. */
const NO_RECORD = '00000000-0000-0000-0000-000000000000';

/**
 * The job in ServiceM8's iPhone and iPad app, the link its developer documentation gives for other
 * apps and websites (developer.servicem8.com, "iOS Deep Links", read 29 November 2026). Only a
 * record uuid is put in it, so nothing the API answers can make it another address.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const jobLink = (jobId: string) => (UUID.test(jobId) ? `com.servicem8://job/${jobId}` : null);

/** A value inside an OData string literal: its quotes doubled. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const list = (resource: string, filter: string) => `${API}/${resource}.json?${new URLSearchParams({ $filter: filter }).toString()}`;

type Row = Record<string, unknown>;
const rows = (answer: VendorAnswer): Row[] => (Array.isArray(answer.json) ? answer.json.filter((r): r is Row => typeof r === 'object' && r !== null) : []);
const text = (row: Row, key: string) => (typeof row[key] === 'string' ? row[key] : '');

function newId(answer: VendorAnswer, what: string): string {
  const id = answer.headers.get('x-record-uuid')?.trim();
  // ServiceM8 may well have made the record: the caller's next find looks for it before making another.
  if (!id) throw new JobAppRefused(`ServiceM8 made the ${what} but did not say its id.`, answer.status);
  return id;
}

export function createServiceM8Client(options: { apiUrl: string; secret: string; fetch?: typeof fetch | undefined }): JobAppClient {
  const request = vendorHttp({
    apiUrl: options.apiUrl,
    auth: { 'x-api-key': options.secret },
    secret: options.secret,
    name: 'ServiceM8',
    fetch: options.fetch,
  });
  const get = async (resource: string, filter: string, signal?: AbortSignal) => rows(await request({ method: 'GET', path: list(resource, filter) }, signal));
  const post = (resource: string, body: Record<string, unknown>, signal?: AbortSignal) =>
    request({ method: 'POST', path: `${API}/${resource}.json`, body }, signal);

  return {
    vendor: 'servicem8',
    jobLink,
    async jobNumber(jobId, signal) {
      if (!UUID.test(jobId)) return null;
      const [job] = await get('job', `uuid eq ${literal(jobId)}`, signal);
      const number = job?.['generated_job_id'];
      // The number ServiceM8's users see ("1042"); anything else it answered is not shown as one.
      return (typeof number === 'string' || typeof number === 'number') && /^[\w-]{1,20}$/.test(String(number)) ? String(number) : null;
    },
    async check(signal) {
      await get('company', `uuid eq ${literal(NO_RECORD)}`, signal);
    },
    async findClient(card, signal) {
      const { email, mobile, phone } = card.contact;
      for (const [field, value] of [
        ['email', email],
        ['mobile', mobile],
        ['phone', phone],
      ] as const) {
        if (!value) continue;
        const found = (await get('companycontact', `${field} eq ${literal(value)} and active eq 1`, signal)).find((c) => text(c, 'company_uuid'));
        if (found) return text(found, 'company_uuid');
      }
      // A client this send made before its answer was lost has no contact yet: it is found by its name and address.
      const same = await get('company', `name eq ${literal(card.clientName)} and active eq 1`, signal);
      const made = same.find((c) => text(c, 'address') === card.address);
      return made ? text(made, 'uuid') : null;
    },
    async makeClient(card, signal) {
      const id = newId(await post('company', { name: card.clientName, address: card.address }, signal), 'client');
      const { first, last, email, mobile, phone } = card.contact;
      // The client's own contact, so the next request from this customer finds them by e-mail or phone.
      await post('companycontact', { company_uuid: id, first, last, email, mobile, phone, is_primary_contact: '1' }, signal);
      return id;
    },
    async site() {
      return null;
    },
    async findJob(clientId, card, signal) {
      const jobs = await get('job', `company_uuid eq ${literal(clientId)} and active eq 1`, signal);
      const found = jobs.find((j) => text(j, 'job_description').includes(card.reference));
      return found ? text(found, 'uuid') : null;
    },
    async makeJob({ clientId }, card, signal) {
      const body = { status: card.won ? 'Work Order' : 'Quote', company_uuid: clientId, job_address: card.address, job_description: card.description };
      return newId(await post('job', body, signal), 'job');
    },
    async addContact(jobId, card, signal) {
      const existing = await get('jobcontact', `job_uuid eq ${literal(jobId)} and active eq 1`, signal);
      if (existing.some((c) => text(c, 'type') === 'JOB')) return;
      const { first, last, email, mobile } = card.contact;
      await post('jobcontact', { job_uuid: jobId, first, last, mobile: mobile || card.contact.phone, email, type: 'JOB' }, signal);
    },
  };
}
