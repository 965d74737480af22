import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, type ErrorName } from '../../contracts/errors';
import { ApiError, type ErrorExtra, fail, isApiRequest, newRequestId } from '../envelope';

/** Fastify's own errors (body parsing, content length, URL, multipart), by code, mapped into the catalogue. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_JSON_BODY: 'badRequest',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'badRequest',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_PARSER_TYPE: 'unsupportedMediaType',
  FST_ERR_BAD_URL: 'badRequest',
  FST_ERR_VALIDATION: 'validation',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupportedMediaType',
  FST_REQ_FILE_TOO_LARGE: 'payloadTooLarge',
  FST_PARTS_LIMIT: 'payloadTooLarge',
  FST_FILES_LIMIT: 'payloadTooLarge',
  FST_FIELDS_LIMIT: 'payloadTooLarge',
  FST_PROTO_VIOLATION: 'badRequest',
  FST_INVALID_JSON_FIELD_ERROR: 'badRequest',
};

const BY_STATUS: Record<number, ErrorName> = {
  404: 'unknownCall',
  405: 'methodNotAllowed',
  408: 'requestTimeout',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
  431: 'headersTooLarge',
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
  // A store that failed (storage/serve.ts): come back later, and no cache keeps this answer.
  const retryAfter = (error as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (name === 'unavailable') {
    reply.header('cache-control', 'no-store').removeHeader('etag').removeHeader('last-modified').removeHeader('content-disposition');
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  }
  if (http >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ err: error, error: name }, 'request rejected');
  if (isApiRequest(request)) return fail(reply, name, extra);
  // Outside the API (static files, pages) keep the original 4xx status, as plain text.
  const status = (error as Partial<FastifyError>)?.statusCode ?? 500;
  if (http >= 500 || status >= 500 || status < 400) {
    const code = Math.max(http, 500);
    return reply
      .code(code)
      .type('text/plain; charset=utf-8')
      .send(code === 503 ? 'Service Unavailable' : 'Internal Server Error');
  }
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(extra.message ?? 'Bad Request');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}

/** Node's HTTP parser errors (before any routing), by code. */
const CLIENT_ERROR_CODES: Record<string, ErrorName> = {
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
  ERR_HTTP_REQUEST_TIMEOUT: 'requestTimeout',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'payloadTooLarge',
};

/** How long an answered broken connection may still send before it is closed (so the client reads the answer, not a reset). */
const CLIENT_ERROR_LINGER_MS = 2000;

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses before routing (headers over the
 * limit, a malformed request line or header, bytes after a body whose Content-Length lied, a
 * request that never completed) gets the error envelope as a raw HTTP answer with the catalogue's
 * status, then the connection closes. Once answered, what else arrives is read and dropped for a
 * moment, so the client gets the answer instead of a reset.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) return; // already answered: the linger timer closes it
  const name: ErrorName = CLIENT_ERROR_CODES[error.code ?? ''] ?? 'badRequest';
  const { type, code, http } = ERRORS[name];
  const id = newRequestId();
  const body = JSON.stringify({ status: 'error', content: { type, code }, id });
  this.log.debug({ reqId: id, err: error, error: name }, 'client error');
  socket.end(
    [
      `HTTP/1.1 ${http} ${STATUS_CODES[http] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${id}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}
