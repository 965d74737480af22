import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApiWebhookEvent } from '../../src/contracts/api-v1';
import { sealSigningKey } from '../../src/server/api-keys/crypto';
import { newId } from '../../src/server/auth/crypto';

/**
 * An API webhook endpoint of an account written straight into `api_webhooks` (as the v1 createWebhook
 * call stores one: events joined by ',', the signing secret sealed under app.keys.apiKeys with the
 * row's id): its id and its secret in clear, which a receiver verifies signatures with.
 */
export async function insertApiWebhook(
  app: FastifyInstance,
  accountId: string,
  url: string,
  events: readonly ApiWebhookEvent[],
): Promise<{ id: string; secret: string }> {
  const id = newId();
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  await app.db
    .insertInto('api_webhooks')
    .values({
      id,
      account_id: accountId,
      url,
      events: events.join(','),
      secret: sealSigningKey(app.keys.apiKeys, id, secret),
      created_at: Date.now(),
      last_delivery_at: null,
      last_status: null,
    })
    .execute();
  return { id, secret };
}
