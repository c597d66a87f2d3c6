/** A signed-in person's passkeys as the app lists them (never their keys), and adding one. */
import { z } from 'zod';
import { registrationResponse } from './session.ts';

export const passkey = z.object({ id: z.string(), name: z.string(), created_at: z.number(), last_used_at: z.number().nullable() });
export type Passkey = z.output<typeof passkey>;

export const passkeyList = z.object({ passkeys: z.array(passkey) });
export const newPasskeyBody = z.object({ response: registrationResponse, name: z.string().trim().max(60).optional() });
export const newPasskeyAnswer = z.object({ passkey });
