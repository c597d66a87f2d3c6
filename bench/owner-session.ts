/**
 * The owner in the inbox, for the benches: added with the CLI, signed in with the one-time link it
 * prints, and calling the inbox's API as the app does (cookies, Origin, the CSRF token).
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ServerProcess } from '../tests/support/server-process.ts';

const root = resolve(import.meta.dirname, '..');

export interface Owner {
  cookie: string;
  csrf: string;
}

/** The owner (or `who`), added with the CLI and signed in with the one-time link it prints. */
export async function signIn(
  databaseUrl: string,
  origin: string,
  server: ServerProcess,
  who: { email: string; role: 'owner' | 'staff' } = { email: 'owner@example.nz', role: 'owner' },
): Promise<Owner> {
  const added = await promisify(execFile)(process.execPath, [join(root, 'server/cli.ts'), 'users', 'add', who.email, '--role', who.role], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_ORIGIN: origin },
    encoding: 'utf8',
  });
  const token = new URL(/(http:\/\/\S+\/inbox\/\?link=\S+)/.exec(added.stdout)![1]!).searchParams.get('link')!;
  const session = await fetch(`${server.url}/inbox/api/session`);
  let cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const res = await fetch(`${server.url}/inbox/api/auth/link`, {
    method: 'POST',
    headers: { cookie, origin, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  cookie = [cookie, ...res.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const again = await fetch(`${server.url}/inbox/api/session`, { headers: { cookie } });
  return { cookie, csrf: ((await again.json()) as { csrfToken: string }).csrfToken };
}

export async function call(server: ServerProcess, origin: string, owner: Owner, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie: owner.cookie, origin, ...(method === 'GET' ? {} : { 'x-csrf-token': owner.csrf, 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
