/**
 * Stand-ins for ServiceM8's and Fergus's APIs on one local port (SERVICEM8_API_URL and
 * FERGUS_API_URL point here): each keeps its records in memory, answers as the vendor does (a new
 * ServiceM8 record's id in `x-record-uuid` and a job's number in `generated_job_id`, Fergus's
 * records in `data`), refuses a wrong key with 401, and can be told to answer 429 with a
 * Retry-After, or to hold a request unanswered (the moment a test kills the server).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

export const SERVICEM8_KEY = 'smk-7d1e4c2b9a8f3f9a';
export const FERGUS_TOKEN = 'fergPAT_5b2c9e1d7a4f8c3e';

type Rec = Record<string, unknown>;

export interface FakeJobApps {
  /** ServiceM8 at `${url}/sm8`, Fergus at `${url}/fergus`. */
  servicem8Url: string;
  fergusUrl: string;
  /** Records by resource: company, companycontact, job, jobcontact (ServiceM8); customers, sites, jobs (Fergus). */
  records: Map<string, Rec[]>;
  /** Every request as "METHOD /path", and the auth headers it carried. */
  requests: { line: string; auth: string }[];
  /** The next this many requests answer 429 with this Retry-After (seconds). */
  busy: { count: number; retryAfter: string };
  /** The keys each app accepts; a key taken out is "revoked". */
  keys: { servicem8: Set<string>; fergus: Set<string> };
  /** Requests matching this ("POST /sm8/api_1.0/job.json") are taken (the record made) but never answered. */
  hold: string | null;
  held: number;
  /** Requests this picks out ("GET /sm8/api_1.0/job.json" and its query) answer 503, as an app with trouble does. */
  broken: ((line: string, query: URLSearchParams) => boolean) | null;
  close(): Promise<void>;
}

const list = (records: Map<string, Rec[]>, name: string) => records.get(name) ?? (records.set(name, []).get(name) as Rec[]);

/** ServiceM8's `$filter`: conditions joined by `and`, each `field eq 'text'` or `field eq 1`. */
function matches(row: Rec, filter: string): boolean {
  return filter.split(/\s+and\s+/).every((part) => {
    const m = /^(\w+) eq (?:'((?:[^']|'')*)'|(\d+))$/.exec(part.trim());
    if (!m) return false;
    const want = m[2] !== undefined ? m[2].replace(/''/g, "'") : Number(m[3]);
    return row[m[1]!] === want || (typeof want === 'number' && Number(row[m[1]!]) === want);
  });
}

async function bodyOf(req: IncomingMessage): Promise<Rec> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? (JSON.parse(text) as Rec) : {};
}

export async function startFakeJobApps(): Promise<FakeJobApps> {
  const records = new Map<string, Rec[]>();
  const state: Omit<FakeJobApps, 'servicem8Url' | 'fergusUrl' | 'close'> = {
    records,
    requests: [],
    busy: { count: 0, retryAfter: '0' },
    keys: { servicem8: new Set([SERVICEM8_KEY]), fergus: new Set([FERGUS_TOKEN]) },
    hold: null,
    held: 0,
    broken: null,
  };
  let nextFergusId = 1000;
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  async function servicem8(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!state.keys.servicem8.has(String(req.headers['x-api-key'] ?? ''))) return json(res, 401, { errorCode: 401, message: 'Invalid API key' });
    const resource = /^\/sm8\/api_1\.0\/(\w+)\.json$/.exec(url.pathname)?.[1];
    if (!resource) return json(res, 404, { message: 'Not found' });
    const rows = list(records, resource);
    if (req.method === 'GET') {
      const filter = url.searchParams.get('$filter');
      return json(res, 200, filter ? rows.filter((r) => matches(r, filter)) : rows);
    }
    const uuid = randomUUID();
    // A job gets the number ServiceM8's users see, as ServiceM8 numbers them: one after another.
    const number = resource === 'job' ? { generated_job_id: String(1041 + rows.length) } : {};
    rows.push({ uuid, active: 1, ...(await bodyOf(req)), ...number });
    if (state.hold === `POST ${url.pathname}`) {
      state.held++;
      return; // made, never answered
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-record-uuid': uuid });
    res.end(JSON.stringify({ errorCode: 0, message: 'OK' }));
  }

  async function fergus(req: IncomingMessage, res: ServerResponse, url: URL) {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!state.keys.fergus.has(token)) return json(res, 401, { message: 'Unauthorized' });
    const [, resource, one] = /^\/fergus\/(\w+)(?:\/(\d+))?$/.exec(url.pathname) ?? [];
    if (resource === 'company') return json(res, 200, { result: 'success', data: { name: 'Kai Cool Ltd' } });
    if (!resource || !['customers', 'sites', 'jobs'].includes(resource)) return json(res, 404, { message: `Route ${req.method}:${url.pathname} not found` });
    const rows = list(records, `fergus-${resource}`);
    if (req.method === 'GET' && one !== undefined) {
      const row = rows.find((r) => String(r['id']) === one);
      return row ? json(res, 200, { result: 'success', data: row }) : json(res, 404, { message: 'Not found' });
    }
    if (req.method === 'GET') {
      const text = (url.searchParams.get('filterSearchText') ?? '').toLowerCase();
      const customer = url.searchParams.get('filterCustomerId');
      const found = rows.filter((r) => JSON.stringify(r).toLowerCase().includes(text) && (!customer || String(r['customerId']) === customer));
      return json(res, 200, { result: 'success', data: found, paging: { links: { next: null } } });
    }
    const id = nextFergusId++;
    // A job gets the number Fergus's users see ("Job-500"), one after another.
    rows.push({ id, ...(await bodyOf(req)), ...(resource === 'jobs' ? { jobNo: String(500 + rows.length) } : {}) });
    if (state.hold === `POST ${url.pathname}`) {
      state.held++;
      return;
    }
    return json(res, 201, { result: 'success', data: { id } });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    state.requests.push({ line: `${req.method} ${url.pathname}`, auth: String(req.headers['x-api-key'] ?? req.headers.authorization ?? '') });
    if (state.busy.count > 0) {
      state.busy.count--;
      return json(res, 429, { message: 'Rate limit exceeded' }, { 'retry-after': state.busy.retryAfter });
    }
    if (state.broken?.(`${req.method} ${url.pathname}`, url.searchParams)) return json(res, 503, { message: 'Service unavailable' });
    const handle = url.pathname.startsWith('/sm8/') ? servicem8 : fergus;
    handle(req, res, url).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    servicem8Url: `${origin}/sm8`,
    fergusUrl: `${origin}/fergus`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
