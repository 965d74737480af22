import * as v from 'valibot';
import type { ApiKeyRight } from './api-keys';
import { API_KEY_RIGHTS } from './api-keys';
import { BOOK_DESCRIPTION_MAX, BOOK_NAME_MAX, CONVERSION_ERROR_CODES, DOCUMENT_STATUSES, MAX_PAGE_SIZE } from './books';
import { count, epochMs, intIn, isCalendarDate } from './limits';
import { FOLDER_NAME_MAX } from './presets';

/**
 * The public REST API, version 1 (issue 18), under `{api}/v1/` (default `/api/v1/`). This table is the
 * single description of it: the server registers one route per operation from it (src/server/routes/v1),
 * validates requests and answers with these schemas, and the OpenAPI 3.1 document served at
 * `{api}/v1/openapi.json` is generated from it (never written by hand).
 *
 * Conventions:
 *  - Authentication: a key of ./api-keys.ts (signed headers, or the secret as a bearer token). Every
 *    operation needs exactly one right (`right`); a key without it gets 403 `apiRightMissing`.
 *  - No `v=2` query here: the version is in the path.
 *  - Answers use the app's envelope (SPEC §7): `{status:'ok', content, id}` / `{status:'error', content:{type, code, message}, id}`,
 *    with HTTP status codes that mean what they say (200, 201, 204 never: deletes answer `{deleted:true}`;
 *    400 validation, 401 authentication, 403 right, 404 not found or not the key's account, 409 conflict,
 *    413 too large, 429 limit with `Retry-After`).
 *  - Ids of another account's things answer exactly like unknown ids (404).
 *  - Lists page with `page` (1-based) and `per_page` (1–MAX_PAGE_SIZE, default 25) and answer
 *    `{items, page, per_page, total}`.
 *  - Times are epoch milliseconds; days are `YYYY-MM-DD` (UTC).
 */

export const API_V1_PREFIX = '/v1';
export const API_V1_DEFAULT_PER_PAGE = 25;
/** `POST /publications` from a URL: the fetched document's size limit is the account's upload limit. */
export const API_V1_URL_MAX = 2048;
/** The app's folder name limit (a longer name would be one the account's folder page refuses). */
export const API_V1_FOLDER_NAME_MAX = FOLDER_NAME_MAX;
/** Webhook endpoints per account. */
export const API_WEBHOOKS_MAX = 10;
/** Events an API user's webhook can receive. */
export const API_WEBHOOK_EVENTS = ['publication.converted', 'publication.failed', 'lead.received'] as const;
export type ApiWebhookEvent = (typeof API_WEBHOOK_EVENTS)[number];
/** Header of the webhook signature (`sha256=<hex HMAC-SHA256 of the raw body keyed by the endpoint's secret>`), like trigger webhooks. */
export const API_WEBHOOK_SIGNATURE_HEADER = 'x-quire-signature';

// ── Shared pieces ────────────────────────────────────────────────────────────────────────────
const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
/** Query values arrive as strings. */
const intParam = (min: number, max: number, fallback: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), intIn(min, max)), String(fallback));
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.check(isCalendarDate, 'validation.invalid'));

export const IdParamsSchema = v.object({ id: Id });
export const PagingQuerySchema = v.object({
  page: intParam(1, 1_000_000, 1),
  per_page: intParam(1, MAX_PAGE_SIZE, API_V1_DEFAULT_PER_PAGE),
});
const pageOf = <T extends v.GenericSchema>(item: T) => v.object({ items: v.array(item), page: count(), per_page: count(), total: count() });

// ── Resources ────────────────────────────────────────────────────────────────────────────────
export const V1AccountSchema = v.object({
  id: v.string(),
  name: v.string(),
  mode: v.picklist(['FREE', 'PREMIUM', 'PLATINUM']),
  publications: count(),
  /** The calling key: its name, rights, expiry and what is left of its limits. */
  key: v.object({
    name: v.string(),
    rights: v.array(v.picklist(API_KEY_RIGHTS)),
    expires_at: v.nullable(epochMs()),
    requests_remaining: count(),
    publications_remaining: count(),
  }),
});

export const V1FolderSchema = v.object({ id: v.string(), name: v.string(), publications: count(), created_at: epochMs() });
export const V1FolderCreateSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(API_V1_FOLDER_NAME_MAX, 'validation.max')),
});

export const V1PublicationSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  /** SPEC §4: DONE is ready, ERROR failed (see error_code), QUEUED and CONVERTING are on their way. */
  status: v.picklist(DOCUMENT_STATUSES),
  error_code: v.nullable(v.picklist(CONVERSION_ERROR_CODES)),
  pages: count(),
  /** Active (readable) or deactivated by the owner. */
  active: v.boolean(),
  visibility: v.picklist(['public', 'private']),
  folder_id: v.nullable(v.string()),
  created_at: epochMs(),
  updated_at: epochMs(),
  /** A scheduled publication's time, or null once published. */
  publish_at: v.nullable(epochMs()),
  /** Absolute URLs from the server's configured public URL (never from request headers). */
  urls: v.object({
    view: v.string(),
    /** The private link (private publications only). */
    private: v.nullable(v.string()),
    embed: v.string(),
    thumbnail: v.nullable(v.string()),
  }),
});
export type V1Publication = v.InferOutput<typeof V1PublicationSchema>;

export const V1_PUBLICATION_SORTS = ['created_desc', 'created_asc', 'name_asc', 'name_desc'] as const;
export const V1PublicationListQuerySchema = v.object({
  ...PagingQuerySchema.entries,
  sort: v.optional(v.picklist(V1_PUBLICATION_SORTS), 'created_desc'),
  folder: v.optional(Id),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  status: v.optional(v.picklist(DOCUMENT_STATUSES)),
});

/** PATCH /publications/{id}: any of these. */
export const V1PublicationUpdateSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(BOOK_NAME_MAX, 'validation.max'))),
  description: v.optional(v.pipe(v.string(), v.maxLength(BOOK_DESCRIPTION_MAX, 'validation.max'))),
  visibility: v.optional(v.picklist(['public', 'private'])),
  folder_id: v.optional(v.nullable(Id)),
  downloadable: v.optional(v.boolean()),
  printable: v.optional(v.boolean()),
  comments: v.optional(v.boolean()),
});

/**
 * POST /publications: either `multipart/form-data` with a `file` part (and these fields as parts), or JSON
 * with `url` (http/https, fetched by the server through the SSRF guard of webhooks, size-limited like an
 * upload). An `Idempotency-Key` header makes a retry answer the first call's publication instead of a second one.
 */
export const V1PublishFieldsSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(BOOK_NAME_MAX, 'validation.max'))),
  description: v.optional(v.pipe(v.string(), v.maxLength(BOOK_DESCRIPTION_MAX, 'validation.max'))),
  visibility: v.optional(v.picklist(['public', 'private']), 'public'),
  folder_id: v.optional(Id),
});
export const V1PublishFromUrlSchema = v.object({
  ...V1PublishFieldsSchema.entries,
  url: v.pipe(v.string(), v.trim(), v.maxLength(API_V1_URL_MAX), v.url(), v.regex(/^https?:\/\//i)),
});

export const V1TocEntrySchema: v.GenericSchema<V1TocEntry> = v.object({
  title: v.string(),
  page: v.nullable(count()),
  items: v.array(v.lazy(() => V1TocEntrySchema)),
});
export interface V1TocEntry {
  title: string;
  page: number | null;
  items: V1TocEntry[];
}

export const V1CommentSchema = v.object({
  id: v.string(),
  author_name: v.string(),
  text: v.string(),
  status: v.picklist(['held', 'published']),
  created_at: epochMs(),
});

export const V1StatsQuerySchema = v.object({ from: v.optional(Day), to: v.optional(Day) });
const Totals = v.object({
  views: count(),
  readers: count(),
  reads: count(),
  pages: count(),
  time_ms: count(),
  downloads: count(),
  prints: count(),
  shares: count(),
  leads: count(),
});
export const V1StatisticsSchema = v.object({
  from: Day,
  to: Day,
  totals: Totals,
  days: v.array(v.object({ day: Day, ...Totals.entries })),
});

export const V1SubscriberSchema = v.object({ name: v.string(), created_at: epochMs() });

export const V1WebhookSchema = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.picklist(API_WEBHOOK_EVENTS)),
  created_at: epochMs(),
  last_delivery_at: v.nullable(epochMs()),
  last_status: v.nullable(v.picklist(['delivered', 'failed'])),
});
export const V1WebhookCreateSchema = v.object({
  url: v.pipe(v.string(), v.trim(), v.maxLength(API_V1_URL_MAX), v.url(), v.regex(/^https?:\/\//i)),
  events: v.pipe(v.array(v.picklist(API_WEBHOOK_EVENTS)), v.minLength(1), v.maxLength(API_WEBHOOK_EVENTS.length)),
});
/** The create answer: the endpoint and its signing secret, shown once. */
export const V1WebhookCreatedSchema = v.object({ ...V1WebhookSchema.entries, secret: v.string() });

/** A lead as an API webhook carries it (a reader's name and address left at a publication's lead form). */
export const V1LeadSchema = v.object({
  id: v.string(),
  publication_id: v.nullable(v.string()),
  publication_name: v.string(),
  name: v.string(),
  email: v.string(),
  created_at: epochMs(),
});

/**
 * The body of an API webhook delivery (POST, JSON, signed in API_WEBHOOK_SIGNATURE_HEADER). `id` is the
 * delivery's id: the same on each retry of one event, so a receiver can drop duplicates.
 */
export const V1WebhookPayloadSchema = v.variant('event', [
  v.object({
    id: v.string(),
    event: v.literal('publication.converted'),
    created_at: epochMs(),
    data: v.object({ publication: V1PublicationSchema }),
  }),
  v.object({
    id: v.string(),
    event: v.literal('publication.failed'),
    created_at: epochMs(),
    data: v.object({ publication: V1PublicationSchema }),
  }),
  v.object({ id: v.string(), event: v.literal('lead.received'), created_at: epochMs(), data: v.object({ lead: V1LeadSchema }) }),
]);
export type V1WebhookPayload = v.InferOutput<typeof V1WebhookPayloadSchema>;

export const V1DeletedSchema = v.object({ deleted: v.literal(true) });

// ── Operations ───────────────────────────────────────────────────────────────────────────────
export type V1Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface V1Operation {
  /** operationId in OpenAPI; also the route's name in logs and tests. */
  id: string;
  method: V1Method;
  /** Below `{api}/v1`, OpenAPI style (`/publications/{id}`). */
  path: string;
  right: ApiKeyRight;
  /** One line for the reference page (English: the reference is for developers, like the OpenAPI text). */
  summary: string;
  tag: 'Account' | 'Folders' | 'Publications' | 'Publishing' | 'Statistics' | 'Subscribers' | 'Webhooks';
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  /** JSON body. */
  body?: v.GenericSchema;
  /** Also (or only) multipart/form-data with a `file` part and these fields. */
  multipart?: v.GenericSchema;
  /** The `content` of a successful answer. */
  response: v.GenericSchema;
  /** HTTP status of success (default 200). */
  status?: 200 | 201 | 202;
  /** Counts against the publishing limit (API_RATE_PUBLISH) and honours Idempotency-Key. */
  publishes?: true;
}

export const API_V1_OPERATIONS: readonly V1Operation[] = [
  {
    id: 'getAccount',
    method: 'GET',
    path: '/account',
    right: 'read',
    tag: 'Account',
    summary: 'The account and the calling key',
    response: V1AccountSchema,
  },
  {
    id: 'listFolders',
    method: 'GET',
    path: '/folders',
    right: 'read',
    tag: 'Folders',
    summary: 'List folders',
    query: PagingQuerySchema,
    response: pageOf(V1FolderSchema),
  },
  {
    id: 'createFolder',
    method: 'POST',
    path: '/folders',
    right: 'edit',
    tag: 'Folders',
    summary: 'Create a folder',
    body: V1FolderCreateSchema,
    response: V1FolderSchema,
    status: 201,
  },
  {
    id: 'updateFolder',
    method: 'PATCH',
    path: '/folders/{id}',
    right: 'edit',
    tag: 'Folders',
    summary: 'Rename a folder',
    params: IdParamsSchema,
    body: V1FolderCreateSchema,
    response: V1FolderSchema,
  },
  {
    id: 'deleteFolder',
    method: 'DELETE',
    path: '/folders/{id}',
    right: 'delete',
    tag: 'Folders',
    summary: 'Delete a folder (its publications stay, outside any folder)',
    params: IdParamsSchema,
    response: V1DeletedSchema,
  },
  {
    id: 'listPublications',
    method: 'GET',
    path: '/publications',
    right: 'read',
    tag: 'Publications',
    summary: 'List publications with paging, sort and filters',
    query: V1PublicationListQuerySchema,
    response: pageOf(V1PublicationSchema),
  },
  {
    id: 'getPublication',
    method: 'GET',
    path: '/publications/{id}',
    right: 'read',
    tag: 'Publications',
    summary: 'Get a publication (also its conversion status)',
    params: IdParamsSchema,
    response: V1PublicationSchema,
  },
  {
    id: 'updatePublication',
    method: 'PATCH',
    path: '/publications/{id}',
    right: 'edit',
    tag: 'Publications',
    summary: 'Change a publication',
    params: IdParamsSchema,
    body: V1PublicationUpdateSchema,
    response: V1PublicationSchema,
  },
  {
    id: 'activatePublication',
    method: 'POST',
    path: '/publications/{id}/activate',
    right: 'edit',
    tag: 'Publications',
    summary: 'Activate a publication',
    params: IdParamsSchema,
    response: V1PublicationSchema,
  },
  {
    id: 'deactivatePublication',
    method: 'POST',
    path: '/publications/{id}/deactivate',
    right: 'edit',
    tag: 'Publications',
    summary: 'Deactivate a publication (readers see it no more)',
    params: IdParamsSchema,
    response: V1PublicationSchema,
  },
  {
    id: 'deletePublication',
    method: 'DELETE',
    path: '/publications/{id}',
    right: 'delete',
    tag: 'Publications',
    summary: 'Delete a publication',
    params: IdParamsSchema,
    response: V1DeletedSchema,
  },
  {
    id: 'renewPrivateLink',
    method: 'POST',
    path: '/publications/{id}/private-link',
    right: 'edit',
    tag: 'Publications',
    summary: 'Renew the private link (the old one stops working)',
    params: IdParamsSchema,
    response: V1PublicationSchema,
  },
  {
    id: 'getPublicationToc',
    method: 'GET',
    path: '/publications/{id}/toc',
    right: 'read',
    tag: 'Publications',
    summary: 'Table of contents (the document outline)',
    params: IdParamsSchema,
    response: v.object({ items: v.array(V1TocEntrySchema) }),
  },
  {
    id: 'listPublicationComments',
    method: 'GET',
    path: '/publications/{id}/comments',
    right: 'read',
    tag: 'Publications',
    summary: 'Comments on a publication',
    params: IdParamsSchema,
    query: PagingQuerySchema,
    response: pageOf(V1CommentSchema),
  },
  {
    id: 'getPublicationStatistics',
    method: 'GET',
    path: '/publications/{id}/statistics',
    right: 'statistics',
    tag: 'Statistics',
    summary: 'Daily statistics of a publication (default: the last 30 days)',
    params: IdParamsSchema,
    query: V1StatsQuerySchema,
    response: V1StatisticsSchema,
  },
  {
    id: 'getAccountStatistics',
    method: 'GET',
    path: '/statistics',
    right: 'statistics',
    tag: 'Statistics',
    summary: "Daily statistics of the account's publications",
    query: V1StatsQuerySchema,
    response: V1StatisticsSchema,
  },
  {
    id: 'createPublication',
    method: 'POST',
    path: '/publications',
    right: 'publish',
    tag: 'Publishing',
    summary: 'Publish a document (upload, or a URL the server fetches)',
    body: V1PublishFromUrlSchema,
    multipart: V1PublishFieldsSchema,
    response: V1PublicationSchema,
    status: 202,
    publishes: true,
  },
  {
    id: 'listSubscribers',
    method: 'GET',
    path: '/subscribers',
    right: 'subscribers',
    tag: 'Subscribers',
    summary: "Readers subscribed to the account's publications",
    query: PagingQuerySchema,
    response: pageOf(V1SubscriberSchema),
  },
  {
    id: 'listWebhooks',
    method: 'GET',
    path: '/webhooks',
    right: 'read',
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    response: v.object({ items: v.array(V1WebhookSchema) }),
  },
  {
    id: 'createWebhook',
    method: 'POST',
    path: '/webhooks',
    right: 'edit',
    tag: 'Webhooks',
    summary: 'Add a webhook endpoint (its signing secret is answered once)',
    body: V1WebhookCreateSchema,
    response: V1WebhookCreatedSchema,
    status: 201,
  },
  {
    id: 'deleteWebhook',
    method: 'DELETE',
    path: '/webhooks/{id}',
    right: 'edit',
    tag: 'Webhooks',
    summary: 'Remove a webhook endpoint',
    params: IdParamsSchema,
    response: V1DeletedSchema,
  },
];

/** The operation of an id (tests, the reference page). */
export const v1Operation = (id: string): V1Operation | undefined => API_V1_OPERATIONS.find((op) => op.id === id);
