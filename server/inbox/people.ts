/** Owners manage who may sign in, and read the audit log. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { userRoles } from '../../core/lead/status.ts';
import { auditCursor, auditEntries, listUsers, removeUser, setRole } from '../storage/inbox.ts';
import { invite } from './invite.ts';
import { inboxWords } from './words.ts';
import type { InboxContext } from './plugin.ts';

const newUserBody = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()), role: z.enum(userRoles) });
const roleBody = z.object({ role: z.enum(userRoles) });
const auditQuery = z.object({ before: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

export const peopleRoutes: FastifyPluginAsync<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const owner = { config: { access: 'owner' as const } };

  app.get('/users', owner, async () => ({ users: await store.read(() => listUsers()) }));

  app.post('/users', owner, async (request, reply) => {
    const body = newUserBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: inboxWords.errors.email, fields: { email: inboxWords.errors.email } });
    const added = await invite(store, { ...body.data, publicOrigin: ctx.publicOrigin, mailer: ctx.mailer });
    if (!added) return reply.code(409).send({ error: inboxWords.errors.userExists });
    await ctx.record(request, inboxWords.audit.userAdded(added.user.email, added.user.role));
    return reply.code(201).send({ user: { ...added.user, passkeys: 0 }, link: added.link, mailed: added.mailed });
  });

  app.patch<{ Params: { id: string } }>('/users/:id', owner, async (request, reply) => {
    const body = roleBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: inboxWords.errors.badRequest });
    const changed = await store.transact(() => setRole(request.params.id, body.data.role));
    if (!changed.ok)
      return reply
        .code(changed.reason === 'missing' ? 404 : 409)
        .send({ error: changed.reason === 'missing' ? inboxWords.errors.noUser : inboxWords.errors.lastOwner });
    await ctx.record(request, inboxWords.audit.roleChanged(changed.user.email, changed.user.role));
    return { user: changed.user };
  });

  app.delete<{ Params: { id: string } }>('/users/:id', owner, async (request, reply) => {
    if (request.params.id === request.inboxUser!.id) return reply.code(409).send({ error: inboxWords.errors.notYourself });
    const removed = await store.transact(() => removeUser(request.params.id));
    if (!removed.ok)
      return reply
        .code(removed.reason === 'missing' ? 404 : 409)
        .send({ error: removed.reason === 'missing' ? inboxWords.errors.noUser : inboxWords.errors.lastOwner });
    await ctx.record(request, inboxWords.audit.userRemoved(removed.user.email));
    return { ok: true };
  });

  app.get('/audit', owner, async (request, reply) => {
    const query = auditQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: inboxWords.errors.badRequest });
    const before = query.data.before ? auditCursor.decode(query.data.before) : undefined;
    if (query.data.before && !before) return reply.code(400).send({ error: inboxWords.errors.badRequest });
    const entries = await store.read(() => auditEntries({ before, limit: query.data.limit + 1 }));
    const page = entries.slice(0, query.data.limit);
    return { entries: page, next: entries.length > query.data.limit ? auditCursor.encode(page.at(-1)!) : null };
  });
};
