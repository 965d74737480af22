import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, type ErrorName } from '../../contracts/errors';
import { ApiError, type ErrorExtra, fail, isApiRequest } from '../envelope';

/** Fastify's own errors, by code, mapped into the catalogue. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_JSON_BODY: 'badRequest',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'badRequest',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'badRequest',
  FST_ERR_BAD_URL: 'badRequest',
  FST_ERR_VALIDATION: 'validation',
};

const BY_STATUS: Record<number, ErrorName> = {
  404: 'unknownCall',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  429: 'rateLimited',
  503: 'unavailable',
};

/** Which catalogue entry an error is, and what of it may be shown to the client. */
export function classify(error: unknown): { name: ErrorName; extra: ErrorExtra } {
  if (error instanceof ApiError) return { name: error.errorName, extra: error.extra };
  const e = error as Partial<FastifyError> | undefined;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  const byCode = e?.code ? FASTIFY_CODES[e.code] : undefined;
  if (byCode === 'validation') {
    const fields = (e?.validation ?? []).map((item) => item.instancePath.replace(/^\//, '').replace(/\//g, '.'));
    return { name: 'validation', extra: { message: e?.message, fields } };
  }
  const name = byCode ?? BY_STATUS[status] ?? (status >= 400 && status < 500 ? 'badRequest' : 'internal');
  // 5xx details stay in the log.
  return { name, extra: ERRORS[name].http >= 500 || !e?.message ? {} : { message: e.message } };
}

/** The one error handler: envelopes under /api, short plain text elsewhere; 5xx logged, never shown. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { name, extra } = classify(error);
  const http = ERRORS[name].http;
  reply.header('x-request-id', request.id); // also for errors raised before the onRequest hooks
  if (http >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ err: error, error: name }, 'request rejected');
  if (isApiRequest(request)) return fail(reply, name, extra);
  // Outside the API (static files, pages) keep the original 4xx status, as plain text.
  const status = (error as Partial<FastifyError>)?.statusCode ?? 500;
  if (http >= 500 || status >= 500 || status < 400) {
    return reply.code(Math.max(http, 500)).type('text/plain; charset=utf-8').send('Internal Server Error');
  }
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(extra.message ?? 'Bad Request');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}
