/**
 * Settings at the server's edge, checked at start: webhook URL and secret, export token,
 * HSTS. A bad value is refused with one line naming the variable (and, for secrets, how to make one).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { isLoopbackHost } from '../../server/http/loopback-host.ts';

const root = resolve(import.meta.dirname, '../..');
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('webhook settings', () => {
  it.each(['https://crm.example.co.nz/hooks/leads', 'http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://[::1]:9000/hook', 'http://127.8.9.10/h'])(
    'accepts %s',
    (url) => {
      expect(loadConfig({ WEBHOOK_URL: url, WEBHOOK_SECRET: SECRET }).WEBHOOK_URL).toBe(url);
    },
  );

  it.each(['http://crm.example.co.nz/hook', 'http://10.0.0.5/hook', 'http://127.0.0.1.example.com/hook', 'ftp://127.0.0.1/hook'])('refuses %s', (url) => {
    expect(() => loadConfig({ WEBHOOK_URL: url, WEBHOOK_SECRET: SECRET })).toThrow(/WEBHOOK_URL/);
  });

  it.each([
    ['a plain string', 'webhook-secret-for-tests-0123456789'],
    ['whsec_ with too few bytes', `whsec_${Buffer.alloc(16).toString('base64')}`],
    ['whsec_ with characters outside base64', `whsec_${'-'.repeat(40)}`],
  ])('refuses a secret that is %s, saying how to make one', (_name, secret) => {
    expect(() => loadConfig({ WEBHOOK_URL: 'https://crm.example.co.nz/h', WEBHOOK_SECRET: secret })).toThrow(/WEBHOOK_SECRET must be whsec_.*randomBytes/);
  });

  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '127.255.0.9', '[::1]', '::1', 'api.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['example.com', '10.0.0.1', '128.0.0.1', '127.0.0.1.nip.io', '::2', '0.0.0.0'].some(isLoopbackHost)).toBe(false);
  });
});

describe('export token', () => {
  it('needs at least 32 characters, and the refusal says how to make one', () => {
    expect(() => loadConfig({ LEADS_EXPORT_TOKEN: 'x'.repeat(31) })).toThrow(/LEADS_EXPORT_TOKEN must be at least 32 characters; generate one with: node -e/);
    expect(loadConfig({ LEADS_EXPORT_TOKEN: 'x'.repeat(32) }).LEADS_EXPORT_TOKEN).toHaveLength(32);
  });

  it('the command it suggests makes an acceptable token', () => {
    const message = (() => {
      try {
        loadConfig({ LEADS_EXPORT_TOKEN: 'short' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    const script = /node -e "(.*)"$/.exec(message)?.[1];
    expect(script).toBeDefined();
    const made = spawnSync(process.execPath, ['-e', script!], { encoding: 'utf8' }).stdout.trim();
    expect(loadConfig({ LEADS_EXPORT_TOKEN: made }).LEADS_EXPORT_TOKEN).toBe(made);
  });
});

describe('the server refuses to start', () => {
  it.each([
    ['WEBHOOK_URL', { WEBHOOK_URL: 'http://crm.example.co.nz/hook', WEBHOOK_SECRET: SECRET }],
    ['WEBHOOK_SECRET', { WEBHOOK_URL: 'https://crm.example.co.nz/hook', WEBHOOK_SECRET: 'plain-secret' }],
    ['LEADS_EXPORT_TOKEN', { LEADS_EXPORT_TOKEN: 'sixteen-chars-xx' }],
  ])('with a bad %s: exit 1 and one line naming it', (name, env) => {
    const run = spawnSync(process.execPath, [resolve(root, 'server/main.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });
});
