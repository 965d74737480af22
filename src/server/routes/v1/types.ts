import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyRight } from '../../../contracts/api-keys';

/**
 * The seam between the public API's plumbing (authentication, rights, limits, validation, envelope:
 * ./index.ts) and the operations (one module per tag of API_V1_OPERATIONS in src/contracts/api-v1.ts).
 * A handler gets the authenticated key and the validated input and returns the answer's `content`
 * (the plumbing checks it against the operation's response schema) or throws `new ApiError(name)`.
 */
export interface V1Key {
  /** api_keys.id */
  id: string;
  accountId: string;
  /** The profile that created the key: the API acts as this person (uploads, folder changes). */
  profileId: string;
  name: string;
  rights: readonly ApiKeyRight[];
  expiresAt: number | null;
}

export interface V1Context {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  key: V1Key;
  /** Validated by the operation's schemas (their output types). */
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** app.clock() when the call arrived. */
  now: number;
  /**
   * A handler that reads the body stream itself (a multipart upload: the plumbing cannot check a signed
   * call's body before) calls this once the whole body is read, before it stores anything: it refuses
   * a signature that does not cover the bytes received (apiSignatureInvalid). A no-op otherwise.
   */
  assertBodySigned: () => Promise<void>;
  /** hex SHA-256 of the raw body (of '' when there is none), once read: the idempotency key's request hash. */
  bodyHash: () => Promise<string>;
  /** Counts one publication against the key's publishing limit (API_RATE_PUBLISH); throws apiRateLimited with Retry-After. */
  countPublication: () => Promise<void>;
}

export type V1Handler = (ctx: V1Context) => Promise<unknown>;
/** Handlers by operation id (API_V1_OPERATIONS[].id). */
export type V1Handlers = Readonly<Record<string, V1Handler>>;
