/**
 * The partner's standing page under /partner/jobs, "Your jobs", for partners who have no account:
 * every e-mail to them and every job page links to it. It shows whether they are on call, lets them
 * set until when (a time of their own or a shortcut), and lists their offers and jobs, each opening
 * its job page through a link made for the press. The same rules as the job page: never cached,
 * indexed or named in a Referer, and a post must come from this origin, so another site can neither
 * put a partner on call nor open their jobs. A token is only ever compared by its hash; a link the
 * owner renewed or turned off, or of a partner paused or removed, opens nothing. Only the owner's
 * own link to the page opens the jobs on it: one made from a job's e-mail or text only lists them.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LeadStore } from '../storage/types.ts';
import { audit } from '../storage/audit-log.ts';
import { earlierJobs, openFromPage, partnerJobs } from '../dispatch/partner-jobs.ts';
import { partnerOfPage, setOwnOnCall } from '../storage/partner-pages.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { recordId } from '../../core/inbox-api/leads.ts';
import { secretHash } from '../security/secrets.ts';
import { takePartnerForms } from './partner-forms.ts';
import { fromThisSite } from '../http/same-origin.ts';
import { nzTime } from '../../core/nz-time.ts';
import { JOBS_OPEN_PATH, JOBS_PATH, OFFER_TOKEN_PARAM, pageOfferTokenFor, pageTokenFor, partnerOfferUrl } from './partner-links.ts';
import { partnerWords } from './partner-words.ts';
import { refusedMain } from './partner-page-html.ts';
import { sendPartnerPage } from './partner-page.ts';
import { jobsGoneMain, jobsMain, type JobsNotice } from './jobs-page-html.ts';
import { onCallChoices, onCallPick } from './on-call-times.ts';

export interface JobsPageOptions {
  store: LeadStore;
  publicOrigin: string;
}

const w = partnerWords.jobs;
const token = z.string().min(20).max(200);
const withToken = z.object({ [OFFER_TOKEN_PARAM]: token });
const onCallBody = withToken.extend({ action: z.enum(onCallChoices), until: z.string().max(100).optional() });
const openBody = withToken.extend({ offer: recordId });

/** Who a page's link opens for: the partner, the token, and whether it is the owner's own link (jobs open from it). */
interface Opener {
  partner: Partner;
  pageToken: string;
  full: boolean;
}

export const jobsPagePlugin: FastifyPluginAsync<JobsPageOptions> = async (app, { store, publicOrigin }) => {
  const origin = new URL(publicOrigin).origin;

  // Whatever goes wrong (a body too large, a type no form sends), the partner sees the page's own words.
  takePartnerForms(app, 'partner jobs page', (request, reply, status) => sendPartnerPage(request, reply, status, w.goneTitle, jobsGoneMain()));

  /** A link nobody was sent: 404; one that opened a page once but no longer does: 410. */
  const gone = (request: FastifyRequest, reply: FastifyReply, status: 404 | 410) => sendPartnerPage(request, reply, status, w.goneTitle, jobsGoneMain());

  /** The page for the partner as they are now, with a notice after a press. */
  async function page(request: FastifyRequest, reply: FastifyReply, status: number, by: Opener, notice?: JobsNotice) {
    const { jobs, earlier } = await store.read(function* () {
      return { jobs: yield* partnerJobs(by.partner.id), earlier: yield* earlierJobs(by.partner.id) };
    });
    return sendPartnerPage(
      request,
      reply,
      status,
      w.title,
      jobsMain({ partner: by.partner, jobs, earlier, token: by.pageToken, full: by.full, now: new Date(), notice }),
    );
  }

  /** The partner a posted form's token opens, after the same-origin rule; or the answer already sent. */
  async function poster(request: FastifyRequest, reply: FastifyReply): Promise<Opener | undefined> {
    if (!fromThisSite(request.headers, origin)) {
      await sendPartnerPage(request, reply, 403, w.goneTitle, refusedMain());
      return undefined;
    }
    const sent = withToken.safeParse(request.body);
    if (!sent.success) {
      await gone(request, reply, 404);
      return undefined;
    }
    const pageToken = sent.data[OFFER_TOKEN_PARAM];
    const found = await store.read(() => partnerOfPage(secretHash(pageToken)));
    if (!found || found === 'ended') {
      await gone(request, reply, found ? 410 : 404);
      return undefined;
    }
    return { ...found, pageToken };
  }

  app.get(JOBS_PATH, async (request, reply) => {
    const query = withToken.safeParse(request.query);
    if (!query.success) return gone(request, reply, 404);
    const pageToken = query.data[OFFER_TOKEN_PARAM];
    const found = await store.read(() => partnerOfPage(secretHash(pageToken)));
    if (!found || found === 'ended') return gone(request, reply, found ? 410 : 404);
    return page(request, reply, 200, { ...found, pageToken });
  });

  // The on-call time: one of the shortcuts, or "On call until" a time typed.
  app.post(JOBS_PATH, async (request, reply) => {
    const by = await poster(request, reply);
    if (!by) return reply;
    const body = onCallBody.safeParse(request.body);
    if (!body.success) return page(request, reply, 400, by, { problem: 'bad' });
    const pick = onCallPick(body.data.action, body.data.until, new Date());
    if (!pick.ok) return page(request, reply, 400, by, { problem: pick.problem });
    const { partner } = by;
    const set = await store.transact(function* () {
      const changed = yield* setOwnOnCall(partner.id, { linkHash: secretHash(by.pageToken) }, pick.until);
      if (changed)
        yield* audit({
          actor_email: partner.email,
          action: partnerWords.audit.onCall(partner.name, partner.email, pick.until === 'off' ? undefined : nzTime(new Date(pick.until).toISOString())),
          detail: '',
          ip: request.ip,
        });
      return changed;
    });
    if (!set) return gone(request, reply, 410);
    return page(request, reply, 200, { ...by, partner: set }, { saved: pick });
  });

  // "Open the job": a job link of the page's own for this offer, and straight to its job page.
  app.post(JOBS_OPEN_PATH, async (request, reply) => {
    const by = await poster(request, reply);
    if (!by) return reply;
    const body = openBody.safeParse(request.body);
    // A link made from one job's e-mail or text lists the jobs but opens none: the job's own link does.
    if (!by.full) return page(request, reply, 403, by, { open: 'limited' });
    if (!body.success) return page(request, reply, 404, by, { open: 'not_theirs' });
    const offerToken = pageOfferTokenFor(by.pageToken, body.data.offer);
    const opened = await store.transact(() =>
      openFromPage(by.partner.id, { linkHash: secretHash(by.pageToken) }, body.data.offer, secretHash(offerToken), secretHash(pageTokenFor(offerToken))),
    );
    if (!opened.ok) {
      const { reason } = opened;
      if (reason === 'gone') return gone(request, reply, 410);
      if (reason === 'limited') return page(request, reply, 403, { ...by, full: false }, { open: reason });
      return page(request, reply, reason === 'ended' ? 410 : 404, by, { open: reason });
    }
    return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(partnerOfferUrl('', offerToken), 303);
  });
};
