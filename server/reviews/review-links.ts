/**
 * The links a review message carries. `GET /r/TOKEN` opens a page that goes on at once to the
 * business's own review page on Google, built from the stored place ID alone: nothing in the
 * request (no query, no header, no path beyond the token) can choose where it leads, so it is no
 * open redirect. The page's script counts the press with a POST to the same address: mail systems'
 * scanners open every link of a message as it arrives, many with a browser's User-Agent, but do not
 * run the page's script, and a scanner's press would call off the customer's reminder. A token is compared only by its hash; one never sent is a 404, one whose purpose
 * is over (two weeks after its reminder) a 410. `/u/TOKEN` unsubscribes the address an e-mail went
 * to: the page asks with one button (a mail scanner's fetch changes nothing), and a POST there,
 * from that button or from a mail app's one-click unsubscribe (RFC 8058), records it. The tokens
 * sit in the path, so the request log redacts the segment after `/r/` and `/u/`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { business } from '../../core/business.ts';
import type { LeadStore } from '../storage/types.ts';
import { secretHash } from '../security/secrets.ts';
import { addEvent, inboxLead } from '../storage/lead-work.ts';
import { countPress, optOutEmail, reviewLinkOf, type ReviewLinkKind } from '../storage/review-records.ts';
import { sendPartnerPage } from '../partners/partner-page.ts';
import { emailKey, googleReviewUrl, PRESS_SCRIPT_PATH, REVIEW_LINK_PATH, REVIEW_TOKEN, UNSUBSCRIBE_PATH } from './review-rules.ts';
import { goMain, messageMain, PRESS_SCRIPT, unsubscribeMain } from './review-pages.ts';
import { reviewWords } from './review-words.ts';

export interface ReviewLinkOptions {
  store: LeadStore;
}

const w = reviewWords.page;

/** The pages behind the links look as the partners' pages do: the business's name and line, no site menu, never cached or indexed. */
const page = sendPartnerPage;

type Params = { Params: { token: string } };

/** Whether a request comes from a person's browser, by its User-Agent: none, or a known program's, is not one. */
function byPerson(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' && agent.trim() !== '' && !isbot(agent);
}

export const reviewLinkPlugin: FastifyPluginAsync<ReviewLinkOptions> = async (app, { store }) => {
  // Whatever a mail app's one-click POST carries (a form, multipart, nothing), the token alone decides.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'review link failed');
    return page(request, reply, status, w.invalidTitle, messageMain(w.invalidTitle, w.invalid));
  });

  /** The lead of a live link, or the page that says why there is none (sent, and undefined returned). */
  async function leadOf(request: FastifyRequest<Params>, reply: FastifyReply, kind: ReviewLinkKind): Promise<string | undefined> {
    const token = request.params.token;
    const link = REVIEW_TOKEN.test(token) ? await store.read(() => reviewLinkOf(secretHash(token), kind)) : undefined;
    if (!link) {
      await page(request, reply, 404, w.invalidTitle, messageMain(w.invalidTitle, w.invalid));
      return undefined;
    }
    if (link.ended) {
      await page(request, reply, 410, w.endedTitle, messageMain(w.endedTitle, w.ended));
      return undefined;
    }
    return link.leadId;
  }

  // The page's script, from this site (its pages' policy runs scripts of their own origin only).
  app.get(PRESS_SCRIPT_PATH, { exposeHeadRoute: false }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(PRESS_SCRIPT),
  );

  // A HEAD (a link checker) gets nothing; a GET, by a person or a program, the page on to Google,
  // which counts nothing itself.
  app.get<Params>(`${REVIEW_LINK_PATH}/:token`, { exposeHeadRoute: false }, async (request, reply) => {
    const leadId = await leadOf(request, reply, 'review');
    if (!leadId) return reply;
    const placeId = business.googlePlaceId;
    if (!placeId) return page(request, reply, 410, w.endedTitle, messageMain(w.endedTitle, w.ended));
    return page(request, reply, 200, w.goTitle, goMain(googleReviewUrl(placeId), PRESS_SCRIPT_PATH));
  });

  // The press, posted by the page's script: by a browser (a known program's User-Agent counts
  // nothing) and from this site's own page (a browser says so in Sec-Fetch-Site).
  app.post<Params>(`${REVIEW_LINK_PATH}/:token`, async (request, reply) => {
    const leadId = await leadOf(request, reply, 'review');
    if (!leadId) return reply;
    const site = request.headers['sec-fetch-site'];
    if (byPerson(request) && (site === undefined || site === 'same-origin') && business.googlePlaceId)
      await store.transact(function* () {
        if (yield* countPress(leadId)) yield* addEvent(leadId, 'customer', null, reviewWords.events.pressed);
      });
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });

  app.get<Params>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
    if (!(await leadOf(request, reply, 'stop'))) return reply;
    return page(request, reply, 200, w.unsubscribeTitle, unsubscribeMain(`${UNSUBSCRIBE_PATH}/${request.params.token}`));
  });

  app.post<Params>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
    const leadId = await leadOf(request, reply, 'stop');
    if (!leadId) return reply;
    await store.transact(function* () {
      const lead = yield* inboxLead(leadId);
      if (lead?.work_email.trim() && (yield* optOutEmail(emailKey(lead.work_email))))
        yield* addEvent(leadId, 'customer', null, reviewWords.events.unsubscribed);
    });
    return page(request, reply, 200, w.unsubscribedTitle, messageMain(w.unsubscribedTitle, w.unsubscribed));
  });
};
