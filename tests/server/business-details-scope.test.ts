/**
 * The business details a request states, over real sockets: each app states the details its own
 * instance serves on the pages the server writes itself (a refusal of a body it read, a body too
 * large, a path it cannot decode), while another app in the same process states other details at
 * the same moment.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import released from '#business-details' with { type: 'json' };
import type { BusinessDetails } from '../../core/business-details.ts';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, type TestStore } from '../support/stores.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let t: TestStore;
const apps: { app: FastifyInstance; origin: string; email: string }[] = [];

beforeAll(async () => {
  t = await createTestStore('sqlite');
  for (const email of ['first@coldnow.example.nz', 'second@coldnow.example.nz']) {
    const details: BusinessDetails = { ...(released as BusinessDetails), email };
    const app = await buildApp({ store: t.store, leadPurposes: [], distDir: 'dist', hsts: false, businessDetails: () => details });
    apps.push({ app, origin: await app.listen({ port: 0, host: '127.0.0.1' }), email });
  }
});
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await t?.cleanup();
});

it('is the serving instance’s on every kind of answer, two instances in one process at once', async () => {
  const asks: [string, RequestInit, number][] = [
    ['/', { method: 'POST', headers: FORM, body: 'name=' }, 400],
    ['/', { method: 'POST', headers: FORM, body: `notes=${'x'.repeat(200_000)}` }, 413],
    ['/%E0%A4%A', {}, 400],
  ];
  const answers = await Promise.all(
    apps.flatMap(({ origin, email }) =>
      asks.map(async ([path, init]) => {
        const res = await fetch(origin + path, init);
        const page = await res.text();
        return { path, status: res.status, states: page.includes(email), other: apps.some((a) => a.email !== email && page.includes(a.email)) };
      }),
    ),
  );
  expect(answers).toEqual(apps.flatMap(() => asks.map(([path, , status]) => ({ path, status, states: true, other: false }))));
});
