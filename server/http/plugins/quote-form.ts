/**
 * POST / — the quote form's endpoint. Parses the urlencoded body strictly, validates it
 * with the lead schema, stores the lead with its notification jobs, and only then answers success.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_NAME, HONEYPOT_FIELD, TIMING_FIELD, deviceFromUserAgent, parseLead } from '../../../core/lead/schema.ts';
import { isUrgent } from '../../../core/lead/urgency.ts';
import { thankYouLocation } from '../../../core/lead/response-targets.ts';
import { parseElapsed, scoreLead } from '../../leads/spam.ts';
import { nobodyOnCallFor } from '../../dispatch/dispatch.ts';
import { business } from '../../../core/business.ts';
import { RateLimitedError, type LeadStore, type RateLimitCount } from '../../storage/types.ts';
import type { LeadPurpose } from '../../storage/purposes.ts';
import { clientKey, MemoryRateLimitCounter, RateLimiter } from '../rate-limit.ts';
import { REPEAT_WINDOW_MS } from '../../storage/submission-key.ts';
import { sendFailure, wantsJson } from '../error-pages.ts';

export interface LeadsOptions {
  store: LeadStore;
  leadPurposes: LeadPurpose[];
  rateLimit: { max: number; windowMs: number };
  /** Largest accepted body in bytes. */
  bodyLimit?: number;
  /** The same form data posted again within this window is answered as before and stored once. */
  repeatWindowMs?: number;
  /** Whether an urgent lead is dispatched to on-call partners: its dispatch job is queued with it. */
  dispatch?: boolean | undefined;
}

interface FormBody {
  fields: Record<string, string>;
  repeated: string[];
}

class BadRequest extends Error {
  statusCode = 400;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Strict urlencoded parsing: valid UTF-8 only, and each field's first value with repeats noted. */
export function parseFormBody(raw: Buffer): FormBody {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new BadRequest('The form data is not valid UTF-8 text.');
  }
  const fields: Record<string, string> = Object.create(null);
  const repeated = new Set<string>();
  for (const [key, value] of new URLSearchParams(text)) {
    if (key in fields) repeated.add(key);
    else fields[key] = value;
  }
  return { fields, repeated: [...repeated] };
}

/**
 * Fills what a post without the page's script leaves empty: device from the user agent (also
 * when the sent value is not one the schema knows), page from the Referer.
 */
function withServerTracking(fields: Record<string, string>, request: FastifyRequest): Record<string, string> {
  const filled = { ...fields };
  if (filled.device !== 'mobile' && filled.device !== 'desktop') filled.device = deviceFromUserAgent(request.headers['user-agent']);
  const referer = request.headers.referer;
  // Parsed once: URL.parse is null where URL.canParse is false.
  const url = referer ? URL.parse(referer) : null;
  if (referer && url) {
    if (!filled.page_url) filled.page_url = referer;
    if (!filled.path) filled.path = url.pathname;
  }
  return filled;
}

type ThankYouLead = Parameters<typeof thankYouLocation>[0];

/**
 * The thank-you page's address for a request, worked out once per city and urgency (not the six
 * areas' targets again for every post) and kept while the business details stated are the same
 * object: following a publish, from this instance or another, states new ones (a new object), which
 * empties what was kept, so no address comes from details no longer served.
 */
function thankYouAddresses(): (lead: ThankYouLead) => string {
  let details: unknown;
  const kept = new Map<string, string>();
  return (lead) => {
    if (business.responseHours !== details) {
      details = business.responseHours;
      kept.clear();
    }
    const urgent = isUrgent(lead);
    // Only an urgent request's address depends on its city; a bounded map, as a bot may post any city.
    const key = urgent ? `u:${lead.city}` : '';
    let location = kept.get(key);
    if (location === undefined) {
      location = thankYouLocation(lead);
      if (kept.size < 64) kept.set(key, location);
    }
    return location;
  };
}

export const leadsPlugin: FastifyPluginAsync<LeadsOptions> = async (app, options) => {
  const { store, leadPurposes, dispatch = false, repeatWindowMs = REPEAT_WINDOW_MS } = options;
  const thankYouAddress = thankYouAddresses();
  const bodyLimit = options.bodyLimit ?? 32 * 1024;
  const { max, windowMs } = options.rateLimit;
  const shared = store.sharedRateLimitCounter?.();
  // One instance (SQLite) counts in memory, every post before its body is read.
  const memoryLimiter = shared ? undefined : new RateLimiter(new MemoryRateLimitCounter(), max, windowMs);
  // With counters shared in the database, a post that is stored is counted in the insert's own
  // transaction (one round trip, not two), and only posts refused before storing are counted on
  // their own. Addresses that have reached the limit are remembered here until their window ends,
  // so their next post is refused before its body is read, as with counters in memory.
  const reachedLimit = new Map<string, number>();
  const remember = (ip: string, count: RateLimitCount) => {
    if (count.hits < max) return;
    if (reachedLimit.size >= 50_000) reachedLimit.delete(reachedLimit.keys().next().value!);
    reachedLimit.set(clientKey(ip), Date.now() + count.resetInMs);
  };

  function tooMany(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
    reply.header('Retry-After', String(retryAfterSeconds));
    return sendFailure(
      request,
      reply,
      429,
      `Too many quote requests from your connection. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes, or call ${business.emergencyLine.display}.`,
    );
  }

  // Counted before the body is read: a client over its limit costs no parsing.
  async function rateLimit(request: FastifyRequest, reply: FastifyReply) {
    if (!memoryLimiter) {
      const until = reachedLimit.get(clientKey(request.ip)) ?? 0;
      if (until > Date.now()) return tooMany(request, reply, Math.max(1, Math.ceil((until - Date.now()) / 1000)));
      return;
    }
    let limit;
    try {
      limit = await memoryLimiter.hit(request.ip);
    } catch (error) {
      // The database is down: storing the lead answers 503 anyway; the counter must not turn that into a 500.
      request.log.warn({ err: error }, 'rate limit unavailable');
      return;
    }
    if (!limit.allowed) return tooMany(request, reply, limit.retryAfterSeconds);
  }

  /** With shared counters, a post refused before storing still counts; true when it is over the limit. */
  async function countRefused(request: FastifyRequest): Promise<boolean> {
    if (!shared) return false;
    try {
      const count = await shared.hit(clientKey(request.ip), windowMs);
      remember(request.ip, count);
      return count.hits > max;
    } catch (error) {
      request.log.warn({ err: error }, 'rate limit unavailable');
      return false;
    }
  }

  // The form is urlencoded and nothing else: without Fastify's JSON and text parsers in this scope,
  // any other body is a 415 before it is read, and the handler only ever sees a parsed form.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.post<{ Body: FormBody | undefined }>('/', { bodyLimit, onRequest: rateLimit }, async (request, reply) => {
    const body = request.body;
    // Set once the lead is stored: an urgent request no on-call partner covers (success() reads it).
    let nobodyOnCall = false;
    if (!body) {
      await countRefused(request);
      return sendFailure(request, reply, 415, 'Send the quote form as application/x-www-form-urlencoded.');
    }
    if (body.fields['form-name'] !== FORM_NAME) {
      await countRefused(request);
      return sendFailure(request, reply, 400, `Unknown form: expected form-name=${FORM_NAME}.`);
    }
    if (body.repeated.length > 0) {
      await countRefused(request);
      return sendFailure(
        request,
        reply,
        400,
        'Some fields were sent more than once.',
        Object.fromEntries(body.repeated.map((f) => [f, 'Sent more than once.'])),
      );
    }
    const honeypot = (body.fields[HONEYPOT_FIELD] ?? '') !== '';
    const tracked = withServerTracking(body.fields, request);
    const parsed = parseLead(tracked);
    if (!parsed.ok || !parsed.lead) {
      if (await countRefused(request))
        return tooMany(request, reply, Math.max(1, Math.ceil(((reachedLimit.get(clientKey(request.ip)) ?? 0) - Date.now()) / 1000)));
      // A bot gets the same answer as a person who succeeded, and nothing is stored.
      if (honeypot) return success();
      return sendFailure(request, reply, 400, 'Some details need fixing before we can send your request.', parsed.errors);
    }
    // Spam is stored and flagged (it may be a person: `npm run leads -- not-spam ID` sends it on), never notified.
    const verdict = scoreLead(parsed.lead, { honeypot, elapsedMs: parseElapsed(body.fields[TIMING_FIELD]) });
    const spam = verdict.spam;
    let alreadyStored = false;
    try {
      const dispatched = dispatch && !spam && isUrgent(parsed.lead);
      // Decided here, once, and kept with the lead: its thank-you page and its acknowledgement say the same.
      const lead = parsed.lead;
      const uncovered = dispatched ? await store.read(() => nobodyOnCallFor(lead)) : undefined;
      const stored = await store.insertLead(lead, {
        spam,
        spamReason: verdict.reasons.join('; '),
        purposes: spam ? [] : dispatched ? [...leadPurposes, 'dispatch'] : leadPurposes,
        repeatWindowMs,
        rateLimit: shared ? { key: clientKey(request.ip), max, windowMs } : undefined,
        nobodyOnCall: uncovered,
      });
      if (stored.rate) remember(request.ip, stored.rate);
      alreadyStored = stored.repeated;
      nobodyOnCall = stored.nobody_on_call === true;
      request.log.info(
        { leadId: stored.id, spam, spamScore: verdict.score, repeated: alreadyStored },
        alreadyStored ? 'repeated submission: already stored' : 'lead stored',
      );
    } catch (error) {
      if (error instanceof RateLimitedError) {
        remember(request.ip, error.count);
        return tooMany(request, reply, Math.max(1, Math.ceil(error.count.resetInMs / 1000)));
      }
      request.log.error({ err: error }, 'lead could not be stored');
      return sendFailure(request, reply, 503, `We could not save your request just now. Please try again, or call ${business.emergencyLine.display}.`);
    }
    return success();

    function success() {
      reply.header('Cache-Control', 'no-store');
      // The script goes where a plain post would: told when nobody on call covers the request.
      if (wantsJson(request)) return reply.code(200).send(nobodyOnCall ? { ok: true, nobody_on_call: true } : { ok: true });
      // An urgent request lands on the thank-you page's part for its area (response target and the
      // 24/7 line first), as the form's script sends it there; a bot's invalid post is judged by what it sent.
      const lead = parsed.lead ?? {
        city: tracked.city ?? '',
        timeframe: tracked.timeframe ?? '',
        site_type: tracked.site_type ?? '',
        path: tracked.path ?? '',
      };
      return reply
        .code(303)
        .header('Location', nobodyOnCall ? thankYouLocation(lead, { nobodyOnCall }) : thankYouAddress(lead))
        .send();
    }
  });
};
