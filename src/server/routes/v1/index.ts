import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { API_IDEMPOTENCY_TTL_MS } from '../../../contracts/api-keys';
import { API_V1_OPERATIONS, type V1Operation } from '../../../contracts/api-v1';
import { apiKeyRule } from '../../auth/rules';
import { scheduleOnce } from '../../cluster/schedule';
import { ApiError, ok, parse } from '../../envelope';
import accountHandlers from './account';
import {
  API_KEYS_CHANNEL,
  assertAllowed,
  assertBodySigned,
  authenticateKey,
  bodyHashOf,
  countPublication,
  countRequest,
  forgetApiKey,
  pruneApiRows,
  startApiLimits,
  touchKey,
  trackBodyHash,
} from './auth';
import folderHandlers from './folders';
import publicationHandlers from './publications';
import publishingHandlers from './publishing';
import statisticsHandlers from './statistics';
import subscriberHandlers from './subscribers';
import type { V1Context, V1Handlers } from './types';
import webhookHandlers from './webhooks';

/**
 * The public REST API v1 (issue 18) under `{api}/v1/` (registered by app.ts with the prefix
 * `/api/v1`, in a scope of its own: no `v=2` query, the version is in the path). One route per
 * operation of API_V1_OPERATIONS (src/contracts/api-v1.ts, the single description the OpenAPI document
 * is generated from): the key authenticates (./auth.ts: signature or bearer secret, the key's right,
 * the account's plan, the hourly limit), the input is validated with the operation's schemas (the
 * validation envelope naming the fields; never a 5xx), the handler of its tag module answers the
 * `content`, sent in the envelope with the operation's status. In dev mode and tests every answer is
 * checked against the operation's response schema too (a mismatch is a 500 there, so tests see it).
 */

export const V1_HANDLERS: V1Handlers = {
  ...accountHandlers,
  ...folderHandlers,
  ...publicationHandlers,
  ...publishingHandlers,
  ...statisticsHandlers,
  ...subscriberHandlers,
  ...webhookHandlers,
};

/** Why the handlers and the operation table disagree (the app refuses to start), or undefined. */
export function handlerProblems(handlers: V1Handlers, operations: readonly V1Operation[] = API_V1_OPERATIONS): string | undefined {
  const ids = new Set(operations.map((op) => op.id));
  const missing = operations.filter((op) => typeof handlers[op.id] !== 'function').map((op) => op.id);
  const extra = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length === 0 && extra.length === 0) return undefined;
  return `API v1: operations without a handler: [${missing.join(', ')}]; handlers without an operation: [${extra.join(', ')}]`;
}

/** `/publications/{id}` → `/publications/:id`. */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

const PRUNE_EVERY_MS = 10 * 60_000;
const checkAnswers = (app: FastifyInstance) => app.config.dev || process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;

const v1Routes: FastifyPluginAsync = async (app) => {
  const problem = handlerProblems(V1_HANDLERS);
  if (problem) throw new Error(problem);
  // Multipart only for this scope (POST /publications reads it as a stream, like the app's upload).
  await app.register(multipart, { throwFileSizeLimit: false });
  // The raw body's SHA-256, for signed calls.
  app.addHook('preParsing', trackBodyHash);
  startApiLimits(app);
  // A revoke in another process: forget the cached keys at once (PostgreSQL; a reconnect forgets them too).
  if (app.dbListen) {
    const listen = app.dbListen;
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      unlisten = await listen(
        API_KEYS_CHANNEL,
        () => forgetApiKey(app),
        (err) => app.log.warn({ err }, 'api: the connection listening for key revokes failed'),
      ).catch((err: unknown) => {
        app.log.warn({ err }, 'api: cannot listen for key revokes; cached keys expire after a few seconds');
        return undefined;
      });
    });
    app.addHook('preClose', async () => unlisten?.());
  }
  // Old counter windows and idempotency rows: once per interval across every process (cluster/schedule.ts).
  const prune = scheduleOnce(
    app.db,
    { name: 'api-prune', everyMs: PRUNE_EVERY_MS, run: () => pruneApiRows(app, app.clock(), API_IDEMPOTENCY_TTL_MS) },
    { clock: app.clock, log: app.log },
  );
  app.addHook('onReady', () => prune.start());
  app.addHook('preClose', () => prune.stop());

  for (const op of API_V1_OPERATIONS) {
    const handler = V1_HANDLERS[op.id];
    if (!handler) continue;
    app.route({
      method: op.method,
      url: fastifyPath(op.path),
      config: apiKeyRule(op.right, op.params ? { 'params.id': resourceOf(op) } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const now = app.clock();
        const auth = await authenticateKey(app, request, now);
        assertAllowed(auth, op.right);
        const setRetryAfter = (seconds: number) => {
          reply.header('retry-after', String(seconds));
        };
        await countRequest(app, auth.key.id, now, setRetryAfter);
        // A multipart upload is read by its handler, which checks the signature once it has the bytes.
        const streamed = op.multipart !== undefined && request.isMultipart();
        // Only the operations that take an upload read multipart bodies.
        if (request.isMultipart() && !streamed) throw new ApiError('unsupportedMediaType');
        if (!streamed) await assertBodySigned(request, auth);
        touchKey(app, auth.key.id, now);
        const params = op.params ? (parse(op.params, request.params ?? {}) as Record<string, unknown>) : {};
        const query = op.query ? (parse(op.query, request.query ?? {}) as Record<string, unknown>) : {};
        const body = op.body && !streamed ? parse(op.body, request.body ?? {}) : undefined;
        const ctx: V1Context = {
          app,
          request,
          reply,
          key: auth.key,
          params,
          query,
          body,
          now,
          assertBodySigned: () => assertBodySigned(request, auth),
          bodyHash: () => bodyHashOf(request),
          countPublication: () => countPublication(app, auth.key.id, app.clock(), setRetryAfter),
        };
        const content = await handler(ctx);
        if (reply.sent) return reply;
        if (checkAnswers(app)) {
          const result = v.safeParse(op.response, content);
          if (!result.success) {
            request.log.error(
              { operation: op.id, issues: result.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`) },
              'api: answer off contract',
            );
            throw new ApiError('internal');
          }
        }
        reply.code(op.status ?? 200);
        return ok(reply, content);
      },
    });
  }
};

/** What an operation's `{id}` names (the authorization matrix tries other accounts' ones). */
function resourceOf(op: V1Operation): 'book' | 'folder' | 'webhook' {
  if (op.path.startsWith('/folders')) return 'folder';
  if (op.path.startsWith('/webhooks')) return 'webhook';
  return 'book';
}

export default v1Routes;
