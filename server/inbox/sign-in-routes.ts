/**
 * Signing in and out: with a passkey (WebAuthn through @simplewebauthn/server), with a code
 * e-mailed to a known address, or with a one-time link from an owner or the CLI. Every attempt is
 * counted per address and per account in the shared store, and written to the audit log.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import {
  createSecret,
  passkeyById,
  passkeyUsed,
  saveChallenge,
  takeChallenge,
  tryCode,
  useLink,
  userByEmail,
  userById,
  userPasskeys,
  type InboxUser,
} from '../storage/sign-in-data.ts';
import { codeHash, randomCode, randomToken, secretHash } from '../security/secrets.ts';
import { codeMail } from './mail.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import type { InboxContext } from './context.ts';
import { INBOX_API_PREFIX } from '../../core/inbox-links.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export const CHALLENGE_COOKIE = 'inbox_challenge';
const CHALLENGE_TTL_MS = 5 * 60_000;

/** What the app needs of the signed-in person. */
export async function sessionView(ctx: InboxContext, user: InboxUser) {
  const passkeys = await ctx.store.read(() => userPasskeys(user.id));
  return { id: user.id, email: user.email, role: user.role, passkeys: passkeys.length };
}

/** Saves a WebAuthn challenge for this browser (a short-lived cookie holds its id). */
export async function keepChallenge(ctx: InboxContext, reply: FastifyReply, challenge: string, userId: string | null): Promise<void> {
  const id = randomToken();
  await ctx.store.transact(() => saveChallenge(id, challenge, userId, CHALLENGE_TTL_MS));
  reply.setCookie(CHALLENGE_COOKIE, id, {
    path: INBOX_API_PREFIX,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secureCookies,
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
}

/**
 * This browser's challenge, once, and only for the ceremony it was issued for: a sign-in's was
 * issued to nobody (null), adding a passkey's to the person adding it, so one cannot complete the other.
 */
export async function takeBrowserChallenge(ctx: InboxContext, request: FastifyRequest, reply: FastifyReply, issuedTo: string | null) {
  const id = request.cookies[CHALLENGE_COOKIE];
  reply.clearCookie(CHALLENGE_COOKIE, { path: INBOX_API_PREFIX });
  const challenge = id ? await ctx.store.transact(() => takeChallenge(id)) : undefined;
  return challenge?.userId === issuedTo ? challenge : undefined;
}

/**
 * What a passkey answer of either ceremony must show: the challenge issued for it, the inbox's own
 * origin and relying party. User verification is preferred, not required: a phone without a screen
 * lock still holds a passkey that proves who has it.
 */
export function expectedFrom(ctx: Pick<InboxContext, 'publicOrigin'>, challenge: { challenge: string }) {
  return {
    expectedChallenge: challenge.challenge,
    expectedOrigin: ctx.publicOrigin,
    expectedRPID: new URL(ctx.publicOrigin).hostname,
    requireUserVerification: false,
  };
}

/**
 * Whether a passkey answer says it was made inside another site's frame. The library accepts that
 * when the browser leaves out the top origin (Safari does); the inbox is never framed, so never.
 */
export function madeInFrame(credential: AuthenticationResponseJSON | RegistrationResponseJSON): boolean {
  try {
    return decodeClientDataJSON(credential.response.clientDataJSON).crossOrigin === true;
  } catch {
    return false;
  }
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number) {
  return reply.code(429).header('Retry-After', String(retryAfterSeconds)).send({ error: inboxWords.errors.tooMany });
}

export const signInRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const rpID = new URL(ctx.publicOrigin).hostname;
  const access = 'public';

  /** Counts the attempt for the address and, when known, the account; the first refusal wins. */
  async function limited(request: FastifyRequest, reply: FastifyReply, kind: string, account?: string) {
    for (const [scope, key] of [[`${kind}-ip`, request.ip], ...(account ? [[`${kind}-account`, account]] : [])] as const) {
      const verdict = await ctx.signInAllowed(scope, key);
      if (!verdict.allowed) {
        tooMany(reply, verdict.retryAfterSeconds);
        return true;
      }
    }
    return false;
  }

  /** Signs in the user a method found, or writes the failed attempt (with the address it named, if any) to the audit log and answers 401 with `error`. */
  async function signInWith(
    method: string,
    request: FastifyRequest,
    reply: FastifyReply,
    user: InboxUser | undefined,
    failure: { error: string; email: string | null },
  ) {
    if (!user) {
      await ctx.record(request, inboxWords.audit.signInFailed(method), '', failure.email);
      return reply.code(401).send({ error: failure.error });
    }
    await ctx.startSession(request, reply, user);
    await ctx.record(request, inboxWords.audit.signIn(method), '', user.email);
    return reply.send({ user: await sessionView(ctx, user) });
  }

  app.route({
    ...endpoint('GET /session'),
    config: { access },
    handler: async (request, reply) => {
      const user = request.inboxUser ? await sessionView(ctx, request.inboxUser) : null;
      return reply.send({ user, csrfToken: reply.generateCsrf() });
    },
  });

  app.route({
    ...endpoint('POST /auth/code'),
    config: { access, badRequest: { field: 'email' } },
    handler: async (request, reply) => {
      const { email } = request.body;
      if (await limited(request, reply, 'code', email)) return;
      const user = await store.read(() => userByEmail(email));
      // An unknown address gets the same answer, no e-mail and the same work: a code is made and
      // hashed either way, and the mail server is not waited for (its answer time would tell), so
      // neither the answer nor its timing says who may sign in. A code whose e-mail fails is simply
      // asked for again, so it is sent after the answer and a failure is only logged.
      const code = randomCode();
      const hash = codeHash(user?.id ?? email, code);
      if (user && ctx.mailer) {
        await store.transact(() => createSecret(user.id, 'code', hash, CODE_TTL_MS));
        ctx.mailer(codeMail(user.email, code)).catch((error: unknown) => request.log.error({ err: error }, 'the sign-in code could not be e-mailed'));
      } else if (user) request.log.warn('a sign-in code was asked for but SMTP_URL is not set, so it cannot be e-mailed');
      await ctx.record(request, user ? inboxWords.audit.codeSent : inboxWords.audit.codeUnknown, '', email);
      return reply.send({ ok: true });
    },
  });

  app.route({
    ...endpoint('POST /auth/code/verify'),
    config: { access, badRequest: { status: 401, error: inboxWords.errors.badCode } },
    handler: async (request, reply) => {
      const { email, code } = request.body;
      if (await limited(request, reply, 'verify', email)) return;
      const user = await store.read(() => userByEmail(email));
      const ok = user ? await store.transact(() => tryCode(user.id, codeHash(user.id, code), CODE_MAX_TRIES)) : false;
      return signInWith('e-mailed code', request, reply, ok ? user : undefined, { error: inboxWords.errors.badCode, email });
    },
  });

  app.route({
    ...endpoint('POST /auth/link'),
    config: { access, badRequest: { status: 401, error: inboxWords.errors.badLink } },
    handler: async (request, reply) => {
      if (await limited(request, reply, 'link')) return;
      const user = await store.transact(() => useLink(secretHash(request.body.token)));
      return signInWith('one-time link', request, reply, user, { error: inboxWords.errors.badLink, email: null });
    },
  });

  app.route({
    ...endpoint('POST /auth/passkey/options'),
    config: { access },
    handler: async (_request, reply) => {
      // No allowed list: the browser offers the passkeys it holds for this site (discoverable credentials).
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
      await keepChallenge(ctx, reply, options.challenge, null);
      return reply.send(options);
    },
  });

  app.route({
    ...endpoint('POST /auth/passkey/verify'),
    config: { access, badRequest: { status: 401, error: inboxWords.errors.badPasskey } },
    handler: async (request, reply) => {
      if (await limited(request, reply, 'passkey')) return;
      const { response } = request.body;
      const challenge = await takeBrowserChallenge(ctx, request, reply, null);
      const passkey = await store.read(() => passkeyById(response.id));
      let user: InboxUser | undefined;
      if (challenge && passkey && !madeInFrame(response)) {
        try {
          const result = await verifyAuthenticationResponse({
            response,
            ...expectedFrom(ctx, challenge),
            credential: { id: passkey.id, publicKey: Buffer.from(passkey.public_key, 'base64url'), counter: passkey.counter, transports: passkey.transports },
          });
          if (result.verified) {
            await store.transact(() => passkeyUsed(passkey.id, result.authenticationInfo.newCounter));
            user = await store.read(() => userById(passkey.user_id));
          }
        } catch (error) {
          request.log.info({ err: error }, 'passkey sign-in refused');
        }
      }
      return signInWith('passkey', request, reply, user, { error: inboxWords.errors.badPasskey, email: null });
    },
  });

  app.route({
    ...endpoint('POST /auth/sign-out'),
    config: { access },
    handler: async (request, reply) => {
      if (request.inboxUser) await ctx.record(request, inboxWords.audit.signOut);
      await ctx.endSession(request, reply);
      return reply.send({ ok: true });
    },
  });
};
