/**
 * The last owner under concurrency: two owners, each signed in to a different server process on one
 * database, demote each other (or remove each other) at the same moment. However the requests
 * interleave, the inbox keeps at least one owner, and the refused side is told why (409).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invite } from '../../server/inbox/invite.ts';
import { listUsers } from '../../server/storage/sign-in-data.ts';
import { run } from '../../server/storage/steps.ts';
import { startServer, tinySite, type ServerProcess } from '../support/server-process.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const ORIGIN = 'http://localhost:4321';

/** A browser over real HTTP: keeps cookies, sends Origin and the CSRF token with every change. */
async function signInOver(server: ServerProcess, link: string) {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
  };
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/inbox/api${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: ORIGIN,
        'x-csrf-token': csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    keep(res);
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  let csrf = '';
  csrf = String((await send('GET', '/session')).json.csrfToken);
  const signedIn = await send('POST', '/auth/link', { token: new URL(link).searchParams.get('link') });
  expect(signedIn.status).toBe(200);
  return send;
}

describe.each(storeKinds)('the last owner with two instances on %s', (kind) => {
  let t: TestStore;
  let servers: ServerProcess[] = [];

  beforeEach(async () => {
    t = await createTestStore(kind);
    const env = { DATABASE_URL: t.url, DIST_DIR: tinySite(), PUBLIC_ORIGIN: ORIGIN };
    servers = [await startServer(env), await startServer(env)];
  });
  afterEach(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await t.cleanup();
  });

  it('keeps an owner when two owners demote, or remove, each other at once', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = await Promise.all(['a', 'b'].map((name) => invite(t.store, { email: `${name}${round}@example.nz`, role: 'owner', publicOrigin: ORIGIN })));
      // Only these two are owners this round: earlier rounds' survivors step down first.
      for (const user of await t.store.read(() => listUsers()))
        if (user.id !== a!.user.id && user.id !== b!.user.id) await t.store.transact(() => run('DELETE FROM users WHERE id = ?', user.id));
      const asA = await signInOver(servers[0]!, a!.link);
      const asB = await signInOver(servers[1]!, b!.link);
      const remove = round % 2 === 1;
      const answers = await Promise.all([
        remove ? asA('DELETE', `/users/${b!.user.id}`) : asA('PATCH', `/users/${b!.user.id}`, { role: 'staff' }),
        remove ? asB('DELETE', `/users/${a!.user.id}`) : asB('PATCH', `/users/${a!.user.id}`, { role: 'staff' }),
      ]);
      const owners = (await t.store.read(() => listUsers())).filter((u) => u.role === 'owner');
      expect(owners.length, `round ${round}`).toBe(1);
      // One change went through. The other was refused: as the last owner's (409), or, when the first
      // had already landed as its request arrived, as no longer an owner (403) or no longer a person (401).
      const [done, refused] = answers.map((r) => r.status).sort();
      expect(done, `round ${round}`).toBe(200);
      expect(remove ? [401, 409] : [403, 409], `round ${round}`).toContain(refused);
    }
  });
});
