/**
 * The redaction rules one by one: which parts of a URL the logs may show, errors whose text quotes
 * a link (a mail server refusing a message names the URL it disliked), headers logged by hand,
 * Fastify's own "not found" line, and a logger handed to buildApp without the server's options.
 */
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp } from '../../server/http/app.ts';
import { loggerOptions, redactText, redactUrl } from '../../server/http/log-redaction.ts';
import { createTestStore } from '../support/stores.ts';

const SECRET = 'aSecretTokenOf43Characters_0123456789abcde';

function memoryLog(options: pino.LoggerOptions) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { log: pino(options, sink), text: () => lines.join('\n'), lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('redactUrl', () => {
  it.each([
    [`/partner/offer?t=${SECRET}`, '/partner/offer?t=[redacted]'],
    [`/inbox/?link=${SECRET}`, '/inbox/?link=[redacted]'],
    [`https://crnz.example/inbox/?link=${SECRET}#top`, 'https://crnz.example/inbox/?link=[redacted]'],
    // A parameter nobody has judged harmless is redacted: a secret one added later is covered.
    [`/anything?new_secret=${SECRET}&view=all`, '/anything?new_secret=[redacted]&view=all'],
    [`/partner/offer?${SECRET}`, '/partner/offer?[redacted]'],
    ['/inbox/?page=reports&from=2026-01-01&to=2026-03-31', '/inbox/?page=reports&from=2026-01-01&to=2026-03-31'],
    ['/api/leads.csv?since=2026-01-01&include_spam=1', '/api/leads.csv?since=2026-01-01&include_spam=1'],
    [`/inbox/api/passkeys/${SECRET}`, '/inbox/api/passkeys/[redacted]'],
    [`//inbox/api/Passkeys/${SECRET}/`, '//inbox/api/Passkeys/[redacted]/'],
    ['/inbox/api/passkeys/options', '/inbox/api/passkeys/options'],
    ['/inbox/api/leads/0b6f4f7e-1111-4222-8333-944455556666', '/inbox/api/leads/0b6f4f7e-1111-4222-8333-944455556666'],
    ['/', '/'],
  ])('%s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it('redacts the query of every URL in free text', () => {
    expect(redactText(`550 5.7.1 blocked URL https://crnz.example/partner/offer?t=${SECRET} in message`)).toBe(
      '550 5.7.1 blocked URL https://crnz.example/partner/offer?t=[redacted] in message',
    );
    expect(redactText(`cannot reach postgres://leads:${SECRET}@db.internal:5432/leads?sslmode=require`)).toBe(
      'cannot reach postgres://[redacted]@db.internal:5432/leads?sslmode=[redacted]',
    );
  });
});

describe('the server’s logger', () => {
  it('redacts links quoted in errors and failure messages, and headers logged by hand', () => {
    const { log, text } = memoryLog(loggerOptions('info'));
    const refused = Object.assign(new Error(`Message failed: 554 5.7.1 URL rejected: http://localhost/inbox/?link=${SECRET}`), {
      code: 'EMESSAGE',
      response: `554 5.7.1 URL rejected: http://localhost/inbox/?link=${SECRET}`,
    });
    log.error({ err: refused }, 'the sign-in code could not be e-mailed');
    log.warn({ error: refused.message }, 'notification failed');
    log.info(
      { headers: { authorization: `Bearer ${SECRET}`, cookie: `inbox_session=${SECRET}`, 'x-csrf-token': SECRET, 'set-cookie': [`inbox_session=${SECRET}`] } },
      'headers',
    );
    expect(text()).not.toContain(SECRET);
    expect(text()).toContain('?link=[redacted]');
    expect(text()).toContain('EMESSAGE');
  });

  it('redacts request URLs with any logger given to buildApp, in Fastify’s "not found" line too', async () => {
    const t = await createTestStore('sqlite');
    const { log, text, lines } = memoryLog({ level: 'trace' });
    const app = await buildApp({ store: t.store, logger: log });
    try {
      expect((await app.inject({ url: `/nowhere?t=${SECRET}` })).statusCode).toBe(404);
      expect(text()).not.toContain(SECRET);
      expect(lines().map((l) => l.msg)).toContain('Route GET:/nowhere?t=[redacted] not found');
    } finally {
      await app.close();
      await t.cleanup();
    }
  });

  it('writes no line for a beacon at info, and its request lines at debug', async () => {
    const t = await createTestStore('sqlite');
    const info = memoryLog(loggerOptions('info'));
    const debug = memoryLog(loggerOptions('debug'));
    try {
      for (const { log } of [info, debug]) {
        const app = await buildApp({ store: t.store, logger: log, visits: { pages: new Map([['/', 'home']]) } });
        const beacon = await app.inject({
          method: 'POST',
          url: '/visit',
          headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
          payload: JSON.stringify({ kind: 'view', path: '/' }),
        });
        expect(beacon.statusCode).toBe(204);
        await app.close();
      }
      expect(info.lines().filter((l) => l.reqId)).toEqual([]);
      const requestLines = debug.lines().filter((l) => l.reqId);
      expect(requestLines.map((l) => [l.level, l.msg])).toEqual([
        [20, 'incoming request'],
        [20, 'request completed'],
      ]);
    } finally {
      await t.cleanup();
    }
  });
});
