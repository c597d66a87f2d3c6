/**
 * The quick preview's Astro integration, over real HTTP with any method, path, secret and body
 * (fast-check): without the instance's secret every request is refused with a 403 before it
 * reaches the dev server; with it, the refresh route takes only a POST of a JSON list of file
 * paths, answers anything else with a 4xx, and reloads the content only for a good one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIVE_PREVIEW_HEADER, REFRESH_PATH } from '../../core/live-preview-protocol.ts';
import { livePreview } from '../../scripts/live-preview-refresh.ts';
import { anyMethod, hostilePath, sendRaw } from '../support/hostile-http.ts';

const SECRET = 'a-secret-of-this-instance-0123456789';
type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

describe('the quick preview’s refresh integration', () => {
  let server: Server;
  let port: number;
  let refreshes = 0;
  /** Requests the integration let through to the dev server behind it. */
  let passed = 0;

  beforeAll(async () => {
    // The dev server's own middleware already in place, as Vite's are when the hook runs.
    const stack: { route: string; handle: Middleware }[] = [{ route: '', handle: (_req, _res, next) => next() }];
    const { hooks } = livePreview(SECRET);
    const setup = hooks['astro:server:setup'] as unknown as (options: unknown) => void;
    setup({
      server: { environments: {}, middlewares: { stack, use: (handle: Middleware) => stack.push({ route: '', handle }) } },
      refreshContent: async () => void refreshes++,
    });
    // Astro puts its own in front after the setup; once started, the refusal is first again, so
    // nothing of the dev server's answers before the secret is checked.
    const astros: Middleware = (_req, res) => res.end('redirected');
    stack.unshift({ route: '', handle: astros });
    (hooks['astro:server:start'] as unknown as () => void)();
    expect(stack).toHaveLength(3);
    const middleware = stack[0]!.handle;
    expect(middleware).not.toBe(astros);
    expect(stack[1]!.handle).toBe(astros);
    server = createServer((req, res) =>
      middleware(req, res, () => {
        passed++;
        res.statusCode = 200;
        res.end('page');
      }),
    );
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  const body = fc.oneof(
    fc.string(),
    fc.json(),
    fc.array(fc.string(), { maxLength: 3 }).map((list) => JSON.stringify(list)),
    fc.constantFrom('["/etc/passwd"]', '[""]', '[]'),
  );

  it('refuses any request without the secret, whatever its method, path, wrong secret or body', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyMethod,
        fc.oneof(hostilePath, fc.constant(REFRESH_PATH)),
        fc.option(fc.string({ unit: 'grapheme-ascii' })),
        body,
        async (m, p, secret, b) => {
          const before = { refreshes, passed };
          const headers: Record<string, string> = secret === null ? {} : { [LIVE_PREVIEW_HEADER]: secret.trim() };
          const answer = await sendRaw(port, m, p, headers, b);
          expect(answer).toEqual({ status: 403, body: '' });
          expect({ refreshes, passed }).toEqual(before);
        },
      ),
      {
        numRuns: 200,
        // What fast-check once found answered without the secret: a preflight (204 from the dev
        // server's CORS middleware) and `//` (Astro's redirect, put in front after the setup).
        examples: [
          ['OPTIONS', '/', null, ''],
          ['OPTIONS', REFRESH_PATH, 'wrong', '[]'],
          ['GET', '//', null, ''],
          ['GET', '//#', null, ''],
        ],
      },
    );
  });

  it('with the secret, refreshes only on a POST of a list of file paths, and answers anything else with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(anyMethod, body, async (m, b) => {
        const before = refreshes;
        const answer = await sendRaw(port, m, REFRESH_PATH, { [LIVE_PREVIEW_HEADER]: SECRET }, b);
        let list: unknown;
        try {
          list = JSON.parse(b);
        } catch {
          list = undefined;
        }
        const good = m === 'POST' && Array.isArray(list) && list.every((file) => typeof file === 'string' && file !== '');
        expect(answer.status).toBe(good ? 204 : m === 'POST' ? 400 : 405);
        expect(refreshes).toBe(before + (good ? 1 : 0));
      }),
      { numRuns: 200 },
    );
    const pages = passed;
    expect((await sendRaw(port, 'GET', '/contact', { [LIVE_PREVIEW_HEADER]: SECRET }, '')).status).toBe(200);
    expect(passed).toBe(pages + 1);
  });
});
