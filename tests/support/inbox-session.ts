/**
 * Driving the inbox's API with inject as the app drives it: a "browser" keeps the cookies, sends
 * Origin and the CSRF token with every change, and a person signs in with the one-time link the
 * CLI would make for them.
 */
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { invite } from '../../server/inbox/invite.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import type { UserRole } from '../../core/lead/status.ts';

export const INBOX_ORIGIN = 'http://localhost:4321';

export interface Browser {
  cookies: Map<string, string>;
  csrf: string;
}

/** The Cookie header this browser sends, for requests made outside `call` (pages, photos). */
export function cookieHeader(browser: Browser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

function keepCookies(browser: Browser, res: LightMyRequestResponse) {
  for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
    if (c.value === '' || c.maxAge === 0) browser.cookies.delete(c.name);
    else browser.cookies.set(c.name, c.value);
  }
}

export function inboxSession(app: () => FastifyInstance, store: () => LeadStore) {
  async function openBrowser(): Promise<Browser> {
    const browser: Browser = { cookies: new Map(), csrf: '' };
    const res = await app().inject({ method: 'GET', url: '/inbox/api/session' });
    keepCookies(browser, res);
    browser.csrf = res.json().csrfToken;
    return browser;
  }

  async function call(
    browser: Browser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await app().inject({
      method,
      url: `/inbox/api${url}`,
      headers: { cookie: cookieHeader(browser), ...(method === 'GET' ? {} : { origin: INBOX_ORIGIN, 'x-csrf-token': browser.csrf }), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    keepCookies(browser, res);
    return res;
  }

  /** A person added as the CLI adds them, signed in with their one-time link. */
  async function signedIn(email: string, role: UserRole = 'owner'): Promise<Browser> {
    const added = await invite(store(), { email, role, publicOrigin: INBOX_ORIGIN });
    const browser = await openBrowser();
    const token = new URL(added!.link).searchParams.get('link')!;
    const res = await call(browser, 'POST', '/auth/link', { token });
    expect(res.statusCode).toBe(200);
    return browser;
  }

  return { openBrowser, call, signedIn };
}
