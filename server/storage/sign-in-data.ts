/**
 * Who may sign in to the inbox, written once for both stores as units of work (steps.ts): people
 * and their roles, passkeys, sessions, one-time secrets (links and codes) and WebAuthn challenges.
 * Times are epoch milliseconds by the database's clock; secrets arrive here already hashed.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { userRoles, type UserRole } from '../../core/lead/status.ts';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';

const nullableNumber = z.preprocess((v) => (v === null || v === undefined ? null : Number(v)), z.number().nullable());

export interface InboxUser {
  id: string;
  email: string;
  role: UserRole;
  created_at: number;
}

const userRow = z.object({ id: z.string(), email: z.string(), role: z.enum(userRoles), created_at: z.coerce.number() });
const toUser = (row: Row): InboxUser => userRow.parse(row);

/** A new user; undefined when the address already has one. */
export function* createUser(email: string, role: UserRole): Work<InboxUser | undefined> {
  const row = yield* one(
    `INSERT INTO users (id, email, role, created_at) VALUES (?, ?, ?, ${NOW_MS}) ON CONFLICT (email) DO NOTHING RETURNING *`,
    randomUUID(),
    email.toLowerCase(),
    role,
  );
  return row ? toUser(row) : undefined;
}

export function* userByEmail(email: string): Work<InboxUser | undefined> {
  const row = yield* one('SELECT * FROM users WHERE email = ?', email.toLowerCase());
  return row ? toUser(row) : undefined;
}

export function* userById(id: string): Work<InboxUser | undefined> {
  const row = yield* one('SELECT * FROM users WHERE id = ?', id);
  return row ? toUser(row) : undefined;
}

export function* listUsers(): Work<(InboxUser & { passkeys: number })[]> {
  const rows = yield* all('SELECT u.*, (SELECT COUNT(*) FROM passkeys p WHERE p.user_id = u.id) AS passkeys FROM users u ORDER BY u.email');
  return rows.map((r) => ({ ...toUser(r), passkeys: Number(r.passkeys) }));
}

/**
 * Counts the owners and locks their rows until the transaction ends, so two owners demoting or
 * removing each other at once on two instances are taken one after the other: the second sees the
 * first's change. A no-op UPDATE locks on both stores (PostgreSQL's row locks; SQLite's
 * transactions already hold its write lock) and its change count is the count.
 */
function* lockedOwnerCount(): Work<number> {
  return yield* run("UPDATE users SET role = role WHERE role = 'owner'");
}

export type UserChange = { ok: true; user: InboxUser } | { ok: false; reason: 'missing' | 'last-owner' };

/** Changes a role; the last owner cannot stop being one (nobody could manage the inbox then). */
export function* setRole(id: string, role: UserRole): Work<UserChange> {
  const owners = yield* lockedOwnerCount();
  const user = yield* userById(id);
  if (!user) return { ok: false, reason: 'missing' };
  if (user.role === 'owner' && role !== 'owner' && owners <= 1) return { ok: false, reason: 'last-owner' };
  yield* run('UPDATE users SET role = ? WHERE id = ?', role, id);
  return { ok: true, user: { ...user, role } };
}

/**
 * Removes a user with their passkeys, sessions and secrets (their sessions end at once), and their
 * previews: a share link they handed out would otherwise keep showing their draft for days after
 * they left. Never the last owner.
 */
export function* removeUser(id: string): Work<UserChange> {
  const owners = yield* lockedOwnerCount();
  const user = yield* userById(id);
  if (!user) return { ok: false, reason: 'missing' };
  if (user.role === 'owner' && owners <= 1) return { ok: false, reason: 'last-owner' };
  yield* run('DELETE FROM users WHERE id = ?', id);
  yield* run('DELETE FROM site_previews WHERE author_email = ?', user.email);
  return { ok: true, user };
}

export function* createSession(idHash: string, userId: string, idleMs: number): Work<void> {
  // Sessions that ran out go now and then, so the table holds the live ones.
  yield* run(`DELETE FROM sessions WHERE expires_at < ${NOW_MS} - 86400000`);
  yield* run(`INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ${NOW_MS}, ${NOW_MS} + ?)`, idHash, userId, idleMs);
}

/**
 * The user of a live session, its idle expiry pushed back (written at most once a minute, so
 * reading the inbox does not write on every request); undefined when it ended or never was.
 */
export function* sessionUser(idHash: string, idleMs: number): Work<InboxUser | undefined> {
  const row = yield* one(`SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ${NOW_MS}`, idHash);
  if (!row) return undefined;
  yield* run(`UPDATE sessions SET expires_at = ${NOW_MS} + ? WHERE id_hash = ? AND expires_at < ${NOW_MS} + ? - 60000`, idleMs, idHash, idleMs);
  return toUser(row);
}

export function* deleteSession(idHash: string): Work<void> {
  yield* run('DELETE FROM sessions WHERE id_hash = ?', idHash);
}

export type SecretKind = 'link' | 'code';

/** Stores a hashed one-time secret; a new code replaces the user's earlier unused ones. */
export function* createSecret(userId: string, kind: SecretKind, secretHash: string, ttlMs: number): Work<void> {
  yield* run(`DELETE FROM sign_in_secrets WHERE expires_at < ${NOW_MS} - 86400000`);
  if (kind === 'code') yield* run("DELETE FROM sign_in_secrets WHERE user_id = ? AND kind = 'code' AND used_at IS NULL", userId);
  yield* run(
    `INSERT INTO sign_in_secrets (id, user_id, kind, secret_hash, expires_at) VALUES (?, ?, ?, ?, ${NOW_MS} + ?)`,
    randomUUID(),
    userId,
    kind,
    secretHash,
    ttlMs,
  );
}

/** Uses a one-time link: its user, once; undefined when it is used, expired or unknown. */
export function* useLink(secretHash: string): Work<InboxUser | undefined> {
  const row = yield* one(
    `UPDATE sign_in_secrets SET used_at = ${NOW_MS} WHERE secret_hash = ? AND kind = 'link' AND used_at IS NULL AND expires_at > ${NOW_MS} RETURNING user_id`,
    secretHash,
  );
  return row ? yield* userById(String(row.user_id)) : undefined;
}

/**
 * Tries a sign-in code. Every try counts, the right one included, so after `maxTries` tries the
 * code is dead even when the next guess is right. True once, when the code is right, live and unused.
 */
export function* tryCode(userId: string, codeHash: string, maxTries: number): Work<boolean> {
  const row = yield* one(
    `UPDATE sign_in_secrets SET tries = tries + 1
     WHERE user_id = ? AND kind = 'code' AND used_at IS NULL AND expires_at > ${NOW_MS} AND tries < ? RETURNING id, secret_hash`,
    userId,
    maxTries,
  );
  if (!row) return false;
  const stored = Buffer.from(String(row.secret_hash), 'hex');
  const given = Buffer.from(codeHash, 'hex');
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
  return (yield* run(`UPDATE sign_in_secrets SET used_at = ${NOW_MS} WHERE id = ? AND used_at IS NULL`, row.id)) === 1;
}

export interface StoredPasskey {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  created_at: number;
  last_used_at: number | null;
}

const passkeyRow = z.object({
  id: z.string(),
  user_id: z.string(),
  public_key: z.string(),
  counter: z.coerce.number(),
  transports: z.string().transform((v) => (v ? v.split(',') : [])),
  name: z.string(),
  created_at: z.coerce.number(),
  last_used_at: nullableNumber,
});

export function* addPasskey(passkey: Omit<StoredPasskey, 'created_at' | 'last_used_at'>): Work<StoredPasskey> {
  const row = yield* one(
    `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ${NOW_MS}) RETURNING *`,
    passkey.id,
    passkey.user_id,
    passkey.public_key,
    passkey.counter,
    passkey.transports.join(','),
    passkey.name,
  );
  return passkeyRow.parse(row);
}

export function* userPasskeys(userId: string): Work<StoredPasskey[]> {
  return (yield* all('SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at', userId)).map((r) => passkeyRow.parse(r));
}

export function* passkeyById(id: string): Work<StoredPasskey | undefined> {
  const row = yield* one('SELECT * FROM passkeys WHERE id = ?', id);
  return row ? passkeyRow.parse(row) : undefined;
}

export function* passkeyUsed(id: string, counter: number): Work<void> {
  yield* run(`UPDATE passkeys SET counter = ?, last_used_at = ${NOW_MS} WHERE id = ?`, counter, id);
}

export function* removePasskey(id: string, userId: string): Work<boolean> {
  return (yield* run('DELETE FROM passkeys WHERE id = ? AND user_id = ?', id, userId)) > 0;
}

export function* saveChallenge(id: string, challenge: string, userId: string | null, ttlMs: number): Work<void> {
  yield* run(`DELETE FROM passkey_challenges WHERE expires_at < ${NOW_MS}`);
  yield* run(`INSERT INTO passkey_challenges (id, challenge, user_id, expires_at) VALUES (?, ?, ?, ${NOW_MS} + ?)`, id, challenge, userId, ttlMs);
}

/** A challenge, once: it is deleted as it is read. */
export function* takeChallenge(id: string): Work<{ challenge: string; userId: string | null } | undefined> {
  const row = yield* one(`DELETE FROM passkey_challenges WHERE id = ? AND expires_at > ${NOW_MS} RETURNING challenge, user_id`, id);
  return row ? { challenge: String(row.challenge), userId: row.user_id === null ? null : String(row.user_id) } : undefined;
}
