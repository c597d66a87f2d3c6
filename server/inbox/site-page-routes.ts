/**
 * One page's history and its undo: the versions that changed the page, each with the fields it
 * changed, and "Undo this page's changes" (owners only), which puts that one page back as it was
 * before a version, as a new version through the same publish as any edit. The rest of the site
 * stays as it is; whole-site restores stay on the versions list.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from './endpoint.ts';
import type { InboxContext } from './context.ts';
import { entryHash, pageNameOf } from '../site/content.ts';
import { versionsChanging, versionsNumbered } from '../storage/site-versions.ts';
import type { PublishedVersion, Publisher } from '../site/site-publisher.ts';
import { changedFieldsOf, withBefore } from '../site/version-diff.ts';
import { siteWords } from '../site/site-words.ts';

export interface SitePageRoutesOptions {
  ctx: InboxContext;
  /** The site routes' publish, with its refusals in the inbox's words. */
  publishing: (reply: FastifyReply, work: () => Promise<PublishedVersion>) => Promise<FastifyReply | { version: number }>;
  by: (request: FastifyRequest) => Publisher;
}

export const sitePageRoutes: FastifyPluginAsyncZod<SitePageRoutesOptions> = async (app, { ctx, publishing, by }) => {
  const site = ctx.site;

  app.route({
    ...endpoint('GET /site/entries/:collection/:id/versions'),
    handler: async (request, reply) => {
      const key = `${request.params.collection}/${request.params.id}`;
      if (!site) return reply.code(404).send({ error: siteWords.notEditable });
      const [latest, versions] = await Promise.all([site.latest(), ctx.store.read(() => versionsChanging(key))]);
      const entry = site.contentOf(latest).get(key);
      if (!entry) return reply.code(404).send({ error: siteWords.noEntry });
      // Each version is shown beside the one before it, which the list holds only when that one changed the page too.
      const listed = new Set(versions.map((v) => v.number));
      const missing = versions.map((v) => v.number - 1).filter((n) => n >= 1 && !listed.has(n));
      const earlier = await ctx.store.read(() => versionsNumbered(missing));
      const paired = withBefore(versions, new Map(earlier.map((v) => [v.number, v])), (v) => site.contentOf(v));
      return {
        key,
        title: pageNameOf(entry),
        version: latest.number,
        versions: paired.map(({ version: v, before, after }) => ({
          number: v.number,
          action: v.action,
          restoredFrom: v.restoredFrom,
          by: { email: v.authorEmail, at: v.createdAt },
          ...changedFieldsOf(before.get(key), after.get(key)),
        })),
      };
    },
  });

  app.route({
    ...endpoint('POST /site/entries/:collection/:id/undo'),
    config: { access: 'owner' },
    handler: async (request, reply) => {
      const key = `${request.params.collection}/${request.params.id}`;
      const { version: number, basedOn } = request.body;
      if (!site) return reply.code(404).send({ error: siteWords.notEditable });
      const [undone, before, latest] = await Promise.all([site.version(number), site.version(number - 1), site.latest()]);
      if (!undone || !before) return reply.code(404).send({ error: siteWords.noVersion });
      if (!undone.changed.includes(key)) return reply.code(404).send({ error: siteWords.notChangedHere });
      const target = site.contentOf(before).get(key);
      const current = site.contentOf(latest).get(key);
      if (!target || !current) return reply.code(404).send({ error: siteWords.noEntry });
      if (entryHash(target) === entryHash(current)) return reply.code(409).send({ error: siteWords.alreadyUndone });
      // The publish refuses it when the page was published since `basedOn`: two presses at once
      // make one new version, and the other is told someone published the page first.
      return publishing(reply, () => site.publishEntry(target, basedOn, by(request), 'undo', number));
    },
  });
};
