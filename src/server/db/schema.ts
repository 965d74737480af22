import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountMode, AccountType, UsageContext } from '../../contracts/accounts';

/**
 * Table types for Kysely. Conventions that keep one set of migrations working on SQLite and
 * PostgreSQL: times are epoch milliseconds in `bigint` columns (read back as numbers on both),
 * booleans are `integer` 0/1, JSON is `text`; names are snake_case.
 */
export interface Database {
  settings: SettingsTable;
  accounts: AccountsTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  login_challenges: LoginChallengesTable;
  trusted_devices: TrustedDevicesTable;
  recovery_codes: RecoveryCodesTable;
  one_time_tokens: OneTimeTokensTable;
  auth_attempts: AuthAttemptsTable;
  used_captchas: UsedCaptchasTable;
  social_identities: SocialIdentitiesTable;
  books: BooksTable;
  folders: FoldersTable;
  library_items: LibraryItemsTable;
  jobs: JobsTable;
  book_comments: BookCommentsTable;
  publisher_subscribers: PublisherSubscribersTable;
  share_counts: import('../beacon/schema').ShareCountsTable;
  integration_triggers: import('../triggers/tables').IntegrationTriggersTable;
  book_triggers: import('../triggers/tables').BookTriggersTable;
  leads: import('../triggers/tables').LeadsTable;
  webhook_deliveries: import('../triggers/tables').WebhookDeliveriesTable;
  contact_messages: ContactMessagesTable;
  favorites: FavoritesTable;
  data_exports: import('../privacy/tables').DataExportsTable;
  account_deletions: import('../privacy/tables').AccountDeletionsTable;
  deletion_codes: import('../privacy/tables').DeletionCodesTable;
  stats_salts: import('../stats/tables').StatsSaltsTable;
  stats_events: import('../stats/tables').StatsEventsTable;
  stats_visits: import('../stats/tables').StatsVisitsTable;
  stats_visitors: import('../stats/tables').StatsVisitorsTable;
  stats_daily: import('../stats/tables').StatsDailyTable;
  stats_daily_pages: import('../stats/tables').StatsDailyPagesTable;
  stats_daily_dims: import('../stats/tables').StatsDailyDimsTable;
  stats_digests: import('../stats/dashboard-tables').StatsDigestsTable;
  stats_account_daily: import('../stats/dashboard-tables').StatsAccountDailyTable;
  api_keys: import('../api-keys/tables').ApiKeysTable;
  api_key_hits: import('../api-keys/tables').ApiKeyHitsTable;
  api_idempotency: import('../api-keys/tables').ApiIdempotencyTable;
  api_webhooks: import('../api-keys/tables').ApiWebhooksTable;
  stats_account_dims: import('../stats/dashboard-tables').StatsAccountDimsTable;
  stats_account_books: import('../stats/dashboard-tables').StatsAccountBooksTable;
  stats_account_cached: import('../stats/dashboard-tables').StatsAccountCachedTable;
  stats_account_ranges: import('../stats/dashboard-tables').StatsAccountRangesTable;
  stats_account_ranges_built: import('../stats/dashboard-tables').StatsAccountRangesBuiltTable;
  orders: import('../billing/tables').OrdersTable;
  invoices: import('../billing/tables').InvoicesTable;
  billing_counters: import('../billing/tables').BillingCountersTable;
  billing_events: import('../billing/tables').BillingEventsTable;
  scheduled_runs: import('../cluster/tables').ScheduledRunsTable;
  beacon_ip_minutes: import('../cluster/tables').BeaconIpMinutesTable;
  rate_limit_hits: import('../cluster/tables').RateLimitHitsTable;
  manager_links: import('../managers/tables').ManagerLinksTable;
  manager_invitations: import('../managers/tables').ManagerInvitationsTable;
  manager_audit: import('../managers/tables').ManagerAuditTable;
}

/** Instance-wide key/value settings. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}
export type Setting = Selectable<SettingsTable>;
export type NewSetting = Insertable<SettingsTable>;
export type SettingUpdate = Updateable<SettingsTable>;

/** An account (the publishing entity): tier, usage context, company fields. */
export interface AccountsTable {
  id: string;
  name: string;
  type: Generated<AccountType>;
  mode: Generated<AccountMode>;
  context: UsageContext | null;
  company_activity_sector: string | null;
  company_size: string | null;
  /** JSON object (attributes.usage_context follows context). */
  attributes: Generated<string>;
  image_small: string | null;
  expiration: number | null;
  management_type: string | null;
  city: string | null;
  country: string | null;
  /** Public profile (migration 0018): plain text shown on the publisher page. */
  description: Generated<string>;
  /** The account's own site (http/https), or null. */
  website: string | null;
  /** JSON object: social service → profile address (contracts/profile.ts SOCIAL_SERVICES). */
  social: Generated<string>;
  /** Version of the avatar files (files/avatars/<id>/), null without an avatar. */
  avatar: string | null;
  /** Account timestamp (epoch ms): bumped on every change of cached account/profile data. */
  ats: number;
  created_at: number;
}
export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;

/** A person signing in to an account. type 0..3 = Visitor, User, Admin, Superadmin. */
export interface ProfilesTable {
  id: string;
  account_id: string;
  type: Generated<number>;
  /** Lower-cased, unique. */
  email: string;
  /** argon2id PHC string; null for profiles that only sign in with a social provider. */
  password_hash: string | null;
  firstname: string | null;
  lastname: string | null;
  job_title: string | null;
  language: Generated<string>;
  is_active: Generated<number>;
  last_login: number | null;
  tos_version: number | null;
  /** Unix seconds (SPEC §4: terms renewal below 1527631200). */
  subscriptions_modification: Generated<number>;
  /** JSON object: notification name → boolean. */
  consents: Generated<string>;
  /**
   * TOTP secret once enabled; totp_pending while set-up awaits its first code. Sealed with AES-GCM
   * (src/server/auth/totp-store.ts): never in plain text at rest.
   */
  totp_secret: string | null;
  totp_pending: string | null;
  /** JSON object: guided tour name → true once seen or skipped (migration 0011). */
  tour: Generated<string>;
  /** 1 = a password sign-in without an authenticator app asks for an e-mailed code (migration 0014). */
  mfa_email: Generated<number>;
  /** The newest authenticator time step (30 s) accepted: an older or equal one is refused. */
  totp_last_step: number | null;
  created_at: number;
}
export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;

/** A signed-in session; access tokens (JWT) carry its id as `sid`. */
export interface SessionsTable {
  id: string;
  profile_id: string;
  created_at: number;
  /** Expiry of the newest access token issued for it. */
  expires_at: number;
  revoked_at: number | null;
  /** What signed in (migration 0014): device class, browser, system, country of the address (never the address). */
  device: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  /** Last refresh (written at most once a minute). */
  last_seen_at: number | null;
}
export type SessionRow = Selectable<SessionsTable>;

/** Step one of login → a hash to confirm (stage ready) or a second factor (stage code | totp). */
export type ChallengeStage = 'ready' | 'code' | 'totp';
export interface LoginChallengesTable {
  /** sha256 of the hash given to the client. */
  hash: string;
  profile_id: string;
  stage: ChallengeStage;
  /** HMAC of the e-mailed code. */
  code_hash: string | null;
  code_expires_at: number | null;
  attempts: Generated<number>;
  expires_at: number;
  created_at: number;
  used_at: number | null;
}
export type LoginChallengeRow = Selectable<LoginChallengesTable>;

/** Browsers that skip the second factor (cookie quire_device; sha256 stored). */
export interface TrustedDevicesTable {
  token_hash: string;
  /** The id its owner revokes it by (migration 0014): not the token's hash, which never leaves the server. */
  id: string;
  profile_id: string;
  created_at: number;
  expires_at: number;
  device: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  last_used_at: number | null;
}

/** Single-use recovery codes of the authenticator app (HMAC stored, migration 0014). */
export interface RecoveryCodesTable {
  profile_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export type OneTimeTokenKind = 'activation' | 'reset' | 'email';
/** Activation and reset links (sha256 of the token stored; single use). */
export interface OneTimeTokensTable {
  hash: string;
  profile_id: string;
  kind: OneTimeTokenKind;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The new address of an e-mail change (kind `email`). */
  data: string | null;
}
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;

/** Fixed-window attempt counters by key (e.g. `login:ip:203.0.113.5`, `account:failures:a@b.c`). */
export interface AuthAttemptsTable {
  key: string;
  window_start: number;
  count: number;
}

/** ALTCHA solutions already accepted (replay protection) until their challenge expires. */
export interface UsedCaptchasTable {
  signature: string;
  expires_at: number;
}

/** A social sign-in identity (provider + the provider's stable user id) linked to a profile. */
export interface SocialIdentitiesTable {
  /** facebook | google | linkedin */
  provider: string;
  /** The provider's user id (`sub`, or Facebook's `id`). */
  subject: string;
  profile_id: string;
  /** The address the provider reported when the identity was linked. */
  email: string | null;
  created_at: number;
  last_used_at: number | null;
}
export type SocialIdentityRow = Selectable<SocialIdentitiesTable>;

/** A publication (SPEC §3 Book). Settings without a column of their own live in `settings` (JSON). */
export interface BooksTable {
  id: string;
  account_id: string;
  name: string;
  description: Generated<string>;
  /** JSON object: BookSettings fields other than the columns below. */
  settings: Generated<string>;
  /** 1 public, 2 private. */
  publishing_mode: Generated<number>;
  /** 0 = deactivated by its owner. */
  is_published: Generated<number>;
  /** Scheduled publication (epoch ms); null = published at creation. */
  publish_at: number | null;
  is_awarded: Generated<number>;
  is_adult: Generated<number>;
  /** 0 = blocked (invalid_reason says why). */
  is_valid: Generated<number>;
  invalid_reason: string | null;
  /** DocumentStatus: QUEUED, CONVERTING, DONE, ERROR. */
  status: Generated<string>;
  /** ConversionErrorCode when status is ERROR. */
  error_code: string | null;
  pages_total: Generated<number>;
  pages_done: Generated<number>;
  /** Reading direction found in the PDF: ltr or rtl. */
  direction: Generated<string>;
  source_name: string;
  /** DocumentKind recognised from the content. */
  source_kind: string;
  source_size: number;
  revision: Generated<number>;
  start_time: number;
  created_at: number;
  modified_at: number;
  /**
   * Random secret the private-link and pages tokens are derived from (reader/access.ts, migration
   * 0010): replaced to revoke them. Required on insert, so no book is written without one.
   */
  token_secret: string;
}
export type BookRow = Selectable<BooksTable>;
export type NewBook = Insertable<BooksTable>;
export type BookUpdate = Updateable<BooksTable>;

/** A folder of an account's books (SPEC §3 Subscription; migration 0006); a book names it in settings `subscription.id`. */
export interface FoldersTable {
  id: string;
  account_id: string;
  name: string;
  created_at: number;
}

/**
 * An item of an account's branding library (migration 0017, issue 16): a skin (`design`: its colours
 * and toolbar style as JSON) or an uploaded image (background, logo) with its stored size; the image
 * files live in files/library/<account>/ (storage/paths.ts).
 */
export interface LibraryItemsTable {
  id: string;
  account_id: string;
  kind: 'skin' | 'background' | 'logo';
  name: string;
  design: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  created_at: number;
}

/** A durable background job (conversion). state: queued, running, done, failed. */
export interface JobsTable {
  id: string;
  kind: string;
  book_id: string | null;
  payload: Generated<string>;
  state: Generated<string>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: number;
  /** A running job whose lease ran out is claimed again (its worker died). */
  lease_until: number | null;
  worker: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;

/** A reader's comment on a book (migration 0008). status: published, held (awaits the owner), rejected. */
export interface BookCommentsTable {
  id: string;
  book_id: string;
  profile_id: string;
  author_name: string;
  text: string;
  status: string;
  created_at: number;
}
export type BookCommentRow = Selectable<BookCommentsTable>;

/** A reader following a publisher (migration 0008): one row per publisher account and reader profile. */
export interface PublisherSubscribersTable {
  account_id: string;
  profile_id: string;
  created_at: number;
}

/** A message of the contact modal (migration 0011). */
export interface ContactMessagesTable {
  id: string;
  subject: string;
  name: string;
  email: string;
  text: string;
  phone: string;
  url: string;
  profile_id: string | null;
  language: string;
  mailed_at: number | null;
  created_at: number;
}
export type ContactMessageRow = Selectable<ContactMessagesTable>;

/** A reader's favourite publication (migration 0016): one row per profile and book. */
export interface FavoritesTable {
  profile_id: string;
  book_id: string;
  created_at: number;
}
