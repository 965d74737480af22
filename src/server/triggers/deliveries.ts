import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type ExpressionBuilder, type Kysely, sql, type Updateable } from 'kysely';
import { API_WEBHOOK_SIGNATURE_HEADER, type ApiWebhookEvent, type V1WebhookPayload } from '../../contracts/api-v1';
import { SIGNATURE_HEADER, type WebhookPayload } from '../../contracts/triggers';
import { openSigningKey } from '../api-keys/crypto';
import { newId } from '../auth/crypto';
import type { Database } from '../db/schema';
import { assertPublicLiteral, publicOnlyLookup } from '../net/ssrf';
import type { WebhookDeliveriesTable, WebhookDeliveryRow } from './tables';

/**
 * Durable webhook deliveries (the `webhook_deliveries` rows of migrations 0007 and 0024), the same on
 * SQLite and PostgreSQL. Like src/server/jobs/runner.ts: a due row is claimed with one conditional UPDATE
 * (so two processes never send the same attempt), a claim holds a lease (a process that dies mid-call
 * leaves a row that is claimed again once the lease ends), and a failure is retried after an
 * exponential backoff until max_attempts. Rows survive restarts, so nothing is lost on a redeploy.
 *
 * A delivery goes to one of two kinds of target (`target_kind`): an integration trigger's webhook
 * (issue 6: a lead, signed with the integration's secret) or an API user's webhook endpoint (issue 18:
 * an event of API_WEBHOOK_EVENTS, signed with the endpoint's sealed secret, its outcome written back
 * to the endpoint's last_delivery_at/last_status). Both are signed the same way (`signature`).
 */

/**
 * One webhook POST: its status code (the body is read and dropped). No redirects are followed (a
 * redirect could point anywhere: the owner configures the final URL instead). With `lookup` (the SSRF
 * guard, src/server/net/ssrf.ts) an address literal must be public and a name connects only where that
 * lookup allows — literals and names pass the same test.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, lookup: connectLookup }: { timeoutMs: number; lookup?: LookupFunction },
): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new Error(`unsupported webhook protocol ${target.protocol}`));
  if (connectLookup) {
    try {
      assertPublicLiteral(target);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: connectLookup,
        // One socket per delivery: a kept-alive socket would skip the lookup of the next one.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `sha256=<hex HMAC-SHA256 of the raw body keyed by the integration's (or API endpoint's) secret>`. */
export const signature = (secret: string, body: string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export interface DeliveryOptions {
  db: Kysely<Database>;
  clock?: () => number;
  /** First retry delay; doubles with each attempt (default 30 s: 30 s, 1 min, 2 min … ~1 h). */
  backoffMs?: number;
  maxAttempts?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Time limit of one POST. */
  timeoutMs?: number;
  /** POST to loopback/private/link-local addresses too (tests, intranets); off by default. */
  allowPrivate?: boolean;
  /** The key API webhook secrets are sealed with (`app.keys.apiKeys`); without it API deliveries fail. */
  apiKeys?: Uint8Array;
  log?: { warn(obj: object, msg: string): void };
}

/** Headers of an API webhook delivery besides the signature (API_WEBHOOK_SIGNATURE_HEADER). */
export const API_WEBHOOK_EVENT_HEADER = 'x-quire-event';
export const API_WEBHOOK_DELIVERY_HEADER = 'x-quire-delivery';

export const DEFAULT_MAX_ATTEMPTS = 8;

/** The columns of a delivery as it is queued (either target kind): due now, no attempt yet. */
const queuedState = (now: number, maxAttempts = DEFAULT_MAX_ATTEMPTS) => ({
  state: 'queued',
  attempts: 0,
  max_attempts: maxAttempts,
  run_at: now,
  lease_until: null,
  last_status: null,
  last_error: null,
  created_at: now,
  updated_at: now,
});

/** Queues the delivery of one lead (in the caller's transaction, with the lead row). */
export async function enqueueDelivery(
  db: Kysely<Database>,
  delivery: { integrationId: string; leadId: string; payload: WebhookPayload; maxAttempts?: number },
  now: number,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      integration_id: delivery.integrationId,
      lead_id: delivery.leadId,
      body: JSON.stringify(delivery.payload),
      ...queuedState(now, delivery.maxAttempts),
    })
    .execute();
  return id;
}

/**
 * Queues the delivery of one API event to one endpoint (in the caller's transaction, with what caused
 * it). The body is made here, once, by `body(id)` with the delivery's id: every retry sends the same
 * bytes, so a receiver drops a repeated `id`, and a publication deleted before the delivery is still
 * described as it was.
 */
export async function enqueueApiDelivery(
  db: Kysely<Database>,
  delivery: { webhookId: string; event: ApiWebhookEvent; body: (id: string) => V1WebhookPayload; maxAttempts?: number },
  now: number,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      target_kind: 'api',
      integration_id: null,
      lead_id: null,
      api_webhook_id: delivery.webhookId,
      event: delivery.event,
      body: JSON.stringify(delivery.body(id)),
      ...queuedState(now, delivery.maxAttempts),
    })
    .execute();
  return id;
}

/** Where one delivery goes and how it is signed; `gone`: its API endpoint was deleted (the row is dropped). */
type Target = { url: string; headers: Record<string, string> } | { error: string } | { gone: true };

export class WebhookDeliverer {
  readonly #db: Kysely<Database>;
  readonly #clock: () => number;
  readonly #backoffMs: number;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #timeoutMs: number;
  readonly #allowPrivate: boolean;
  readonly #apiKeys: Uint8Array | undefined;
  readonly #log: DeliveryOptions['log'];
  #timer: NodeJS.Timeout | undefined;
  #busy: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(options: DeliveryOptions) {
    this.#db = options.db;
    this.#clock = options.clock ?? Date.now;
    this.#backoffMs = options.backoffMs ?? 30_000;
    this.#pollMs = options.pollMs ?? 2_000;
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#allowPrivate = options.allowPrivate ?? false;
    this.#apiKeys = options.apiKeys;
    this.#log = options.log;
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#busy;
  }

  /** Look for due deliveries now (after queueing one). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#busy) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#busy = this.#drain()
      .catch((err: unknown) => this.#log?.warn({ err }, 'webhooks: polling failed'))
      .finally(() => {
        this.#busy = undefined;
        if (this.#stopped) return;
        if (this.#again) {
          this.#again = false;
          this.wake();
          return;
        }
        this.#timer = setTimeout(() => this.wake(), this.#pollMs);
        this.#timer.unref();
      });
  }

  async #drain(): Promise<void> {
    for (let row = await this.#claim(); row && !this.#stopped; row = await this.#claim()) await this.#deliver(row);
  }

  #claimable(now: number) {
    return (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
      ]);
  }

  async #claim(): Promise<WebhookDeliveryRow | undefined> {
    const now = this.#clock();
    const candidates = await this.#db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where(this.#claimable(now))
      .orderBy('run_at')
      .limit(5)
      .execute();
    for (const { id } of candidates) {
      const row = await this.#db
        .updateTable('webhook_deliveries')
        .set({ state: 'running', attempts: sql<number>`attempts + 1`, lease_until: now + this.#leaseMs, updated_at: now })
        .where('id', '=', id)
        .where(this.#claimable(now))
        .returningAll()
        .executeTakeFirst();
      if (row) return row;
    }
    return undefined;
  }

  /** The target of a delivery: its URL and the headers that sign it. */
  async #target(row: WebhookDeliveryRow): Promise<Target> {
    const common = { 'content-type': 'application/json', 'user-agent': 'Quire-Webhook/1' };
    if (row.target_kind === 'api') {
      const endpoint = row.api_webhook_id
        ? await this.#db.selectFrom('api_webhooks').select(['id', 'url', 'secret']).where('id', '=', row.api_webhook_id).executeTakeFirst()
        : undefined;
      if (!endpoint) return { gone: true };
      const secret = this.#apiKeys ? openSigningKey(this.#apiKeys, endpoint.id, endpoint.secret) : null;
      if (!secret) return { error: 'the endpoint secret does not open' };
      return {
        url: endpoint.url,
        headers: {
          ...common,
          [API_WEBHOOK_SIGNATURE_HEADER]: signature(secret, row.body),
          [API_WEBHOOK_EVENT_HEADER]: row.event ?? '',
          [API_WEBHOOK_DELIVERY_HEADER]: row.id,
        },
      };
    }
    const integration = row.integration_id
      ? await this.#db.selectFrom('integration_triggers').select(['url', 'secret']).where('id', '=', row.integration_id).executeTakeFirst()
      : undefined;
    if (!integration?.url || !integration.secret) return { error: 'the integration has no URL or secret' };
    return {
      url: integration.url,
      headers: { ...common, [SIGNATURE_HEADER]: signature(integration.secret, row.body), 'X-Quire-Delivery': row.id },
    };
  }

  async #deliver(row: WebhookDeliveryRow): Promise<void> {
    const target = await this.#target(row);
    if ('gone' in target) {
      // Its endpoint was deleted (the foreign key drops such rows too): nothing to deliver, nothing to keep.
      await this.#db.deleteFrom('webhook_deliveries').where('id', '=', row.id).where('lease_until', '=', row.lease_until).execute();
      return;
    }
    let status: number | null = null;
    let error: string | null = 'error' in target ? target.error : null;
    if ('url' in target) {
      try {
        // An owner's URL must not reach into the server's own network (SSRF): postWebhook checks an
        // address literal and a host name's answers with the same guard (src/server/net/ssrf.ts).
        status = await postWebhook(target.url, target.headers, row.body, {
          timeoutMs: this.#timeoutMs,
          lookup: this.#allowPrivate ? undefined : publicOnlyLookup(),
        });
        if (status < 200 || status > 299) error = `HTTP ${status}`;
      } catch (e) {
        error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
    }
    const now = this.#clock();
    if (error === null) {
      await this.#record(
        row,
        { state: 'delivered', lease_until: null, last_status: status, last_error: null, updated_at: now },
        'delivered',
      );
      return;
    }
    const retry = row.attempts < row.max_attempts;
    await this.#record(
      row,
      {
        state: retry ? 'queued' : 'failed',
        run_at: retry ? now + this.backoff(row.attempts) : row.run_at,
        lease_until: null,
        last_status: status,
        last_error: error.slice(0, 500),
        updated_at: now,
      },
      'failed',
    );
    this.#log?.warn(
      { deliveryId: row.id, target: row.target_kind, attempt: row.attempts, error },
      retry ? 'webhooks: delivery failed, will retry' : 'webhooks: delivery failed',
    );
  }

  /**
   * The outcome, only while this claim still holds the row (not taken over after a lost lease), and in
   * the same transaction the API endpoint's last attempt (V1Webhook last_delivery_at, last_status), so
   * nobody reads a delivered row beside an endpoint that still says otherwise.
   */
  async #record(row: WebhookDeliveryRow, set: Updateable<WebhookDeliveriesTable>, outcome: 'delivered' | 'failed'): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('webhook_deliveries')
        .set(set)
        .where('id', '=', row.id)
        .where('state', '=', 'running')
        .where('lease_until', '=', row.lease_until)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0 || row.target_kind !== 'api' || !row.api_webhook_id) return;
      await trx
        .updateTable('api_webhooks')
        .set({ last_delivery_at: Number(set.updated_at), last_status: outcome })
        .where('id', '=', row.api_webhook_id)
        .execute();
    });
  }

  /** Delay before the next attempt after `attempts` failed ones: base × 2^(attempts-1), ±20% jitter. */
  backoff(attempts: number): number {
    return Math.round(this.#backoffMs * 2 ** Math.max(0, attempts - 1) * (0.8 + Math.random() * 0.4));
  }
}
