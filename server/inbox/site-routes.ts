/**
 * The site editor's routes: the list of entries, one entry with its form's schema, drafts (anyone
 * in the inbox), publishing, marking prices as verified and restoring a version (owners only).
 * Every change to the live site goes through the publisher, which checks it with the build's own
 * rules, builds it, and only then stores the version.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from './endpoint.ts';
import type { InboxContext } from './context.ts';
import { entryHash, keyOf, pageNameOf, routeOf, titleOf, type ContentEntry, type EntryKey } from '../site/content.ts';
import { collectionFiles } from '../site/content.ts';
import { bodyBlockChoices, bodyRefusal, tokenReadings } from '../site/content.ts';
import { blockReadings, figuresOf } from '../../core/figure-repeats.ts';
import { businessDetailsSchema } from '../../core/business-details.ts';
import { CheckRefused } from '../site/content-checker.ts';
import { BUSINESS_DETAILS_KEY, daysBetween, hasPriceDate, pricesVerifiedOn, verifiedOn } from '../site/content.ts';
import type { EntryContent } from '../../core/inbox-api/site.ts';
import { nzParts } from '../../core/nz-time.ts';
import { draftKeys, draftOf, dropDraft, listVersions, saveDraft, versionsNumbered } from '../storage/site-versions.ts';
import { BuildFailed, EditConflict, EntryRefused, NoConflict, PublishBusy, type PublishedVersion } from '../site/site-publisher.ts';
import { entrySchemaOf, withArticleChoices } from '../site/entry-schemas.ts';
import { changedFieldsOf, versionDiffOf, withBefore } from '../site/version-diff.ts';
import { sitePageRoutes } from './site-page-routes.ts';
import { siteWords } from '../site/site-words.ts';
import { PREVIEW_PREFIX } from '../site/preview-page.ts';
import type { CollectionName } from '../site/content.ts';
import { makePhotoFiles, photoHeaderOf, photoIdOf, PhotoRefused, PHOTOS_BUSY, photoTurns } from '../site/photo-files.ts';
import { insertPhoto, photoFile, storedPhotoIds } from '../storage/site-photos.ts';
import { PHOTO_FORMATS, PHOTO_UPLOAD_MAX_BYTES, PHOTO_WIDTHS, photoFileName } from '../../core/photo-sizes.ts';

/** The type an upload is sent as: the photo's own bytes. */
const PHOTO_UPLOAD_TYPE = 'application/octet-stream';
/** The editor's thumbnail: the smallest width, in the format every browser reads. */
const THUMB = { width: PHOTO_WIDTHS[0], ext: PHOTO_FORMATS[PHOTO_FORMATS.length - 1]!.ext };

/** The longest build output the owner is shown when a build fails. */
const BUILD_REASON_MAX = 600;

function contentOf(entry: ContentEntry): EntryContent {
  return entry.body === undefined ? { data: entry.data } : { data: entry.data, body: entry.body };
}

function entryOf(collection: CollectionName, id: string, content: EntryContent): ContentEntry {
  const entry: ContentEntry = { collection, id, data: content.data };
  if (collectionFiles[collection] === 'mdx') entry.body = content.body ?? '';
  return entry;
}

/** The problems by field, several for one field on lines of their own. */
const fieldsOf = (problems: { path: string; message: string }[]) => {
  const fields: Record<string, string> = {};
  for (const { path, message } of problems) {
    const key = path || '(entry)';
    fields[key] = fields[key] ? `${fields[key]}\n${message}` : message;
  }
  return fields;
};

export const siteRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const site = ctx.site;
  const by = (request: FastifyRequest) => ({ email: request.inboxUser!.email, ip: request.ip });

  /** Publishes through `work`, turning the publisher's refusals into the inbox's answers. */
  async function publishing(reply: FastifyReply, work: () => Promise<PublishedVersion>) {
    try {
      const { number } = await work();
      return { version: number };
    } catch (error) {
      if (error instanceof EntryRefused) return reply.code(422).send({ error: siteWords.refused, fields: fieldsOf(error.problems) });
      if (error instanceof EditConflict) return reply.code(409).send({ error: siteWords.conflict });
      if (error instanceof BuildFailed)
        return reply.code(422).send({ error: siteWords.buildFailed(`${error.message}. ${error.output}`.slice(0, BUILD_REASON_MAX)) });
      if (error instanceof PublishBusy) return reply.code(409).send({ error: siteWords.busy });
      if (error instanceof NoConflict) return reply.code(409).send({ error: siteWords.noConflict });
      throw error;
    }
  }

  await app.register(sitePageRoutes, { ctx, publishing, by });

  // An upload is the photo's bytes as they are; only this plugin's routes read them.
  app.addContentTypeParser(PHOTO_UPLOAD_TYPE, { parseAs: 'buffer', bodyLimit: PHOTO_UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));

  /**
   * Whether an edit is the page exactly as it is live (pressed with nothing changed, or changed
   * back): a publish of it makes no version that changes nothing, a draft of it keeps nothing, and
   * the owner is told the page is live as it is.
   */
  const asLive = (live: ContentEntry, edit: ContentEntry) => entryHash(live) === entryHash(edit);

  /** The entry as published now, with the version that publishes it; undefined for an entry the site lacks. */
  async function published(collection: CollectionName, id: string) {
    if (!site) return undefined;
    const latest = await site.latest();
    const entry = site.contentOf(latest).get(`${collection}/${id}`);
    return entry && { entry, latest };
  }

  app.route({
    ...endpoint('GET /site'),
    handler: async (_request, reply) => {
      if (!site) return reply.code(404).send({ error: siteWords.notEditable });
      // Whoever opens the list of pages is about to open one and may preview it: the quick preview starts now rather than then.
      site.warmPreview();
      const [latest, drafts] = await Promise.all([site.latest(), ctx.store.read(() => draftKeys())]);
      const content = site.contentOf(latest);
      const conflicts = site.releaseConflicts(latest);
      const verified = pricesVerifiedOn(content.values());
      const today = nzParts(new Date()).date;
      return {
        version: latest.number,
        served: site.servedVersion,
        publishedBy: latest.number === 0 ? null : { email: latest.authorEmail, at: latest.createdAt },
        failure: site.failure ?? null,
        entries: [...content.values()].map((entry) => ({
          key: keyOf(entry),
          collection: entry.collection,
          id: entry.id,
          title: titleOf(entry),
          name: pageNameOf(entry),
          route: routeOf(entry) ?? null,
          edited: keyOf(entry) in latest.entries,
          draft: drafts.includes(keyOf(entry)),
          releaseChanged: conflicts.includes(keyOf(entry)),
        })),
        pricesVerified: verified ? { date: verified, days: daysBetween(verified, today) } : null,
      };
    },
  });

  app.route({
    ...endpoint('GET /site/entries/:collection/:id'),
    handler: async (request, reply) => {
      const { collection, id } = request.params;
      const found = await published(collection, id);
      if (!site || !found) return reply.code(404).send({ error: siteWords.noEntry });
      const key: EntryKey = keyOf(found.entry);
      // Whoever opens an entry may preview it next: the quick preview gets ready meanwhile.
      site.warmPreview();
      const draft = await ctx.store.read(() => draftOf(key));
      const release = site.release.get(key) ?? found.entry;
      const details = businessDetailsSchema.safeParse(site.contentOf(found.latest).get(BUSINESS_DETAILS_KEY)?.data);
      // The details' own form holds the figures; every other entry is warned where it repeats one.
      const figures = key === BUSINESS_DETAILS_KEY || !details.success ? [] : figuresOf(details.data);
      return {
        key,
        title: titleOf(found.entry),
        route: routeOf(found.entry) ?? null,
        schema: withArticleChoices(
          entrySchemaOf(collection),
          [...site.contentOf(found.latest).values()].filter((e) => e.collection === 'blog' && e.id !== id).map((e) => ({ id: e.id, title: titleOf(e) })),
        ),
        hasBody: collectionFiles[collection] === 'mdx',
        blocks: bodyBlockChoices(),
        release: contentOf(release),
        published: contentOf(found.entry),
        version: found.latest.number,
        draft: draft ? { content: contentOf(draft.entry), basedOn: draft.basedOn, by: { email: draft.authorEmail, at: draft.updatedAt } } : null,
        releaseChanged: site.releaseConflicts(found.latest).includes(key),
        verifiable: hasPriceDate(found.entry),
        problems: await site.problemsOf(found.entry, site.contentOf(found.latest)).catch((error: unknown) => {
          if (error instanceof CheckRefused) return [{ path: 'body', message: error.message }];
          throw error;
        }),
        figures,
        tokens: [...tokenReadings(), ...blockReadings(figures)],
      };
    },
  });

  app.route({
    ...endpoint('PUT /site/entries/:collection/:id/draft'),
    bodyLimit: 512 * 1024,
    handler: async (request, reply) => {
      const { collection, id } = request.params;
      const found = await published(collection, id);
      if (!site || !found) return reply.code(404).send({ error: siteWords.noEntry });
      const entry = entryOf(collection, id, request.body);
      const key = keyOf(entry);
      if (asLive(found.entry, entry)) {
        await ctx.store.transact(() => dropDraft(key));
        return { problems: [], unchanged: true as const };
      }
      // A draft may be unfinished, but text nobody could publish (nested past any page's need, or
      // that the checker cannot get through) is not kept: it is refused at its field.
      const refusal = entry.body === undefined ? undefined : bodyRefusal(entry.body);
      if (refusal) return reply.code(422).send({ error: siteWords.refused, fields: { body: refusal } });
      let problems;
      try {
        problems = await site.problemsOf(entry, site.contentOf(found.latest));
      } catch (error) {
        if (error instanceof CheckRefused)
          return reply.code(error.status).send({ error: error.status === 422 ? siteWords.refused : error.message, fields: { body: error.message } });
        throw error;
      }
      await ctx.store.transact(function* () {
        yield* saveDraft(key, entry, request.body.basedOn, request.inboxUser!.email);
      });
      return { problems };
    },
  });

  app.route({
    ...endpoint('DELETE /site/entries/:collection/:id/draft'),
    handler: async (request, reply) => {
      const { collection, id } = request.params;
      if (!site || !(await published(collection, id))) return reply.code(404).send({ error: siteWords.noEntry });
      await ctx.store.transact(() => dropDraft(`${collection}/${id}`));
      return { ok: true as const };
    },
  });

  app.route({
    ...endpoint('POST /site/entries/:collection/:id/publish'),
    config: { access: 'owner' },
    bodyLimit: 512 * 1024,
    handler: async (request, reply) => {
      const { collection, id } = request.params;
      const live = await published(collection, id);
      if (!site || !live) return reply.code(404).send({ error: siteWords.noEntry });
      const entry = entryOf(collection, id, request.body);
      if (asLive(live.entry, entry)) {
        await ctx.store.transact(() => dropDraft(keyOf(entry)));
        return { version: live.latest.number, unchanged: true as const };
      }
      // The draft goes inside the work: a refusal's answer is the reply itself, a thenable that
      // awaiting here would turn into undefined once sent.
      return publishing(reply, async () => {
        const published = await site.publishEntry(entry, request.body.basedOn, by(request));
        await ctx.store.transact(() => dropDraft(keyOf(entry)));
        return published;
      });
    },
  });

  app.route({
    ...endpoint('POST /site/entries/:collection/:id/preview'),
    bodyLimit: 512 * 1024,
    handler: async (request, reply) => {
      const { collection, id } = request.params;
      const found = await published(collection, id);
      if (!site || !found) return reply.code(404).send({ error: siteWords.noEntry });
      try {
        const made = await site.preview(entryOf(collection, id, request.body), by(request));
        const address = `${PREVIEW_PREFIX}/${made.id}${made.route}`;
        const pages = [...site.contentOf(found.latest).values()];
        const nameOf = (route: string) => {
          const page = pages.find((e) => routeOf(e) === route);
          return page ? pageNameOf(page) : route;
        };
        const also = made.also.map((route) => ({ name: nameOf(route), address: `${PREVIEW_PREFIX}/${made.id}${route}` }));
        return { name: nameOf(made.route), address, share: `${ctx.publicOrigin}${address}?t=${made.token}`, expiresAt: made.expiresAt, also };
      } catch (error) {
        if (error instanceof EntryRefused) return reply.code(422).send({ error: siteWords.refused, fields: fieldsOf(error.problems) });
        if (error instanceof BuildFailed)
          return reply.code(422).send({ error: siteWords.buildFailed(`${error.message}. ${error.output}`.slice(0, BUILD_REASON_MAX)) });
        throw error;
      }
    },
  });

  app.route({
    ...endpoint('POST /site/entries/:collection/:id/verify'),
    config: { access: 'owner' },
    handler: async (request, reply) => {
      const { collection, id } = request.params;
      const found = await published(collection, id);
      if (!site || !found) return reply.code(404).send({ error: siteWords.noEntry });
      if (!hasPriceDate(found.entry)) return reply.code(422).send({ error: siteWords.notVerifiable });
      // Every guide's line, the Site page and the reminders read the one date in the business details.
      const details = site.contentOf(found.latest).get(BUSINESS_DETAILS_KEY);
      if (!details) return reply.code(422).send({ error: siteWords.notVerifiable });
      const entry = verifiedOn(details, nzParts(new Date()).date);
      return publishing(reply, () => site.publishEntry(entry, found.latest.number, by(request), 'verify'));
    },
  });

  app.route({
    ...endpoint('POST /site/entries/:collection/:id/release'),
    config: { access: 'owner' },
    handler: async (request, reply) => {
      const { collection, id } = request.params;
      if (!site || !(await published(collection, id))) return reply.code(404).send({ error: siteWords.noEntry });
      return publishing(reply, () => site.resolveRelease(`${collection}/${id}`, request.body.keep, by(request)));
    },
  });

  app.route({
    ...endpoint('GET /site/versions'),
    handler: async (_request, reply) => {
      if (!site) return reply.code(404).send({ error: siteWords.notEditable });
      const versions = await ctx.store.read(() => listVersions());
      const oldest = versions.at(-1);
      const earlier = oldest && oldest.number > 1 ? await ctx.store.read(() => versionsNumbered([oldest.number - 1])) : [];
      const titles = site.contentOf(versions[0] ?? { entries: {} });
      const title = (key: EntryKey) => {
        const entry = titles.get(key) ?? site.release.get(key);
        return entry ? pageNameOf(entry) : key;
      };
      return {
        served: site.servedVersion,
        versions: withBefore(versions, new Map(earlier.map((v) => [v.number, v])), (v) => site.contentOf(v)).map(({ version: v, before, after }) => ({
          number: v.number,
          action: v.action,
          restoredFrom: v.restoredFrom,
          by: { email: v.authorEmail, at: v.createdAt },
          changed: v.changed.map((key) => ({ key, title: title(key), ...changedFieldsOf(before.get(key), after.get(key)) })),
          status: v.status,
          failure: v.failure,
        })),
      };
    },
  });

  app.route({
    ...endpoint('GET /site/versions/:number'),
    handler: async (request, reply) => {
      const { number } = request.params;
      const [version, before] = site ? await Promise.all([site.version(number), number > 0 ? site.version(number - 1) : undefined]) : [];
      if (!site || !version) return reply.code(404).send({ error: siteWords.noVersion });
      return { number, entries: versionDiffOf(site.contentOf(before ?? { entries: {} }), site.contentOf(version), version.changed) };
    },
  });

  app.route({
    ...endpoint('POST /site/versions/:number/restore'),
    config: { access: 'owner' },
    handler: async (request, reply) => {
      const { number } = request.params;
      if (!site || !(await site.version(number))) return reply.code(404).send({ error: siteWords.noVersion });
      return publishing(reply, () => site.restore(number, by(request)));
    },
  });

  app.route({
    ...endpoint('POST /site/photos'),
    bodyLimit: PHOTO_UPLOAD_MAX_BYTES,
    // A body of any other type never reaches the photo reader.
    preValidation: async (request, reply) => {
      if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== PHOTO_UPLOAD_TYPE)
        return reply.code(415).send({ error: siteWords.photoNotType });
    },
    errorHandler: (error: Error & { statusCode?: number }, _request, reply) => {
      if (error.statusCode === 413) return reply.code(413).send({ error: siteWords.photoTooLarge });
      if (error.statusCode === 415) return reply.code(415).send({ error: siteWords.photoNotType });
      throw error;
    },
    handler: async (request, reply) => {
      if (!site) return reply.code(404).send({ error: siteWords.notEditable });
      try {
        // The same photo sent again (a second press, a retry on a poor connection) is the one stored.
        const known = photoIdOf(request.body);
        if ((await ctx.store.read(() => storedPhotoIds([known]))).has(known)) return reply.code(201).send({ id: known });
        // Refused from its header at once, not after waiting behind other photos.
        await photoHeaderOf(request.body);
        const making = photoTurns.run(() => makePhotoFiles(request.body));
        if (!making) return reply.code(503).header('retry-after', '30').send({ error: PHOTOS_BUSY });
        const photo = await making;
        await ctx.store.transact(function* () {
          yield* insertPhoto({ id: photo.id, sourceType: photo.kind, authorEmail: request.inboxUser!.email, files: photo.files });
          yield* ctx.audited(request, siteWords.photoUploaded, photo.id);
        });
        return reply.code(201).send({ id: photo.id });
      } catch (error) {
        if (error instanceof PhotoRefused) return reply.code(422).send({ error: error.message });
        throw error;
      }
    },
  });

  app.route({
    ...endpoint('GET /site/photos/:id'),
    handler: async (request, reply) => {
      const { id } = request.params;
      const body = await ctx.store.read(() => photoFile(id, photoFileName(id, THUMB.width, THUMB.ext)));
      if (!body) return reply.code(404).send({ error: siteWords.photoMissing });
      return reply.type(`image/${THUMB.ext}`).send(body);
    },
  });
};
