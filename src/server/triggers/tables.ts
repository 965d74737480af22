import type { Generated, Selectable } from 'kysely';

/**
 * Tables of migration 0007 (triggers), kept beside the code that uses them; src/server/db/schema.ts
 * lists them in `Database`. Times are epoch ms (bigint), booleans 0/1, like every other table.
 */

/** An integration the account configured (SPEC §3 Trigger config): the lead form or a webhook. */
export interface IntegrationTriggersTable {
  id: string;
  account_id: string;
  /** IntegrationKind: leadform | webhook. */
  kind: string;
  name: string;
  is_enabled: Generated<number>;
  /** Webhook: the http(s) URL leads are POSTed to. */
  url: string | null;
  /** Webhook: HMAC-SHA256 key (kept in clear: the server signs with it and the owner may read it). */
  secret: string | null;
  created_at: number;
  modified_at: number;
}
export type IntegrationTriggerRow = Selectable<IntegrationTriggersTable>;

/** A trigger of a book (SPEC §3 Book trigger): one per (book, type). */
export interface BookTriggersTable {
  id: string;
  book_id: string;
  integration_id: string;
  /** 1 open, 2 download, 3 print. */
  type: number;
  is_mandatory: Generated<number>;
  /** 1 once, 2 until done, 3 always (stored after the SPEC §4 rule). */
  repeating_mode: number;
  created_at: number;
  modified_at: number;
}
export type BookTriggerRow = Selectable<BookTriggersTable>;

/** A reader's answer to a lead form. The book's name is copied so leads outlive a deleted book. */
export interface LeadsTable {
  id: string;
  account_id: string;
  book_id: string | null;
  book_name: string;
  trigger_type: number;
  integration_id: string | null;
  integration_name: string;
  name: string;
  email: string;
  created_at: number;
}
export type LeadRow = Selectable<LeadsTable>;

/** What a delivery goes to (migration 0024): an integration's webhook, or an API user's webhook endpoint. */
export type WebhookTargetKind = 'trigger' | 'api';

/**
 * A webhook delivery (durable): queued → delivered, or retried with exponential backoff until
 * max_attempts, then failed. A running row whose lease ran out (its process died) is claimed again.
 * Its own table rather than `jobs`: the conversion runner claims every job kind it sees.
 */
export interface WebhookDeliveriesTable {
  id: string;
  /** WebhookTargetKind (default 'trigger'). */
  target_kind: Generated<string>;
  /** 'trigger': the integration and the lead. */
  integration_id: string | null;
  lead_id: string | null;
  /** 'api': the endpoint (api_webhooks) and the event (API_WEBHOOK_EVENTS). */
  api_webhook_id: string | null;
  event: string | null;
  /** The exact body sent (the signature covers these bytes). */
  body: string;
  /** queued, running, delivered, failed. */
  state: string;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: number;
  lease_until: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
