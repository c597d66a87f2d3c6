/** The real lead server as a child process (`node server/main.ts`), for fault tests that kill and restart it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitFor } from './peers.ts';
import { startFlags } from './start-flags.ts';

const root = resolve(import.meta.dirname, '../..');

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * Runs `start` on a free port, and again on another if the port was taken meanwhile: a port that was free
 * when picked can be bound by another test's process before the server binds it.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt >= tries || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

/** A one-page site, so the child never decides to build the real one. */
export function tinySite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crnz-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>404</title>');
  return dir;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code or signal. */
  exited: Promise<string>;
}

/** `script`: another checkout's server/main.ts (the drain bench's before/after). */
/** `port`: where to listen, when the test must know it first (PUBLIC_ORIGIN names it); otherwise a free one. `startMs`: how long it may take to answer /healthz (a bench on a loaded machine waits longer). */
export async function startServer(
  env: Record<string, string>,
  { script = join(root, 'server/main.ts'), port: wanted, startMs = 20_000 }: { script?: string; port?: number; startMs?: number } = {},
): Promise<ServerProcess> {
  if (wanted === undefined) return onFreePort((port) => startServer(env, { script, port, startMs }));
  const port = wanted;
  let out = '';
  const child = spawn(process.execPath, [...startFlags(resolve(script, '../..')), script], {
    cwd: resolve(script, '../..'),
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  // A spawn failure is reported as an 'error' event; keep it in the output instead of throwing it unhandled.
  child.on('error', (error) => (out += `\nspawn error: ${error.message}`));
  const exited = new Promise<string>((r) => child.on('exit', (code, signal) => r(signal ?? String(code))));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error('server exited at start');
        return fetch(`${url}/healthz`).then(
          (res) => res.arrayBuffer().then(() => res.ok),
          () => false, // not listening yet
        );
      },
      { what: 'the server to answer /healthz', timeoutMs: startMs, intervalMs: 100 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}\n${out}`);
  }
  return { url, child, output: () => out, exited };
}

export type OriginServer = ServerProcess & { origin: string };

/**
 * A server whose PUBLIC_ORIGIN is its own address (localhost on a free port), as the inbox's Origin
 * checks and every e-mailed link need; HSTS off, since the browser reaches it over plain HTTP.
 */
export async function startServerAtOwnOrigin(env: Record<string, string>): Promise<OriginServer> {
  return onFreePort(async (port) => {
    const origin = `http://localhost:${port}`;
    return { ...(await startServer({ PUBLIC_ORIGIN: origin, HSTS: 'false', ...env }, { port })), origin };
  });
}

/**
 * Instances of the server over one database, for tests that kill them: each serves one tiny site,
 * touched before each start so that no instance decides to build the real site from sources edited
 * meanwhile. `close` SIGKILLs whichever still run and removes the site.
 */
export function serverFleet(env: Record<string, string>) {
  const dist = tinySite();
  const started: ServerProcess[] = [];
  return {
    start: async (): Promise<ServerProcess> => {
      const now = new Date();
      utimesSync(join(dist, 'index.html'), now, now);
      const server = await startServer({ DIST_DIR: dist, ...env });
      started.push(server);
      return server;
    },
    close: async () => {
      for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await Promise.all(started.map((s) => s.exited));
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
