/**
 * The fixtures of the specs that need a lead server of their own (the inbox, the partner page, the
 * visits), rather than the webServer of playwright.config.ts that serves the built site at baseURL:
 *
 * - `server` (one per worker): a test store and the real server on it, at its own origin
 *   (http://localhost:PORT, PUBLIC_ORIGIN), with a real SMTP peer when asked; started for the first
 *   test that uses it, stopped when the worker ends. Specs with the same `serverOptions` may share
 *   one, so each finds its own data by name and adds partners and people of its own.
 * - `signIn(page, role)`: a person of that role signs in as the business's first person does: the
 *   CLI's `users add` prints a one-time link, the page opens it, Continue, and Not now to the passkey.
 *
 * Options differ by spec with `test.use({ serverOptions: serverOptions({ smtp: true }) })`;
 * Playwright runs tests of different options in different workers.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startSmtp, type SmtpPeer } from '../support/peers.ts';
import { freePort, startServer, startServerAtOwnOrigin, type ServerProcess } from '../support/server-process.ts';
import { createTestStore, type StoreKind, type TestStore } from '../support/stores.ts';

export { expect };

export interface ServerOptions {
  /** Where the leads are kept: a SQLite file, or a schema of the test PostgreSQL. */
  store: StoreKind;
  /** How many server processes share the store, behind one balancer at the origin (more than one needs PostgreSQL). */
  instances: number;
  /** A real SMTP peer that the servers and the CLI send every e-mail to. */
  smtp: boolean;
  /** More of the servers' environment (OUTBOX_POLL_INTERVAL, LEAD_ACK_EMAIL, RATE_LIMIT_MAX, …). */
  env: Record<string, string>;
}

/** The default options with `changes`. */
export const serverOptions = (changes: Partial<ServerOptions> = {}): ServerOptions => ({ store: 'sqlite', instances: 1, smtp: false, env: {}, ...changes });

export interface TestServer {
  /** PUBLIC_ORIGIN, http://localhost:PORT: the inbox, the links in e-mails and the Origin checks. */
  origin: string;
  /** The same server by address, http://127.0.0.1:PORT: the one host `offline()` lets a page reach. */
  url: string;
  /** Each server process (one unless `instances` says more), to ask one directly. */
  instances: ServerProcess[];
  /** The store the servers keep the leads in, open in the test too. */
  store: TestStore;
  /** With `smtp`: the peer every e-mail goes to. */
  smtp: SmtpPeer | undefined;
  /** Addresses the SMTP peer refuses (550, no such mailbox) while they are in the set. */
  refused: Set<string>;
  /** Runs the CLI (`npm run leads -- ARGS`) with the servers' database, origin and SMTP server. */
  cli(...args: string[]): Promise<{ stdout: string; stderr: string }>;
}

export type Role = 'owner' | 'staff';
/** Signs a person in on `page` (default `ROLE@example.nz`, added if new); resolves with their address once the inbox shows. */
export type SignIn = (page: Page, role: Role, options?: { email?: string }) => Promise<string>;

const cliPath = new URL('../../server/cli.ts', import.meta.url).pathname;

/** Round-robin over the instances, request by request, as a load balancer in front of them does. */
async function startBalancer(port: number, targets: string[]): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!);
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

export const test = base.extend<{ signIn: SignIn }, { serverOptions: ServerOptions; server: TestServer }>({
  serverOptions: [serverOptions(), { scope: 'worker', option: true }],

  server: [
    async ({ serverOptions: options }, use) => {
      const store = await createTestStore(options.store);
      const refused = new Set<string>();
      const instances: ServerProcess[] = [];
      let smtp: SmtpPeer | undefined;
      let balancer: http.Server | undefined;
      let siteWork: string | undefined;
      try {
        if (options.smtp) smtp = await startSmtp(0, '127.0.0.1', { refuse: (to) => (refused.has(to) ? { code: 550, message: 'No such mailbox' } : undefined) });
        const mail = smtp ? { SMTP_URL: smtp.url } : {};
        // The site editor's builds: one folder for this worker's instances, as on one machine.
        siteWork = mkdtempSync(join(tmpdir(), 'crnz-site-'));
        const env = { DATABASE_URL: store.url, SITE_WORK_DIR: siteWork, ...mail, ...options.env };
        let origin: string;
        let url: string;
        if (options.instances === 1) {
          const server = await startServerAtOwnOrigin(env);
          instances.push(server);
          ({ origin, url } = server);
        } else {
          // The instances on ports of their own, the balancer at the origin's.
          const port = await freePort();
          origin = `http://localhost:${port}`;
          url = `http://127.0.0.1:${port}`;
          const at = origin;
          instances.push(...(await Promise.all(Array.from({ length: options.instances }, () => startServer({ PUBLIC_ORIGIN: at, HSTS: 'false', ...env })))));
          balancer = await startBalancer(
            port,
            instances.map((s) => s.url),
          );
        }
        const cliEnv = { ...process.env, DATABASE_URL: store.url, PUBLIC_ORIGIN: origin, ...mail };
        const cli = (...args: string[]) => promisify(execFile)(process.execPath, [cliPath, ...args], { env: cliEnv, encoding: 'utf8' });
        await use({ origin, url, instances, store, smtp, refused, cli });
      } finally {
        await new Promise((resolve) => (balancer ? balancer.close(resolve) : resolve(undefined)));
        for (const s of instances) s.child.kill('SIGTERM');
        await Promise.all(instances.map((s) => s.exited));
        await smtp?.close();
        await store.cleanup();
        // A build child a stopped server started may still be writing its last files there: retry as it ends.
        if (siteWork) rmSync(siteWork, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  signIn: async ({ server }, use) => {
    await use(async (page, role, { email = `${role}@example.nz` } = {}) => {
      const added = await server.cli('users', 'add', email, '--role', role);
      const link = /(http:\/\/localhost:\d+\/inbox\/\?link=\S+)/.exec(added.stdout)?.[1];
      if (!link) throw new Error(`no sign-in link for ${email} in: ${added.stdout}${added.stderr}`);
      await page.goto(link);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Not now' }).click();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      return email;
    });
  },
});
