/**
 * The partner page under /partner/offer, for partners who have no account: the offer's link opens
 * a page with one "Continue" button (mail scanners fetch links; only a press shows the job), and
 * every answer is a plain form post back here. Never cached or indexed, never framed; a post must
 * come from this origin (Fetch Metadata and Origin), so another site cannot answer for a partner.
 * A token is only ever compared by its hash.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cleanMultiLine } from '../../core/lead/schema.ts';
import type { LeadStore } from '../storage/types.ts';
import { audit } from '../storage/audit-log.ts';
import { offerByToken } from '../dispatch/partner-offers.ts';
import { answerOffer, HAND_BACK_REASON_MAX, ON_WAY_MINUTES, type OnWayMinutes, type PartnerAnswer } from '../dispatch/offer-answers.ts';
import { secretHash } from '../security/secrets.ts';
import { SERVER_PAGE_CSP } from '../http/plugins/security.ts';
import { errorPage } from '../http/error-pages.ts';
import { takePartnerForms } from './partner-forms.ts';
import { fromThisSite } from '../http/same-origin.ts';
import { jobsLinkFor, keptJobsLink, OFFER_TOKEN_PARAM, pageTokenFor, PARTNER_PATH } from './partner-links.ts';
import { jobsLinkMain } from './jobs-page-html.ts';
import { answerWords, partnerWords } from './partner-words.ts';
import { continueMain, endedMain, invalidMain, offerMain, partnerHeader, refusedMain } from './partner-page-html.ts';
import { sendPage } from '../http/send-page.ts';

export interface PartnerPageOptions {
  store: LeadStore;
  publicOrigin: string;
  /** Whether the customer is told by e-mail which partner accepted (while acknowledgements are on). */
  introduce?: boolean | undefined;
}

const token = z.string().min(20).max(200);
const postBody = z.object({
  [OFFER_TOKEN_PARAM]: token,
  action: z.enum(['view', 'accept', 'decline', 'on_site', 'quote_sent', 'undo_on_site', 'undo_quote_sent', 'on_my_way', 'done', 'hand_back']),
  reason: z.string().max(2000).transform(cleanMultiLine).pipe(z.string().max(500)).default(''),
  /** "On my way": how soon they will arrive, one of the page's choices. */
  minutes: z
    .enum(ON_WAY_MINUTES.map(String) as [string, ...string[]])
    .transform(Number)
    .optional(),
  /** "On site" and "Quote sent" ask first: the press that answers the question carries this. */
  confirm: z.literal('yes').optional(),
});

function send(request: FastifyRequest, reply: FastifyReply, status: number, title: string, main: string) {
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Referrer-Policy', 'no-referrer');
  const shell = request.server.pageShell;
  if (shell) return sendPage(request, reply, shell.renderBare(title, main, partnerHeader()));
  return reply.header('Content-Security-Policy', SERVER_PAGE_CSP).send(errorPage(title, main));
}

export const partnerPagePlugin: FastifyPluginAsync<PartnerPageOptions> = async (app, { store, publicOrigin, introduce = false }) => {
  const origin = new URL(publicOrigin).origin;
  const w = partnerWords.page;

  // Whatever goes wrong (a body too large, a type no form sends), the partner sees the page's own words.
  takePartnerForms(app, 'partner page', (request, reply, status) => send(request, reply, status, w.invalidTitle, invalidMain()));

  app.get(PARTNER_PATH, async (request, reply) => {
    const query = z.object({ [OFFER_TOKEN_PARAM]: token }).safeParse(request.query);
    if (!query.success) return send(request, reply, 404, w.invalidTitle, invalidMain());
    // Reading changes nothing, so a mail scanner's fetch is harmless; an ended offer says so at once.
    const view = await store.read(() => offerByToken(secretHash(query.data[OFFER_TOKEN_PARAM])));
    if (!view) return send(request, reply, 404, w.invalidTitle, invalidMain());
    // Only a "Your jobs" link already kept is shown here: a fetch of the link writes nothing.
    const jobs = await store.read(() => keptJobsLink(view.partner.id, pageTokenFor(query.data[OFFER_TOKEN_PARAM]), origin));
    return send(request, reply, 200, w.title, jobsLinkMain(jobs) + (endedMain(view) ?? continueMain(query.data[OFFER_TOKEN_PARAM])));
  });

  app.post(PARTNER_PATH, async (request, reply) => {
    if (!fromThisSite(request.headers, origin)) return send(request, reply, 403, w.invalidTitle, refusedMain());
    const body = postBody.safeParse(request.body);
    if (!body.success) return send(request, reply, 404, w.invalidTitle, invalidMain());
    const { action, reason, confirm, minutes } = body.data;
    const hash = secretHash(body.data[OFFER_TOKEN_PARAM]);
    // "On site", "Quote sent" and "Job done" are recorded only once the partner has said yes to the question.
    const asking = (action === 'on_site' || action === 'quote_sent' || action === 'done') && confirm !== 'yes' ? action : undefined;
    // A hand back says why, in a few words: without them the page asks again and nothing changes.
    const handBackReason = reason.trim().slice(0, HAND_BACK_REASON_MAX);
    const problem = action === 'hand_back' && !handBackReason ? 'hand_back_reason' : undefined;
    if (action === 'on_my_way' && minutes === undefined) return send(request, reply, 404, w.invalidTitle, invalidMain());
    const answer: PartnerAnswer | undefined =
      action === 'view' || asking || problem
        ? undefined
        : action === 'decline'
          ? { action, reason }
          : action === 'hand_back'
            ? { action, reason: handBackReason }
            : action === 'on_my_way'
              ? { action, minutes: minutes as OnWayMinutes }
              : { action };
    const result = answer
      ? await store.transact(function* () {
          const done = yield* answerOffer(hash, answer, answerWords, introduce);
          // Accepting shows the customer's details: that disclosure is recorded with it.
          if (done.changed && answer.action === 'accept' && done.view?.lead)
            yield* audit({
              actor_email: done.view.partner.email,
              action: partnerWords.audit.disclosed(done.view.lead.id, done.view.partner.name, done.view.partner.email),
              detail: done.view.lead.work_email,
              ip: request.ip,
            });
          return done;
        })
      : { view: await store.read(() => offerByToken(hash)), changed: false };
    if (!result.view) return send(request, reply, 404, w.invalidTitle, invalidMain());
    const offer = result.view.offer;
    const jobs = await store.transact(() => jobsLinkFor(offer, pageTokenFor(body.data[OFFER_TOKEN_PARAM]), origin));
    return send(request, reply, problem ? 400 : 200, w.title, jobsLinkMain(jobs) + offerMain(result.view, body.data[OFFER_TOKEN_PARAM], asking, problem));
  });
};

/** A partner page's answer (the jobs page's too): never cached, indexed or named in a Referer, in the site's look when the server has the built site. */
export { send as sendPartnerPage };
