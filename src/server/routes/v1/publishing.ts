import { createHash } from 'node:crypto';
import type { AccountMode } from '../../../contracts/accounts';
import { API_IDEMPOTENCY_HEADER, API_IDEMPOTENCY_KEY_MAX, API_IDEMPOTENCY_TTL_MS } from '../../../contracts/api-keys';
import { V1PublishFieldsSchema } from '../../../contracts/api-v1';
import type { BookSettings } from '../../../contracts/books';
import { isUniqueViolation } from '../../accounts/helpers';
import { ApiError, parse } from '../../envelope';
import { publicOnlyLookup } from '../../net/ssrf';
import { createUploadedBook } from '../../publish/create';
import { fetchToPart } from '../../publish/fetch-url';
import { discardPart, type ReceivedUpload, receiveFile, recogniseDocument } from '../../publish/upload';
import { filesizeLimit } from '../book/books';
import type { V1Context, V1Handlers } from './types';
import { assertV1Folder, v1Publication } from './views';

/**
 * POST /publications (202, the publication QUEUED): a multipart upload (`file` and the fields as parts)
 * through the app's upload pipeline (receiveFile + recogniseDocument: size limit of the account's mode,
 * content detection, then createUploadedBook: the file stored, book and job in one transaction, worker woken), or JSON
 * `url`, fetched by the server (publish/fetch-url.ts, the SSRF guard of webhooks) into the same pipeline.
 *
 * `Idempotency-Key` (1–API_IDEMPOTENCY_KEY_MAX printable ASCII characters): the first call's row in
 * api_idempotency holds the request's hash (method, path and the raw body's SHA-256) and, once
 * answered, its answer; the same key with the same request answers that again (no second publication,
 * nothing counted); with another request, or while the first still runs, apiIdempotencyConflict. A
 * failed call forgets its row (a retry runs again). Rows expire after API_IDEMPOTENCY_TTL_MS.
 */

const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${API_IDEMPOTENCY_KEY_MAX}}$`);

function idempotencyKeyOf(ctx: V1Context): string | undefined {
  const value = ctx.request.headers[API_IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new ApiError('validation', { message: 'validation.invalid', fields: [API_IDEMPOTENCY_HEADER] });
  }
  return value;
}

type Claim = { kind: 'new' } | { kind: 'replay'; status: number; content: unknown };

/** Claims an idempotency key for this request, or finds the first call's answer. */
async function claim(ctx: V1Context, idempotencyKey: string, requestHash: string): Promise<Claim> {
  const { app, key, now } = ctx;
  const where = app.db.deleteFrom('api_idempotency').where('key_id', '=', key.id).where('idempotency_key', '=', idempotencyKey);
  await where.where('created_at', '<', now - API_IDEMPOTENCY_TTL_MS).execute();
  const row = { key_id: key.id, idempotency_key: idempotencyKey, request_hash: requestHash, status: null, response: null, created_at: now };
  try {
    await app.db.insertInto('api_idempotency').values(row).execute();
    return { kind: 'new' };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const first = await app.db
    .selectFrom('api_idempotency')
    .selectAll()
    .where('key_id', '=', key.id)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (!first || first.request_hash !== requestHash || first.status === null || first.response === null) {
    throw new ApiError('apiIdempotencyConflict');
  }
  return { kind: 'replay', status: Number(first.status), content: JSON.parse(first.response) };
}

const settingsOf = (fields: { name?: string; description?: string; visibility?: string; folder_id?: string }): BookSettings => ({
  ...(fields.name !== undefined ? { name: fields.name } : {}),
  ...(fields.description !== undefined ? { description: fields.description } : {}),
  ...(fields.visibility === 'private' ? { publishing_mode: 2 as const, private_url: 1 as const } : { publishing_mode: 1 as const }),
  ...(fields.folder_id !== undefined ? { 'subscription.id': fields.folder_id } : {}),
});

const handlers: V1Handlers = {
  createPublication: async (ctx) => {
    const { app, key, request, reply } = ctx;
    const account = await app.db.selectFrom('accounts').select(['id', 'mode']).where('id', '=', key.accountId).executeTakeFirstOrThrow();
    const mode = account.mode as AccountMode;
    const limit = filesizeLimit(app.config, mode);
    const idempotencyKey = idempotencyKeyOf(ctx);
    // Without an idempotency key the call counts before its body is read (a refused upload is not received).
    if (idempotencyKey === undefined) await ctx.countPublication();

    let upload: ReceivedUpload | undefined;
    let fields: { name?: string; description?: string; visibility?: string; folder_id?: string };
    const streamed = request.isMultipart();
    const started = Date.now();
    if (streamed) {
      try {
        const received = await receiveFile(request, { dataDir: app.config.dataDir, limit });
        // The bytes are in: a signed call's signature must cover them before anything is kept.
        try {
          await ctx.assertBodySigned();
          fields = parse(V1PublishFieldsSchema, received.fields);
        } catch (error) {
          await discardPart(received.partPath);
          throw error;
        }
        upload = await recogniseDocument(request, received);
      } catch (error) {
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw error;
      }
    } else {
      fields = ctx.body as typeof fields;
    }

    try {
      let claimed = false;
      if (idempotencyKey !== undefined) {
        const hash = createHash('sha256')
          .update(`${request.method}\n${request.url.split('?', 1)[0]}\n${await ctx.bodyHash()}`)
          .digest('hex');
        const found = await claim(ctx, idempotencyKey, hash);
        if (found.kind === 'replay') {
          if (upload) await discardPart(upload.partPath);
          reply.code(found.status);
          return found.content;
        }
        claimed = true;
      }
      try {
        if (idempotencyKey !== undefined) await ctx.countPublication();
        const settings = settingsOf(fields);
        await assertV1Folder(ctx, settings);
        if (!upload) {
          const url = (ctx.body as { url: string }).url;
          const lookup = app.config.webhookPrivate ? undefined : publicOnlyLookup();
          upload = await recogniseDocument(request, await fetchToPart(url, { dataDir: app.config.dataDir, limit, lookup }));
        }
        const now = app.clock();
        const row = await createUploadedBook(app, {
          account: { id: account.id, mode },
          upload,
          settings,
          now,
          startTime: now,
          uploadMs: Date.now() - started,
        });
        upload = undefined;
        const content = await v1Publication(app, row, now);
        if (idempotencyKey !== undefined) {
          await app.db
            .updateTable('api_idempotency')
            .set({ status: 202, response: JSON.stringify(content) })
            .where('key_id', '=', key.id)
            .where('idempotency_key', '=', idempotencyKey)
            .execute();
        }
        return content;
      } catch (error) {
        if (claimed) {
          await app.db
            .deleteFrom('api_idempotency')
            .where('key_id', '=', key.id)
            .where('idempotency_key', '=', idempotencyKey as string)
            .execute();
        }
        throw error;
      }
    } finally {
      if (upload) await discardPart(upload.partPath);
    }
  },
};

export default handlers;
