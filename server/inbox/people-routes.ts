/** Owners manage who may sign in, and read the audit log. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditCursor, auditEntries } from '../storage/audit-log.ts';
import { listUsers, removeUser, setRole } from '../storage/sign-in-data.ts';
import { invite } from './invite.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { BadRequest, signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

export const peopleRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const access = 'owner';

  app.route({ ...endpoint('GET /users'), config: { access }, handler: async () => ({ users: await store.read(() => listUsers()) }) });

  app.route({
    ...endpoint('POST /users'),
    config: { access, badRequest: { field: 'email' } },
    handler: async (request, reply) => {
      const added = await invite(store, { ...request.body, publicOrigin: ctx.publicOrigin, mailer: ctx.mailer });
      if (!added) return reply.code(409).send({ error: inboxWords.errors.userExists });
      await ctx.record(request, inboxWords.audit.userAdded(added.user.email, added.user.role));
      return reply.code(201).send({ user: { ...added.user, passkeys: 0 }, link: added.link, mailed: added.mailed });
    },
  });

  app.route({
    ...endpoint('PATCH /users/:id'),
    config: { access },
    handler: async (request, reply) => {
      const changed = await store.transact(function* () {
        const done = yield* setRole(request.params.id, request.body.role);
        if (done.ok) yield* ctx.audited(request, inboxWords.audit.roleChanged(done.user.email, done.user.role));
        return done;
      });
      if (!changed.ok)
        return reply
          .code(changed.reason === 'missing' ? 404 : 409)
          .send({ error: changed.reason === 'missing' ? inboxWords.errors.noUser : inboxWords.errors.lastOwner });
      return { user: changed.user };
    },
  });

  app.route({
    ...endpoint('DELETE /users/:id'),
    config: { access },
    handler: async (request, reply) => {
      if (request.params.id === signedInUser(request).id) return reply.code(409).send({ error: inboxWords.errors.notYourself });
      const removed = await store.transact(function* () {
        const done = yield* removeUser(request.params.id);
        if (done.ok) yield* ctx.audited(request, inboxWords.audit.userRemoved(done.user.email));
        return done;
      });
      if (!removed.ok)
        return reply
          .code(removed.reason === 'missing' ? 404 : 409)
          .send({ error: removed.reason === 'missing' ? inboxWords.errors.noUser : inboxWords.errors.lastOwner });
      return { ok: true as const };
    },
  });

  app.route({
    ...endpoint('GET /audit'),
    config: { access },
    handler: async (request) => {
      const { limit } = request.query;
      const before = request.query.before ? auditCursor.decode(request.query.before) : undefined;
      if (request.query.before && !before) throw new BadRequest();
      const entries = await store.read(() => auditEntries({ before, limit: limit + 1 }));
      const page = entries.slice(0, limit);
      return { entries: page, next: entries.length > limit ? auditCursor.encode(page.at(-1)!) : null };
    },
  });
};
