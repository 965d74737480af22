import { randomBytes } from 'node:crypto';
import { API_WEBHOOK_EVENTS, API_WEBHOOKS_MAX, type ApiWebhookEvent } from '../../../contracts/api-v1';
import { sealSigningKey } from '../../api-keys/crypto';
import type { ApiWebhooksTable } from '../../api-keys/tables';
import { newId } from '../../auth/crypto';
import { ApiError } from '../../envelope';
import { assertPublicLiteral } from '../../net/ssrf';
import type { V1Handlers } from './types';

/**
 * API users' webhook endpoints (api_webhooks; deliveries are made by the API webhooks' sender). The
 * endpoint's signing secret is random (256 bits), sealed at rest like an API signing key, and answered
 * once, in createWebhook. The URL's host, when an address literal, must be public (the SSRF guard's
 * literal check; names are checked by the guard's lookup at each delivery) unless QUIRE_WEBHOOK_PRIVATE.
 */

const view = (row: Pick<ApiWebhooksTable, 'id' | 'url' | 'events' | 'created_at' | 'last_delivery_at' | 'last_status'>) => {
  const listed = new Set(row.events.split(','));
  return {
    id: row.id,
    url: row.url,
    events: API_WEBHOOK_EVENTS.filter((e) => listed.has(e)),
    created_at: Number(row.created_at),
    last_delivery_at: row.last_delivery_at === null ? null : Number(row.last_delivery_at),
    last_status: row.last_status === 'delivered' || row.last_status === 'failed' ? row.last_status : null,
  };
};

const handlers: V1Handlers = {
  listWebhooks: async ({ app, key }) => {
    const rows = await app.db
      .selectFrom('api_webhooks')
      .selectAll()
      .where('account_id', '=', key.accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { items: rows.map(view) };
  },

  createWebhook: async ({ app, key, body, now }) => {
    const { url, events } = body as { url: string; events: ApiWebhookEvent[] };
    const target = new URL(url);
    if (!app.config.webhookPrivate) {
      try {
        assertPublicLiteral(target);
      } catch {
        throw new ApiError('validation', { message: 'validation.url', fields: ['url'] });
      }
      if (target.hostname === 'localhost' || target.hostname.endsWith('.localhost')) {
        throw new ApiError('validation', { message: 'validation.url', fields: ['url'] });
      }
    }
    const id = newId();
    const secret = randomBytes(32).toString('base64url');
    const row: ApiWebhooksTable = {
      id,
      account_id: key.accountId,
      url: target.toString(),
      events: API_WEBHOOK_EVENTS.filter((e) => events.includes(e)).join(','),
      secret: sealSigningKey(app.keys.apiKeys, id, secret),
      created_at: now,
      last_delivery_at: null,
      last_status: null,
    };
    await app.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom('api_webhooks')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', key.accountId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= API_WEBHOOKS_MAX) throw new ApiError('webhookLimit', { limit: API_WEBHOOKS_MAX });
      await trx.insertInto('api_webhooks').values(row).execute();
    });
    return { ...view(row), secret };
  },

  deleteWebhook: async ({ app, key, params }) => {
    const result = await app.db
      .deleteFrom('api_webhooks')
      .where('id', '=', String(params.id))
      .where('account_id', '=', key.accountId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new ApiError('webhookNotFound');
    return { deleted: true as const };
  },
};

export default handlers;
