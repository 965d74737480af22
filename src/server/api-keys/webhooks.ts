import type { Kysely } from 'kysely';
import { API_WEBHOOK_EVENTS, type ApiWebhookEvent, type V1WebhookPayload } from '../../contracts/api-v1';
import type { Database } from '../db/schema';
import { enqueueApiDelivery } from '../triggers/deliveries';
import type { LeadRow } from '../triggers/tables';
import { type PublicationContext, v1Publication } from './publication';

/**
 * API webhooks (issue 18): the events an API user's endpoints (`api_webhooks`) receive. Each event is
 * queued, in the transaction of what caused it, as one delivery per endpoint of the account that
 * subscribes to it; the durable deliverer (src/server/triggers/deliveries.ts) sends them signed and
 * retries them with a backoff. The bodies (V1WebhookPayloadSchema) are made at enqueue time.
 *  - publication.converted / publication.failed: a conversion ended DONE / ERROR (src/server/jobs/index.ts,
 *    and an upload whose content is no document: routes/book/upload.ts);
 *  - lead.received: a reader left a lead (routes/triggers/leads.ts).
 */

/** The events of an `api_webhooks.events` value (joined by ','), unknown names left out. */
export const eventsOf = (joined: string): ApiWebhookEvent[] =>
  joined.split(',').filter((e): e is ApiWebhookEvent => (API_WEBHOOK_EVENTS as readonly string[]).includes(e));

/** Queues `event` to every endpoint of the account subscribed to it; answers how many deliveries were queued. */
async function enqueueEvent(
  db: Kysely<Database>,
  accountId: string,
  event: ApiWebhookEvent,
  payload: (id: string) => V1WebhookPayload,
  now: number,
): Promise<number> {
  const endpoints = await db
    .selectFrom('api_webhooks')
    .select(['id', 'events'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  let queued = 0;
  for (const endpoint of endpoints) {
    if (!eventsOf(endpoint.events).includes(event)) continue;
    await enqueueApiDelivery(db, { webhookId: endpoint.id, event, body: payload }, now);
    queued += 1;
  }
  return queued;
}

/**
 * A publication's conversion ended: publication.converted (DONE) or publication.failed (ERROR), with
 * the book as it is now. Nothing for a book that is gone or has not ended (QUEUED, CONVERTING).
 */
export async function enqueuePublicationEvent(db: Kysely<Database>, ctx: PublicationContext, bookId: string, now: number): Promise<number> {
  const row = await db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirst();
  if (!row || (row.status !== 'DONE' && row.status !== 'ERROR')) return 0;
  const publication = await v1Publication(ctx, row, now);
  const event = row.status === 'DONE' ? 'publication.converted' : 'publication.failed';
  return enqueueEvent(db, row.account_id, event, (id) => ({ id, event, created_at: now, data: { publication } }), now);
}

/** A reader left a lead at one of the account's publications: lead.received. */
export async function enqueueApiLead(db: Kysely<Database>, lead: LeadRow, now: number): Promise<number> {
  const data = {
    lead: {
      id: lead.id,
      publication_id: lead.book_id,
      publication_name: lead.book_name,
      name: lead.name,
      email: lead.email,
      created_at: lead.created_at,
    },
  };
  return enqueueEvent(db, lead.account_id, 'lead.received', (id) => ({ id, event: 'lead.received', created_at: now, data }), now);
}
