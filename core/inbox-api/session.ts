/**
 * Signing in and the session: the bodies the sign-in routes take and what they answer. The
 * passkey answers are checked here only in shape; @simplewebauthn/server checks them in full.
 */
import { z } from 'zod';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { userRoles } from '../lead/status.ts';

/** An address as the server keeps it: trimmed, lower case. */
export const emailAddress = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const sessionUser = z.object({ id: z.string(), email: z.string(), role: z.enum(userRoles), passkeys: z.number().int() });
export type SessionUser = z.output<typeof sessionUser>;

export const sessionAnswer = z.object({ user: sessionUser.nullable(), csrfToken: z.string() });
export type Session = z.output<typeof sessionAnswer>;

/** What every way of signing in answers. */
export const signedInAnswer = z.object({ user: sessionUser });

export const okAnswer = z.object({ ok: z.literal(true) });

export const codeRequestBody = z.object({ email: emailAddress });
export const codeBody = codeRequestBody.extend({
  code: z
    .string()
    .max(20)
    .transform((v) => v.replace(/\s+/g, '')),
});
export const linkBody = z.object({ token: z.string().min(1).max(200) });

// The parts of a browser's passkey answer the server reads before the library does, bounded.
const credentialId = z.string().min(1).max(1024);
const base64url = z.string().max(65_536);
const credentialShape = z.looseObject({
  id: credentialId,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
});
const assertionShape = credentialShape.extend({
  response: z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url }),
});
const attestationShape = credentialShape.extend({
  response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url }),
});

/** A passkey's answer to a sign-in, typed as the library takes it once its shape is checked. */
export const authenticationResponse = z.custom<AuthenticationResponseJSON>((value) => assertionShape.safeParse(value).success);
/** A new passkey's answer, likewise. */
export const registrationResponse = z.custom<RegistrationResponseJSON>((value) => attestationShape.safeParse(value).success);

export const passkeySignInBody = z.object({ response: authenticationResponse });

/** The library's options for the browser, passed on as they are. */
export const authenticationOptions = z.custom<PublicKeyCredentialRequestOptionsJSON>();
export const registrationOptions = z.custom<PublicKeyCredentialCreationOptionsJSON>();
