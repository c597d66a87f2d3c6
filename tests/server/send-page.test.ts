/**
 * The server's own pages (a partner's job, a review link, a refused form) go compressed as the
 * browser accepts: brotli first, then gzip, as written to one that accepts neither or refuses them,
 * and a page too small to gain is sent as written. Each answer says it varies by Accept-Encoding.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sendPage } from '../../server/http/send-page.ts';

const PAGE = `<!doctype html><title>Job</title><main>${'<p>The walk-in chiller at 12 Grey Street is at 9°C.</p>'.repeat(200)}</main>`;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.get('/page', (request, reply) => sendPage(request, reply.type('text/html; charset=utf-8'), PAGE));
  app.get('/buffer', (request, reply) => sendPage(request, reply.type('text/html; charset=utf-8'), Buffer.from(PAGE)));
  app.get('/small', (request, reply) => sendPage(request, reply.type('text/html; charset=utf-8'), '<p>Gone.</p>'));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

it('sends the page compressed as the browser accepts, and as written otherwise', async () => {
  const br = await get('/page', 'gzip, deflate, br, zstd');
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
  expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(PAGE) / 5);
  expect(br.headers['content-type']).toBe('text/html; charset=utf-8');

  const fromBuffer = await get('/buffer', 'br');
  expect(fromBuffer.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(fromBuffer.rawPayload).toString()).toBe(PAGE);

  const gz = await get('/page', 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(PAGE);

  for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0', 'compress']) {
    const plain = await get('/page', refused);
    expect(plain.headers['content-encoding'], refused).toBeUndefined();
    expect(plain.body, refused).toBe(PAGE);
  }
  const small = await get('/small', 'br');
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body).toBe('<p>Gone.</p>');
  for (const answer of [br, gz, small]) expect(answer.headers.vary).toBe('Accept-Encoding');
});
