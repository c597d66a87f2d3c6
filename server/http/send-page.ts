/**
 * A page the server writes around the built site's shell (a partner's job, a review link, a refused
 * form, an owner's preview), compressed as the browser accepts. The shell carries the site's styles inline, about 50 KB,
 * which brotli makes about 9 KB: a partner woken at night on a phone waits for that, not the 50.
 * Built files come compressed from the build; these are made per request, so they are compressed
 * here, with Node's zlib and the negotiator the static files already use (a compression plugin would
 * bring 30 packages for these few lines).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Brotli's middle quality: within a few per cent of its best on a page like these, in about a millisecond. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const CODINGS = ['br', 'gzip', 'identity'] as const;
/** Smaller than this, compression saves less than its own headers. */
const WORTH_COMPRESSING = 1024;

export async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string | Buffer): Promise<FastifyReply> {
  reply.header('Vary', 'Accept-Encoding');
  if (Buffer.byteLength(html) < WORTH_COMPRESSING) return reply.send(html);
  // `preferred` is negotiator 1.x's documented option; @types/negotiator (0.6) predates it.
  const negotiator = new Negotiator(request) as Negotiator & {
    encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
  };
  const coding = negotiator.encoding(CODINGS, { preferred: CODINGS });
  if (coding === 'br') return reply.header('Content-Encoding', 'br').send(await brotli(html, BROTLI));
  if (coding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}
