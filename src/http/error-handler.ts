// The single error handler: every failure leaves in the contract's envelope (docs/reference/api-contract.md#errors), never with internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '../errors.ts';
import { asStorageFull } from '../storage/disk-full.ts';
import { toValidationDetail } from './validation.ts';
import { routerErrorFor } from './input-hygiene.ts';
import { dependencyError, withRetryAfter } from './dependency-errors.ts';

function sendAppError(reply: FastifyReply, err: AppError): FastifyReply {
  // Also here for responses that never reached a route's entry hook (404s, early framework errors).
  reply.header('X-Request-Id', reply.request.id);
  if (err.extra.headers) reply.headers(err.extra.headers);
  const body: Record<string, unknown> = { success: false, error: err.code, message: err.message, ...err.extra.body };
  if (err.extra.detail) body.detail = err.extra.detail;
  return reply.code(err.status).type('application/json; charset=utf-8').send(body);
}

/** Maps framework errors (parsing, validation, limits) to AppErrors; null when the error is not a known client error. */
export function toAppError(err: FastifyError, request: FastifyRequest): AppError | null {
  if (err instanceof AppError) return withRetryAfter(err);
  if (err.validation) {
    const context = err.validationContext ?? 'body';
    const data = context === 'body' ? request.body : context === 'querystring' ? request.query : context === 'params' ? request.params : request.headers;
    return errors.validation(toValidationDetail(err.validation as any, context, data));
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON':
      return errors.invalidRequest('The request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.invalidRequest('The request body is empty but Content-Type is application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.payloadTooLarge(`The request body is larger than the ${request.routeOptions.bodyLimit ?? ''} byte limit.`.replace('  ', ' '));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.invalidRequest(`Unsupported Content-Type "${request.headers['content-type'] ?? ''}". Send application/json.`);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.invalidRequest('Content-Length does not match the body.');
  }
  const dependency = dependencyError(err);
  if (dependency) return dependency;
  if (err instanceof SyntaxError && (err as any).statusCode === 400) return errors.invalidRequest('The request body is not valid JSON.');
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 413) return errors.payloadTooLarge();
    return errors.invalidRequest('The request could not be processed.');
  }
  return null;
}

/** Fastify's `frameworkErrors` option: router errors (bad percent-encoding, over-long path parameters) in the envelope. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  sendAppError(reply, routerErrorFor(err));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err, request);
    // A lack of space is 507 whatever wrapped it (a blob store's 502, an unknown database error).
    const full = !appError || appError.status >= 500 ? asStorageFull(err) : undefined;
    if (full) {
      request.log.error({ err }, 'out of disk space');
      return sendAppError(reply, full);
    }
    if (appError) {
      // A client that hung up gets no answer and is no fault of the server's (an LLM call it left, say).
      if (appError.status >= 500 && request.raw.socket?.destroyed === true) request.log.info({ code: appError.code }, `the client closed the connection before the answer: ${appError.message}`);
      else if (appError.status >= 500) request.log.error({ err: appError.extra.cause ?? appError }, appError.message);
      else if (appError.extra.cause && !(err instanceof AppError)) request.log.warn({ err: appError.extra.cause }, appError.message);
      return sendAppError(reply, appError);
    }
    request.log.error({ err }, 'unhandled error');
    return sendAppError(reply, new AppError('internal_error', 'An internal error occurred. Quote the X-Request-Id header when reporting it.'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendAppError(reply, new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)),
  );
}
