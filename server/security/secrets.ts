/** One-time secrets: random tokens and codes, and the hashes the database keeps instead of them. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, URL-safe: session ids and sign-in links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits, every one equally likely. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What the database stores: a session id, link or code never lies there in the clear. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A code's hash is salted with its user, so one table of six-digit hashes does not fit every user. */
export function codeHash(userId: string, code: string): string {
  return secretHash(`${userId}:${code}`);
}
