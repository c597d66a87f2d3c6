import { defineConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from './tests/support/chromium.ts';
import { startFlags } from './tests/support/start-flags.ts';

// A port of this run's own (by its process id, set here so the workers read the same), so two runs
// on one machine do not refuse each other; E2E_PORT names one.
process.env.E2E_PORT ??= String(20_000 + (process.pid % 10_000));
const PORT = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${PORT}`;
// One database per run, shared by the server and the test workers (they inherit this environment).
mkdirSync('test-results', { recursive: true });
process.env.E2E_DATABASE ??= `test-results/e2e-${Date.now()}.sqlite`;
process.env.E2E_EXPORT_TOKEN ??= 'e2e-export-token-0123456789abcdefghij';
// Node's compile cache for every server, CLI run and worker the suite starts (as vitest.config.ts).
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('node_modules/.cache/node-compile/', import.meta.url));

/**
 * The longest journeys (minutes each, with servers of their own) are queued first, the site editor's
 * first of all, and the many short page checks after them: the two workers then end together rather
 * than one waiting alone for the last journey. Every spec runs once, in one of these.
 */
const SITE_EDITOR = /site-editor.*\.spec\.ts$/;
const JOURNEYS = /(inbox-.*|lead-partners|visits|job-app)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  projects: [
    { name: 'site editor', testMatch: SITE_EDITOR },
    { name: 'journeys', testMatch: JOURNEYS },
    { name: 'pages', testIgnore: [SITE_EDITOR, JOURNEYS] },
  ],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['line']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    command: ['node', ...startFlags(import.meta.dirname), 'server/main.ts'].join(' '),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.E2E_DATABASE,
      LEADS_EXPORT_TOKEN: process.env.E2E_EXPORT_TOKEN,
      RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
