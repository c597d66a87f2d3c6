/**
 * What a customer's phone loads between pressing a review link and Google's review page: our page
 * (GET /r/TOKEN) and its script, in bytes as written and as sent to a browser that accepts brotli.
 * The page comes from the built site's shell, so run after `npm run build`: node bench/review-link.ts
 */
import { brotliDecompressSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/http/app.ts';
import { createStore } from '../server/storage/open-store.ts';
import released from '#business-details' with { type: 'json' };
import type { BusinessDetails } from '../core/business-details.ts';
import { randomToken, secretHash } from '../server/security/secrets.ts';
import { keepReviewLink, markRequestSent, settleRequest } from '../server/storage/review-records.ts';

const folder = mkdtempSync(join(tmpdir(), 'bench-review-'));
const details: BusinessDetails = { ...(released as BusinessDetails), googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4' };
const store = createStore(join(folder, 'leads.sqlite'));
await store.migrate();
const app = await buildApp({
  store,
  leadPurposes: [],
  distDir: 'dist',
  hsts: false,
  inbox: { publicOrigin: 'http://localhost:4321' },
  businessDetails: () => details,
});
try {
  const form = await app.inject({
    method: 'POST',
    url: '/',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'form-name=commercialLead&contact_name=Bench&work_email=bench%40example.nz',
  });
  if (form.statusCode !== 200) throw new Error(`the bench lead was refused: ${form.body}`);
  const lead = (await store.listLeads()).at(-1)!.id;
  const token = randomToken();
  await store.transact(function* () {
    yield* settleRequest(lead, 'sending', { channel: 'sms' });
    yield* markRequestSent(lead);
    yield* keepReviewLink(secretHash(token), lead, 'review', 86_400_000);
  });
  const page = await app.inject({ method: 'GET', url: `/r/${token}`, headers: { 'accept-encoding': 'br, gzip' } });
  const script = await app.inject({ method: 'GET', url: '/r/press.js' });
  if (page.statusCode !== 200 || script.statusCode !== 200) throw new Error(`answers ${page.statusCode} and ${script.statusCode}`);
  for (const [what, answer] of [
    ['page GET /r/TOKEN', page],
    ['script /r/press.js', script],
  ] as const) {
    const coding = answer.headers['content-encoding'];
    const written = coding === 'br' ? brotliDecompressSync(answer.rawPayload) : answer.rawPayload;
    console.log(
      `${what.padEnd(20)} ${String(written.length).padStart(7)} B as written, ${String(answer.rawPayload.length).padStart(6)} B sent (${String(coding ?? 'uncompressed')})`,
    );
  }
} finally {
  await app.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
}
