/** A signed-in person's passkeys: add one (WebAuthn registration), list them, remove one. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { business } from '../../core/business.ts';
import { addPasskey, passkeyById, removePasskey, userPasskeys, type StoredPasskey } from '../storage/inbox.ts';
import { inboxWords } from './words.ts';
import { keepChallenge, madeInFrame, takeBrowserChallenge } from './sign-in.ts';
import type { InboxContext } from './plugin.ts';

const registrationBody = z.object({
  response: z.looseObject({ id: z.string().min(1).max(1024) }),
  name: z.string().trim().max(60).optional(),
});

/** What the app sees of a passkey: never its key. */
export const passkeyView = ({ id, name, created_at, last_used_at }: StoredPasskey) => ({ id, name, created_at, last_used_at });

export const passkeyRoutes: FastifyPluginAsync<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const rpID = new URL(ctx.publicOrigin).hostname;

  app.get('/passkeys', async (request) => {
    const passkeys = await store.read(() => userPasskeys(request.inboxUser!.id));
    return { passkeys: passkeys.map(passkeyView) };
  });

  app.post('/passkeys/options', async (request, reply) => {
    const user = request.inboxUser!;
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
  });

  app.post('/passkeys', async (request, reply) => {
    const user = request.inboxUser!;
    const body = registrationBody.safeParse(request.body);
    const challenge = await takeBrowserChallenge(ctx, request, reply, user.id);
    if (!body.success || !challenge || madeInFrame(body.data.response)) return reply.code(400).send({ error: inboxWords.errors.passkeyNotSaved });
    try {
      const result = await verifyRegistrationResponse({
        response: body.data.response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: ctx.publicOrigin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
      if (!result.verified) return reply.code(400).send({ error: inboxWords.errors.passkeyNotSaved });
      const { credential } = result.registrationInfo;
      const count = (await store.read(() => userPasskeys(user.id))).length;
      const passkey = await store.transact(() =>
        addPasskey({
          id: credential.id,
          user_id: user.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: body.data.name || `${inboxWords.passkeyName} ${count + 1}`,
        }),
      );
      await ctx.record(request, inboxWords.audit.passkeyAdded(passkey.name));
      return reply.code(201).send({ passkey: passkeyView(passkey) });
    } catch (error) {
      request.log.info({ err: error }, 'passkey registration refused');
      return reply.code(400).send({ error: inboxWords.errors.passkeyNotSaved });
    }
  });

  app.delete<{ Params: { id: string } }>('/passkeys/:id', async (request, reply) => {
    const user = request.inboxUser!;
    const passkey = await store.read(() => passkeyById(request.params.id));
    if (!passkey || passkey.user_id !== user.id || !(await store.transact(() => removePasskey(passkey.id, user.id))))
      return reply.code(404).send({ error: inboxWords.errors.noPasskey });
    await ctx.record(request, inboxWords.audit.passkeyRemoved(passkey.name));
    return { ok: true };
  });
};
