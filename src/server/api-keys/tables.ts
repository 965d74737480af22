/** Table types of migration 0022 (the public API, issue 18). */
export interface ApiKeysTable {
  id: string;
  account_id: string;
  profile_id: string;
  name: string;
  public_key: string;
  /** hex SHA-256 of the secret (api-keys/crypto.ts secretHash). */
  secret_hash: string;
  /** The sealed signing key (api-keys/crypto.ts sealSigningKey). */
  signing_key: string;
  /** Rights joined by ',' in API_KEY_RIGHTS order. */
  rights: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface ApiKeyHitsTable {
  key_id: string;
  /** 'requests' or 'publish'. */
  kind: string;
  window_start: number;
  hits: number;
}

export interface ApiIdempotencyTable {
  key_id: string;
  idempotency_key: string;
  request_hash: string;
  status: number | null;
  response: string | null;
  created_at: number;
}

export interface ApiWebhooksTable {
  id: string;
  account_id: string;
  url: string;
  /** Events joined by ','. */
  events: string;
  /** The endpoint's signing secret, sealed like an API signing key. */
  secret: string;
  created_at: number;
  last_delivery_at: number | null;
  /** 'delivered' or 'failed'. */
  last_status: string | null;
}
