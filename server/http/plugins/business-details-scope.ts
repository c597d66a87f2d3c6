/**
 * Each request states the business details of the version this instance served when the request
 * arrived, from its first hook to its answer (core/business.ts keeps them in an async scope). Reading
 * the body runs in the socket's callbacks, outside any scope, so validation enters it again; the
 * app's error handler does the same for a body refused while it was read.
 */
import fp from 'fastify-plugin';
import { withBusinessDetails } from '../../../core/business.ts';
import type { BusinessDetails } from '../../../core/business-details.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The business details this request states; undefined: the release's. */
    businessDetails: BusinessDetails | undefined;
  }
}

export interface BusinessDetailsScopeOptions {
  /** The details of the version served now; undefined: the release's. */
  current: () => BusinessDetails | undefined;
}

// fastify-plugin: every route of the app, the not-found answers included, states them.
export const businessDetailsScope = fp<BusinessDetailsScopeOptions>(
  async (app, { current }) => {
    app.decorateRequest('businessDetails', undefined);
    app.addHook('onRequest', (request, _reply, done) => {
      request.businessDetails = current();
      withBusinessDetails(request.businessDetails, done);
    });
    app.addHook('preValidation', (request, _reply, done) => withBusinessDetails(request.businessDetails, done));
  },
  { name: 'business-details-scope' },
);
