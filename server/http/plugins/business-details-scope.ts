/**
 * Each request states the business details of the version this instance served when the request
 * arrived, from its first hook to its answer, error pages included (core/business.ts keeps them in
 * an async scope, which Fastify carries through reading the body).
 */
import fp from 'fastify-plugin';
import { withBusinessDetails } from '../../../core/business.ts';
import type { BusinessDetails } from '../../../core/business-details.ts';

export interface BusinessDetailsScopeOptions {
  /** The details of the version served now; undefined: the release's. */
  current: () => BusinessDetails | undefined;
}

// fastify-plugin: every route of the app, the not-found answers included, states them.
export const businessDetailsScope = fp<BusinessDetailsScopeOptions>(
  async (app, { current }) => {
    app.addHook('onRequest', (_request, _reply, done) => withBusinessDetails(current(), done));
  },
  { name: 'business-details-scope' },
);
