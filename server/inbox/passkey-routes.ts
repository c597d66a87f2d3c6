/** A signed-in person's passkeys: add one (WebAuthn registration), list them, remove one. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { business } from '../../core/business.ts';
import type { Passkey } from '../../core/inbox-api/passkeys.ts';
import { addPasskey, passkeyById, removePasskey, userPasskeys, type StoredPasskey } from '../storage/sign-in-data.ts';
import { inboxWords } from './inbox-words.ts';
import { expectedFrom, keepChallenge, madeInFrame, takeBrowserChallenge } from './sign-in-routes.ts';
import { endpoint } from './endpoint.ts';
import { signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

/** What the app sees of a passkey: never its key. */
export const passkeyView = ({ id, name, created_at, last_used_at }: StoredPasskey): Passkey => ({ id, name, created_at, last_used_at });

export const passkeyRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const rpID = new URL(ctx.publicOrigin).hostname;

  app.route({
    ...endpoint('GET /passkeys'),
    handler: async (request) => {
      const passkeys = await store.read(() => userPasskeys(signedInUser(request).id));
      return { passkeys: passkeys.map(passkeyView) };
    },
  });

  app.route({
    ...endpoint('POST /passkeys/options'),
    handler: async (request, reply) => {
      const user = signedInUser(request);
      const existing = await store.read(() => userPasskeys(user.id));
      const options = await generateRegistrationOptions({
        rpName: `${business.name} lead inbox`,
        rpID,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
        // Discoverable, so "Sign in with a passkey" needs no e-mail address first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await keepChallenge(ctx, reply, options.challenge, user.id);
      return reply.send(options);
    },
  });

  app.route({
    ...endpoint('POST /passkeys'),
    config: { badRequest: { error: inboxWords.errors.passkeyNotSaved } },
    handler: async (request, reply) => {
      const user = signedInUser(request);
      const { response, name } = request.body;
      const challenge = await takeBrowserChallenge(ctx, request, reply, user.id);
      if (!challenge || madeInFrame(response)) return reply.code(400).send({ error: inboxWords.errors.passkeyNotSaved });
      try {
        const result = await verifyRegistrationResponse({ response, ...expectedFrom(ctx, challenge) });
        if (!result.verified) return reply.code(400).send({ error: inboxWords.errors.passkeyNotSaved });
        const { credential } = result.registrationInfo;
        const count = (await store.read(() => userPasskeys(user.id))).length;
        const passkey = await store.transact(function* () {
          const added = yield* addPasskey({
            id: credential.id,
            user_id: user.id,
            public_key: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: name || `${inboxWords.passkeyName} ${count + 1}`,
          });
          yield* ctx.audited(request, inboxWords.audit.passkeyAdded(added.name));
          return added;
        });
        return reply.code(201).send({ passkey: passkeyView(passkey) });
      } catch (error) {
        request.log.info({ err: error }, 'passkey registration refused');
        return reply.code(400).send({ error: inboxWords.errors.passkeyNotSaved });
      }
    },
  });

  app.route({
    ...endpoint('DELETE /passkeys/:id'),
    handler: async (request, reply) => {
      const user = signedInUser(request);
      const passkey = await store.read(() => passkeyById(request.params.id));
      const removed =
        passkey !== undefined &&
        passkey.user_id === user.id &&
        (await store.transact(function* () {
          const done = yield* removePasskey(passkey.id, user.id);
          if (done) yield* ctx.audited(request, inboxWords.audit.passkeyRemoved(passkey.name));
          return done;
        }));
      if (!removed) return reply.code(404).send({ error: inboxWords.errors.noPasskey });
      return { ok: true as const };
    },
  });
};
