/**
 * Fastify's own per-request log lines, changed in two ways. A route may ask for them at debug
 * instead of info: the visit beacon answers every page view, and a line per beacon would drown
 * the log (and fill the disk under a flood). Fastify's route option `logLevel` cannot do this: it
 * sets the route's level outright, so a quieter LOG_LEVEL (error, silent) would be overridden for
 * the route. And the lines that put the request's URL in their message text, which the request
 * serializer never sees, redact it first.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { redactText, redactUrl } from './log-redaction.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `debug`: the route's "incoming request" and "request completed" lines are logged at debug, not info. */
    requestLog?: 'debug';
  }
}

const quiet = (request: FastifyRequest) => request.routeOptions.config?.requestLog === 'debug';

/**
 * Whether the request's logger writes info lines (pino's own check; a logger without it is taken to).
 * Below info neither line is written, at info or at debug, so nothing is worked out for them: the
 * route's options are a new object each time they are read, twice for every request otherwise.
 */
const writesInfo = (request: FastifyRequest) => (request.log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.('info') ?? true;

export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!writesInfo(request)) return;
    if (quiet(request) && !this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // An error is logged at error level, which a quieter logger may still write.
    if (!error && !writesInfo(request)) return;
    if (!error && quiet(request) && !this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply);
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const message = redactText(error?.message ?? '');
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, message);
    else reply.log.info({ res: reply, err: error }, message);
  }
}
