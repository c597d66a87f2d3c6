/** Who may sign in (owners manage them) and the audit log. */
import { z } from 'zod';
import { userRoles } from '../lead/status.ts';
import { emailAddress } from './session.ts';

export const user = z.object({ id: z.string(), email: z.string(), role: z.enum(userRoles), created_at: z.number() });
export const person = user.extend({ passkeys: z.number().int() });
export type Person = z.output<typeof person>;

export const peopleList = z.object({ users: z.array(person) });
export const newPersonBody = z.object({ email: emailAddress, role: z.enum(userRoles) });
/** The new person, and the one-time link that signs them in (shown when it could not be e-mailed). */
export const newPersonAnswer = z.object({ user: person, link: z.string(), mailed: z.boolean() });
export const roleBody = z.object({ role: z.enum(userRoles) });
export const roleAnswer = z.object({ user });

export const auditQuery = z.object({ before: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
export const auditEntry = z.object({
  id: z.string(),
  at: z.number(),
  actor_email: z.string().nullable(),
  action: z.string(),
  detail: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.output<typeof auditEntry>;
export const auditPage = z.object({ entries: z.array(auditEntry), next: z.string().nullable() });
