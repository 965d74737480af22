import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ERRORS, type ErrorName } from '../contracts/errors';

/** Short random request id: in every log line, every envelope (`id`) and the x-request-id header. */
export const newRequestId = (): string => randomBytes(6).toString('base64url');

/** The prefix every API route is mounted under (the default `{api}` host of DESIGN §8). */
export const API_PREFIX = '/api';

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.url);
}

/** Extra fields of an error envelope's content besides type and code. */
export interface ErrorExtra {
  message?: string;
  /** Names (dot paths) of the fields that failed validation. */
  fields?: string[];
  /** Per-item results of bulk calls. */
  items?: unknown[];
  /** The login hash of error 155 (second factor required). */
  hash?: string;
  /** The size limit in bytes of fileTooLarge (the client shows it in publish.msg.filesize.limit). */
  limit?: number;
}

/** Thrown from handlers; the error handler turns it into the error envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  constructor(
    readonly errorName: ErrorName,
    readonly extra: ErrorExtra = {},
  ) {
    super(extra.message ?? errorName);
    this.statusCode = ERRORS[errorName].http;
  }
}

/** Answers `{ status: 'ok', content, id, ats? }`. */
export function ok(reply: FastifyReply, content: unknown, options: { ats?: number } = {}): FastifyReply {
  const body: Record<string, unknown> = { status: 'ok', content, id: reply.request.id };
  if (options.ats !== undefined) body.ats = options.ats;
  return reply.send(body);
}

/** Answers `{ status: 'error', content: { type, code, ... }, id }` with the catalogue's HTTP status. */
export function fail(reply: FastifyReply, name: ErrorName, extra: ErrorExtra = {}): FastifyReply {
  const { type, code, http } = ERRORS[name];
  const content: Record<string, unknown> = { type, code };
  if (extra.message !== undefined) content.message = extra.message;
  if (extra.fields !== undefined) content.fields = extra.fields;
  if (extra.items !== undefined) content.items = extra.items;
  if (extra.hash !== undefined) content.hash = extra.hash;
  if (extra.limit !== undefined) content.limit = extra.limit;
  return reply.code(http).type('application/json; charset=utf-8').send({ status: 'error', content, id: reply.request.id });
}

/**
 * Dot paths of the strings in `data` that hold U+0000. No text column takes it (PostgreSQL refuses
 * it outright) and no field has a use for it, so input carrying one is refused before any contract.
 */
export function nulFields(data: unknown, prefix = '', depth = 0): string[] {
  if (typeof data === 'string') return data.includes('\u0000') ? [prefix] : [];
  if (!data || typeof data !== 'object' || depth > 32) return [];
  return Object.entries(data).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [...(key.includes('\u0000') ? [path] : []), ...nulFields(value, path, depth + 1)];
  });
}

/** Validates input with a valibot schema; throws the VALIDATION ApiError naming the failing fields. */
export function parse<const TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const withNul = nulFields(data);
  if (withNul.length > 0) throw new ApiError('validation', { message: 'validation.invalid', fields: withNul });
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const fields = [...new Set(result.issues.map((issue) => v.getDotPath(issue) ?? ''))].filter(Boolean);
  throw new ApiError('validation', { message: result.issues[0]?.message, fields });
}
