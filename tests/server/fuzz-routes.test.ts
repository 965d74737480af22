import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AccountUpdateRequestSchema,
  ActivateRequestSchema,
  ConfirmLoginRequestSchema,
  EmailCaptchaRequestSchema,
  LoginRequestSchema,
  ProfileUpdateRequestSchema,
  RegisterRequestSchema,
  ResetRequestSchema,
  SubscriptionUpdateRequestSchema,
  TotpCodeRequestSchema,
  TourSeenRequestSchema,
} from '../../src/contracts/account-requests';
import { API_KEY_RIGHTS, ApiKeyCreateSchema, ApiKeyIdSchema } from '../../src/contracts/api-keys';
import {
  PagingQuerySchema,
  V1FolderCreateSchema,
  V1PublicationListQuerySchema,
  V1PublicationUpdateSchema,
  V1StatsQuerySchema,
  V1WebhookCreateSchema,
} from '../../src/contracts/api-v1';
import { OrderCreateSchema, OrderIdQuerySchema } from '../../src/contracts/billing';
import {
  BookDeleteRequestSchema,
  BookListQuerySchema,
  BookSettingsSchema,
  BookUpdateRequestSchema,
  PreflightQuerySchema,
  UploadFieldsSchema,
} from '../../src/contracts/books';
import {
  CommentIdSchema,
  CommentListQuerySchema,
  OwnerCommentQuerySchema,
  PostCommentSchema,
  SubscriberQuerySchema,
  SubscriptionRequestSchema,
} from '../../src/contracts/comments';
import { EnvelopeSchema } from '../../src/contracts/envelope';
import { FavoriteCreateSchema, FavoriteDeleteSchema, FavoriteListQuerySchema, FavoriteRequestSchema } from '../../src/contracts/favorites';
import { ImageUploadFieldsSchema, LibraryIdSchema, SkinCreateSchema, SkinUpdateSchema } from '../../src/contracts/library';
import {
  AssociationQuerySchema,
  AuditQuerySchema,
  CenterQuerySchema,
  ChildCreateSchema,
  ChildIdSchema,
  InvitationCreateSchema,
  InvitationTokenSchema,
} from '../../src/contracts/managers';
import { FolderCreateSchema, FolderDeleteSchema, FolderUpdateSchema } from '../../src/contracts/presets';
import { DeletionRequestSchema, ExportDownloadQuerySchema } from '../../src/contracts/privacy';
import { AvatarCropSchema, PublicProfileUpdateSchema } from '../../src/contracts/profile';
import { ReaderBookQuerySchema, ReaderSearchQuerySchema } from '../../src/contracts/reader';
import {
  EmailChangeRequestSchema,
  EmailConfirmRequestSchema,
  MfaEmailRequestSchema,
  PasswordChangeRequestSchema,
  SecondFactorSchema,
  SecurityIdSchema,
  SocialLinkRequestSchema,
} from '../../src/contracts/security';
import { BeaconQuerySchema, ShareCountsQuerySchema } from '../../src/contracts/share';
import { SOCIAL_PROVIDERS, SocialStartQuerySchema, SocialTokenRequestSchema } from '../../src/contracts/social';
import { StatsBatchSchema, StatsExportQuerySchema, StatsPagesQuerySchema, StatsQuerySchema } from '../../src/contracts/stats';
import {
  BookTriggerCreateSchema,
  BookTriggerListQuerySchema,
  BookTriggerUpdateSchema,
  IdRequestSchema,
  IntegrationCreateSchema,
  IntegrationUpdateSchema,
  LeadListQuerySchema,
  PublicLeadSchema,
  PublicTriggersQuerySchema,
} from '../../src/contracts/triggers';
import { WidgetOptionsSchema } from '../../src/contracts/widget';
import { secretHash } from '../../src/server/api-keys/crypto';
import { buildApp } from '../../src/server/app';
import type { PasswordHasher } from '../../src/server/auth/passwords';
import type { DialectName } from '../../src/server/db/index';
import { call, login, nextIp, signedIn, useAccountsApp } from './accounts-support';
import { createKey } from './api-v1-support';
import {
  type AppRoute,
  asText,
  type Encoding,
  encodingArbitrary,
  type FieldHints,
  fieldNames,
  fromSchema,
  inputArbitrary,
  junkValue,
  Known,
  listRoutes,
  numericFields,
  pairs,
  queryTailArbitrary,
  RawNumber,
  repair,
  resolveKnown,
  textFields,
  toJson,
} from './fuzz-support';
import { BOOKKEEPING_TABLES, testConfig } from './helpers';
import { makePng, uploadImage } from './library-support';
import { multipartBody } from './publish-support';
import { makeBook, makeReaderPublicDir } from './reader-support';

/**
 * Issue 12 items 5 and 6: no input answers a 5xx. Every route the app registers (read from the app
 * itself, so a new route is fuzzed without touching this file) gets inputs generated from its
 * contract and mutations of them, as an anonymous caller and as a signed-in owner with a real book.
 * Under /api every answer must be the `{status, content, id}` envelope, and a refused request must
 * leave every table (and the book files) as they were. Seeded (QUIRE_FUZZ_SEED to explore others).
 */

const SEED = Number(process.env.QUIRE_FUZZ_SEED ?? 1212);
/** Runs per route and method; PostgreSQL runs the routes that change data with a third of them. */
const RUNS = Number(process.env.QUIRE_FUZZ_RUNS ?? 24);
const SITE_RUNS = 6;
/** The numbers every number field of a contract is tried with (besides the random ones). */
const BOUNDARY = ['9007199254740993', '1e308', '1e400', '-1', '0.5', '4133980800', '2147483648'].map((text) => new RawNumber(text));
/** …and every text field with these: a NUL (no PostgreSQL text column takes it), a lone surrogate, bidi and emoji. */
const TEXT_BOUNDARY = ['a\u0000b', '\ud800x', '\u202e🙂'];
const FILE_NAME_EDGES = ['a\u0000.txt', '\u0007\u001b[31m.txt', '..\\..\\x.txt', `${'n'.repeat(400)}.txt`, '\ud800.txt'];
const CONTENT_TYPE_EDGES = ['multipart/form-data', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'application/json; charset=utf-16'];

/** The contract of each route's input (query for GET, body otherwise). Routes not listed get every contract's fields. */
const id64 = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });
const CONTRACTS: Record<string, v.GenericSchema> = {
  '/api/account': RegisterRequestSchema,
  // The public API v1 (issue 18): GET and POST /publications share a path; the list's query is fuzzed.
  '/api/v1/folders': V1FolderCreateSchema,
  '/api/v1/folders/:id': V1FolderCreateSchema,
  '/api/v1/publications': V1PublicationListQuerySchema,
  '/api/v1/publications/:id': V1PublicationUpdateSchema,
  '/api/v1/publications/:id/comments': PagingQuerySchema,
  '/api/v1/publications/:id/statistics': V1StatsQuerySchema,
  '/api/v1/statistics': V1StatsQuerySchema,
  '/api/v1/subscribers': PagingQuerySchema,
  '/api/v1/webhooks': V1WebhookCreateSchema,
  '/api/account/update': AccountUpdateRequestSchema,
  '/api/account/book': BookListQuerySchema,
  '/api/account/book/preflight': PreflightQuerySchema,
  '/api/account/book/get': id64,
  '/api/account/book/update': BookUpdateRequestSchema,
  '/api/account/book/delete': BookDeleteRequestSchema,
  '/api/account/book/shares': ShareCountsQuerySchema,
  '/api/account/book/trigger': BookTriggerListQuerySchema,
  '/api/account/book/trigger/create': BookTriggerCreateSchema,
  '/api/account/book/trigger/update': BookTriggerUpdateSchema,
  '/api/account/book/trigger/delete': IdRequestSchema,
  '/api/account/comment': OwnerCommentQuerySchema,
  '/api/account/comment/update': CommentIdSchema,
  '/api/account/comment/delete': CommentIdSchema,
  '/api/account/subscriber': SubscriberQuerySchema,
  '/api/account/subscription/create': FolderCreateSchema,
  '/api/account/subscription/update': FolderUpdateSchema,
  '/api/account/subscription/delete': FolderDeleteSchema,
  '/api/account/subscription/get': FolderDeleteSchema,
  '/api/account/integration/trigger/create': IntegrationCreateSchema,
  '/api/account/integration/trigger/update': IntegrationUpdateSchema,
  '/api/account/integration/trigger/delete': IdRequestSchema,
  '/api/account/integration/trigger/lead': LeadListQuerySchema,
  '/api/account/integration/trigger/lead/export': LeadListQuerySchema,
  '/api/account/privacy/export/download': ExportDownloadQuerySchema,
  '/api/account/privacy/deletion/create': DeletionRequestSchema,
  '/api/pinwheel/document/create': UploadFieldsSchema,
  // The account libraries (issue 16).
  '/api/account/theme/get': LibraryIdSchema,
  '/api/account/theme/create': SkinCreateSchema,
  '/api/account/theme/update': SkinUpdateSchema,
  '/api/account/theme/delete': LibraryIdSchema,
  '/api/account/background/get': LibraryIdSchema,
  '/api/account/background/create': ImageUploadFieldsSchema,
  '/api/account/background/delete': LibraryIdSchema,
  '/api/account/logo/get': LibraryIdSchema,
  '/api/account/logo/create': ImageUploadFieldsSchema,
  '/api/account/logo/delete': LibraryIdSchema,
  '/api/profile/session': v.union([LoginRequestSchema, ConfirmLoginRequestSchema]),
  '/api/profile/subscription/update': SubscriptionUpdateRequestSchema,
  '/api/profile/tour': TourSeenRequestSchema,
  '/api/profile/activate': ActivateRequestSchema,
  '/api/profile/reactivate': EmailCaptchaRequestSchema,
  '/api/profile/password': ResetRequestSchema,
  '/api/profile/password/request': EmailCaptchaRequestSchema,
  '/api/profile/update': ProfileUpdateRequestSchema,
  '/api/profile/totp/confirm': TotpCodeRequestSchema,
  '/api/profile/totp/delete': SecondFactorSchema,
  '/api/profile/totp/recovery': TotpCodeRequestSchema,
  '/api/profile/password/change': PasswordChangeRequestSchema,
  '/api/profile/email/change': EmailChangeRequestSchema,
  '/api/profile/email/confirm': EmailConfirmRequestSchema,
  '/api/profile/mfa/email': MfaEmailRequestSchema,
  '/api/profile/sessions/revoke': SecurityIdSchema,
  '/api/profile/devices/revoke': SecurityIdSchema,
  '/api/profile/social/link': SocialLinkRequestSchema,
  '/api/profile/social/unlink': SocialLinkRequestSchema,
  '/api/public/book/get': ReaderBookQuerySchema,
  '/api/public/book/text': v.object({ ...ReaderBookQuerySchema.entries, page: v.pipe(v.string(), v.regex(/^\d{1,6}$/)) }),
  '/api/public/book/search': ReaderSearchQuerySchema,
  '/api/public/book/download': v.object({
    ...ReaderBookQuerySchema.entries,
    disposition: v.optional(v.picklist(['attachment', 'inline'])),
  }),
  '/api/public/book/subscription/get': SubscriptionRequestSchema,
  '/api/public/book/subscription/create': SubscriptionRequestSchema,
  '/api/public/book/subscription/delete': SubscriptionRequestSchema,
  '/api/public/book/trigger': PublicTriggersQuerySchema,
  '/api/public/book/trigger/lead': PublicLeadSchema,
  '/api/public/book/comment': CommentListQuerySchema,
  '/api/public/book/comment/create': PostCommentSchema,
  '/api/public/book/favorite/get': FavoriteRequestSchema,
  '/api/public/book/favorite/create': FavoriteCreateSchema,
  '/api/account/favorite': FavoriteListQuerySchema,
  '/api/account/favorite/delete': FavoriteDeleteSchema,
  '/api/oauth2/:provider': SocialTokenRequestSchema,
  '/api/oauth2/:provider/start': SocialStartQuerySchema,
  '/b.gif': BeaconQuerySchema,
  '/e': StatsBatchSchema,
  '/library': WidgetOptionsSchema,
  '/api/account/profile/update': PublicProfileUpdateSchema,
  '/api/account/profile/avatar': AvatarCropSchema,
  // The statistics dashboard (issue 17).
  '/api/account/stats/summary': StatsQuerySchema,
  '/api/account/stats/books': StatsQuerySchema,
  '/api/account/stats/sources': StatsQuerySchema,
  '/api/account/stats/countries': StatsQuerySchema,
  '/api/account/stats/devices': StatsQuerySchema,
  '/api/account/stats/languages': StatsQuerySchema,
  '/api/account/stats/pages': StatsPagesQuerySchema,
  '/api/account/stats/export': StatsExportQuerySchema,
  // API keys (issue 18).
  '/api/account/apikey/create': ApiKeyCreateSchema,
  '/api/account/apikey/delete': ApiKeyIdSchema,
  // Orders and invoices (issue 21).
  '/api/account/order/create': OrderCreateSchema,
  '/api/account/order/get': OrderIdQuerySchema,
  '/api/account/order/cancel': OrderIdQuerySchema,
  '/api/account/invoice/download': OrderIdQuerySchema,
  // Managers and association accounts (issue 20).
  '/api/account/manager/association': AssociationQuerySchema,
  '/api/account/manager/audit': AuditQuerySchema,
  '/api/account/manager/center': CenterQuerySchema,
  '/api/account/audit': AuditQuerySchema,
  '/api/account/manager/child/create': ChildCreateSchema,
  '/api/account/manager/child/detach': ChildIdSchema,
  '/api/account/manager/invitation/create': InvitationCreateSchema,
  '/api/account/manager/invitation/get': InvitationTokenSchema,
  '/api/account/manager/invitation/accept': InvitationTokenSchema,
};
const ALL_CONTRACTS = Object.values(CONTRACTS);
const ALL_FIELDS = fieldNames(ALL_CONTRACTS);
const ALL_NUMERIC = {
  all: [...new Set(ALL_CONTRACTS.flatMap((c) => numericFields(c).all))],
  loose: [...new Set(ALL_CONTRACTS.flatMap((c) => numericFields(c).loose))],
};

/** Routes whose body is multipart/form-data with a file (the document upload, the library images, the avatar). */
const MULTIPART_ROUTES = new Set([
  '/api/pinwheel/document/create',
  '/api/account/background/create',
  '/api/account/logo/create',
  '/api/account/profile/avatar',
]);

/** Successful answers that are not JSON by design (a file, a CSV, a redirect); their refusals are envelopes. */
const NOT_JSON_WHEN_OK = new Set([
  '/api/public/book/download',
  '/api/account/integration/trigger/lead/export',
  '/api/account/privacy/export/download',
  '/api/account/stats/export',
  '/api/account/invoice/download',
  '/api/oauth2/:provider/start',
  '/api/oauth2/:provider/callback',
]);

/**
 * Public descriptions of the API v1 (issue 18, src/server/api-docs) that are no envelope when they answer:
 * the OpenAPI document (raw JSON for API tools), the reference page and its scripts and stylesheet.
 */
const NOT_ENVELOPE_WHEN_OK = (url: string): boolean =>
  url === '/api/v1/openapi.json' || url === '/api/v1/docs' || url.startsWith('/api/v1/docs/');

/** Tables whose rows may change on a refusal by design: sign-in attempt counters. */
const CHANGE_ON_REFUSAL = new Set([
  'auth_attempts',
  // An API key's usage bookkeeping (request counters written back now and then, last use).
  'api_key_hits',
  'api_keys',
  ...BOOKKEEPING_TABLES,
]);

/** argon2 costs ~50 ms a call; sign-in runs here are about inputs, so a cheap real KDF (scrypt, N=1024). */
const scryptAsync = promisify(scrypt) as (password: string, salt: string, length: number, options: { N: number }) => Promise<Buffer>;
const quickHasher: PasswordHasher = {
  hash: async (password) => {
    const salt = randomBytes(8).toString('hex');
    return `scrypt$${salt}$${(await scryptAsync(password, salt, 32, { N: 1024 })).toString('hex')}`;
  },
  verify: async (digest, password) => {
    const [kind, salt = '', hex = ''] = digest.split('$');
    if (kind !== 'scrypt') return false;
    const expected = Buffer.from(hex, 'hex');
    const actual = await scryptAsync(password, salt, 32, { N: 1024 });
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

// The app's routes, listed once at collection time from an app of their own (tests are per route family).
const ROUTES: AppRoute[] = await (async () => {
  const config = await testConfig('sqlite');
  const app = await buildApp(config);
  try {
    await app.ready();
    return listRoutes(app);
  } finally {
    await app.close();
    await rm(config.dataDir, { recursive: true, force: true });
  }
})();
/** Input goes in the body except for GET (and DELETE without a body contract). */
const hasBody = (route: AppRoute) =>
  route.method !== 'GET' && (route.method !== 'DELETE' || CONTRACTS[route.url] === BookDeleteRequestSchema);
const isApi = (route: AppRoute) => route.url.startsWith('/api/') || route.url === '/api';
const familyOf = (route: AppRoute) => (isApi(route) ? route.url.split('/').slice(2, 4).join('/') : 'site pages');
const FAMILIES = [...new Set(ROUTES.map(familyOf))];

/** Bytes of a path segment, percent-encoded (lone surrogates become U+FFFD like a browser would send). */
const segment = (value: unknown) =>
  [...Buffer.from(asText(value), 'utf8')]
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`))
    .join('');

interface FuzzRequest {
  who: 'anonymous' | 'owner';
  params: Record<string, unknown>;
  input: unknown;
  encoding: Encoding;
  tail: string;
}

describe.each<DialectName>(['sqlite', 'postgres'])('fuzzed routes on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, {
    // No background work (conversions, exports) that would change the tables between two looks.
    env: { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_ACCOUNT_JOBS: '0', QUIRE_PUBLIC_DIR: makeReaderPublicDir() },
    deps: { passwords: quickHasher },
  });
  const fixture = {
    token: '',
    email: '',
    accountId: '',
    bookId: '',
    folderId: '',
    integrationId: '',
    triggerId: '',
    commentId: '',
    skinId: '',
    backgroundId: '',
    logoId: '',
    apiKeyId: '',
    /** The secret of the owner's API key (v1 routes). */
    apiSecret: '',
  };
  let tables: string[] = [];

  const known = (name: string): unknown => (fixture as Record<string, string>)[name] ?? name;
  const ids = [
    'bookId',
    'folderId',
    'integrationId',
    'triggerId',
    'commentId',
    'accountId',
    'skinId',
    'backgroundId',
    'logoId',
    'apiKeyId',
  ].map((n) => new Known(n));
  /** Which fixture id an `id` field names on a route (a book unless the route is about something else). */
  const idOf = (url: string): string => {
    if (url.startsWith('/api/v1/folders')) return 'folderId';
    if (url.startsWith('/api/account/subscription')) return 'folderId';
    if (url.startsWith('/api/account/comment')) return 'commentId';
    if (url.startsWith('/api/account/integration')) return 'integrationId';
    if (url.startsWith('/api/account/book/trigger/')) return 'triggerId';
    if (url.startsWith('/api/account/theme')) return 'skinId';
    if (url.startsWith('/api/account/background')) return 'backgroundId';
    if (url.startsWith('/api/account/logo')) return 'logoId';
    if (url.startsWith('/api/account/apikey')) return 'apiKeyId';
    return 'bookId';
  };
  /** The fixture's ids (mostly the one the field names on this route) and the owner's address. */
  const hintsFor =
    (route: AppRoute): FieldHints =>
    (field) => {
      const byField: Record<string, string> = {
        id: idOf(route.url),
        ids: 'bookId',
        book: 'bookId',
        bid: 'bookId',
        bookId: 'bookId',
        config: 'integrationId',
        trigger: 'triggerId',
        'subscription.id': 'folderId',
        aid: 'accountId',
        accountId: 'accountId',
        email: 'email',
        login: 'email',
      };
      const name = byField[field];
      if (!name) return undefined;
      return fc.oneof({ arbitrary: fc.constant(new Known(name)), weight: 4 }, { arbitrary: fc.constantFrom(...ids), weight: 1 });
    };

  const ok = (res: LightMyRequestResponse) => res.json().status === 'ok';
  async function ensureFixture(): Promise<void> {
    const db = ctx.app.db;
    const exists = async (
      table: 'books' | 'folders' | 'integration_triggers' | 'book_triggers' | 'book_comments' | 'library_items' | 'api_keys',
      id: string,
    ) => id !== '' && (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    const session = await call(ctx.app, '/profile/session', undefined, { token: fixture.token });
    if (session.statusCode !== 200) {
      // Signed out by a fuzzed call: sign in again (the fuzzed wrong passwords may have locked the address).
      await db.deleteFrom('auth_attempts').execute();
      fixture.token = (await login(ctx, fixture.email)).content.session.access_token;
    }
    const auth = { token: fixture.token };
    const key =
      fixture.apiSecret &&
      (await db.selectFrom('api_keys').select('id').where('secret_hash', '=', secretHash(fixture.apiSecret)).executeTakeFirst());
    if (!key) {
      // Every right but publishing: a fuzzed URL would make the server fetch from the internet (publishing has its own tests).
      fixture.apiSecret = (await createKey(ctx.app, fixture.accountId, { rights: API_KEY_RIGHTS.filter((r) => r !== 'publish') })).secret;
    }
    if (!(await exists('books', fixture.bookId))) fixture.bookId = await makeBook(ctx.app, fixture.accountId, { pages: 3 });
    // Comments and follows on (the fuzz may have turned them off).
    await db.updateTable('books').set({ is_published: 1, publish_at: null }).where('id', '=', fixture.bookId).execute();
    if (!(await exists('folders', fixture.folderId))) {
      const res = await call(ctx.app, '/account/subscription/create', { name: `Folder ${randomBytes(4).toString('hex')}` }, auth);
      if (ok(res)) fixture.folderId = res.json().content.id;
    }
    if (!(await exists('integration_triggers', fixture.integrationId))) {
      const res = await call(ctx.app, '/account/integration/trigger/create', { kind: 'leadform', name: 'Fuzz form' }, auth);
      if (ok(res)) fixture.integrationId = res.json().content.id;
    }
    if (!(await exists('book_triggers', fixture.triggerId))) {
      const body = { book: fixture.bookId, type: 1, config: fixture.integrationId };
      const res = await call(ctx.app, '/account/book/trigger/create', body, auth);
      if (ok(res)) fixture.triggerId = res.json().content.id;
    }
    if (!(await exists('library_items', fixture.skinId))) {
      const skin = { name: 'Fuzz skin', toolbar: '#101010', text: '#fafafa', accent: '#ff8800', background: '#202020', style: 'solid' };
      const res = await call(ctx.app, '/account/theme/create', skin, auth);
      if (ok(res)) fixture.skinId = res.json().content.id;
    }
    for (const [kind, size] of [
      ['background', [1000, 800]],
      ['logo', [120, 60]],
    ] as const) {
      const key = kind === 'background' ? 'backgroundId' : 'logoId';
      if (await exists('library_items', fixture[key])) continue;
      const res = await uploadImage(ctx.app, fixture.token, kind, { name: `${kind}.png`, data: makePng(size[0], size[1]) });
      if (ok(res)) fixture[key] = res.json().content.id;
    }
    if (!(await exists('api_keys', fixture.apiKeyId))) {
      const res = await call(ctx.app, '/account/apikey/create', { name: 'Fuzz key', rights: ['read'] }, auth);
      if (ok(res)) fixture.apiKeyId = res.json().content.key.id;
    }
    if (!(await exists('book_comments', fixture.commentId))) {
      const res = await call(ctx.app, '/public/book/comment/create', { id: fixture.bookId, text: 'A fuzzed book' }, auth);
      if (ok(res)) fixture.commentId = res.json().content.comment?.id ?? res.json().content.id ?? '';
    }
  }

  /** What an accepted request stored must still read back within the contract (a date stored out of range shows as none). */
  async function checkBookView(label: string): Promise<void> {
    const res = await call(ctx.app, `/account/book/get?id=${fixture.bookId}`, undefined, { token: fixture.token });
    expect(res.statusCode, `the book's view after ${label}: ${res.body.slice(0, 300)}`).toBe(200);
    const book = res.json().content as Record<string, unknown>;
    const settings = Object.fromEntries(
      Object.keys(BookSettingsSchema.entries)
        .filter((k) => k !== 'is_published')
        .map((k) => [k, book[k]]),
    );
    const parsed = v.safeParse(BookSettingsSchema, settings);
    expect(parsed.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? [], `the book's view after ${label}`).toEqual([]);
    expect(book.is_scheduled, `is_scheduled and publish_date after ${label}`).toBe(book.publish_date !== null);
  }

  /** Every table's rows (sorted) and the book and upload folders: what a refusal must leave alone. */
  async function snapshot(): Promise<Record<string, string[]>> {
    // The usage beacon writes its counts in batches (a timer): flush them first, so a batch of
    // earlier accepted hits never lands between the two sides of a comparison.
    await ctx.app.shareBeacon.flush();
    await ctx.app.statsIngest.flush();
    const out: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = await ctx.app.db
        .selectFrom(table as 'books')
        .selectAll()
        .execute();
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    const files = path.join(ctx.config.dataDir, 'files');
    out['files/books'] = (await readdir(path.join(files, 'books')).catch(() => [])).sort();
    out['files/uploads'] = (await readdir(path.join(files, 'uploads')).catch(() => [])).sort();
    out['files/library'] = (await readdir(path.join(files, 'library'), { recursive: true }).catch(() => [])).sort();
    out['files/avatars'] = (await readdir(path.join(files, 'avatars'), { recursive: true }).catch(() => [])).sort();
    return out;
  }

  const describeChange = (before: Record<string, string[]>, after: Record<string, string[]>): string =>
    Object.keys({ ...before, ...after })
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => {
        const gone = (before[k] ?? []).filter((r) => !(after[k] ?? []).includes(r));
        const added = (after[k] ?? []).filter((r) => !(before[k] ?? []).includes(r));
        return `${k}: -${JSON.stringify(gone).slice(0, 400)} +${JSON.stringify(added).slice(0, 400)}`;
      })
      .join('\n');

  let baseline: Record<string, string[]> = {};

  beforeAll(async () => {
    const owner = await signedIn(ctx, 'fuzz-owner');
    fixture.token = owner.token;
    fixture.email = owner.email;
    fixture.accountId = owner.content.account.id;
    // Platinum: every gated account page is open to it (SPEC §6), so every route's own checks are fuzzed.
    await ctx.app.db.updateTable('accounts').set({ mode: 'PLATINUM' }).where('id', '=', fixture.accountId).execute();
    await ensureFixture();
    tables = (await ctx.app.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_') && !CHANGE_ON_REFUSAL.has(name))
      .sort();
    baseline = await snapshot();
  });

  function requestArbitrary(route: AppRoute): fc.Arbitrary<FuzzRequest> {
    const contract = CONTRACTS[route.url];
    const hints = hintsFor(route);
    const resolve = (value: unknown) => resolveKnown(value, known);
    const validFor = (schema: v.GenericSchema) => fromSchema(schema, hints).map((input) => repair(schema, input, resolve));
    const valid = contract ? validFor(contract) : fc.oneof(...ALL_CONTRACTS.map(validFor));
    const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    const param = (name: string) =>
      fc.oneof(
        {
          arbitrary: name === 'provider' ? fc.constantFrom(...SOCIAL_PROVIDERS) : (hintsFor(route)(name) ?? fc.constantFrom(...ids)),
          weight: 3,
        },
        { arbitrary: fc.constantFrom('1240', '240', '1.jpg', 'small.webp', 'classic', 'x'), weight: 1 },
        { arbitrary: junkValue, weight: 2 },
      );
    return fc.record({
      who: fc.oneof({ arbitrary: fc.constant('owner' as const), weight: 2 }, { arbitrary: fc.constant('anonymous' as const), weight: 1 }),
      params: fc.record(Object.fromEntries(paramNames.map((n) => [n, param(n)]))),
      input: inputArbitrary(valid, {
        own: contract ? fieldNames([contract]) : [],
        numeric: contract ? numericFields(contract) : ALL_NUMERIC,
        extra: ALL_FIELDS,
      }),
      encoding: hasBody(route) ? encodingArbitrary(MULTIPART_ROUTES.has(route.url)) : fc.constant({ kind: 'none' as const }),
      tail: queryTailArbitrary,
    });
  }

  /**
   * Boundary values, systematically: a valid input of the route with each number field in turn set
   * to each of BOUNDARY, sent by the owner (run before the random inputs).
   */
  function boundaryExamples(route: AppRoute, arbitrary: fc.Arbitrary<FuzzRequest>): FuzzRequest[] {
    const contract = CONTRACTS[route.url];
    if (!contract) return [];
    const numeric = numericFields(contract).all;
    const text = textFields(contract);
    if (numeric.length + text.length === 0 && !hasBody(route)) return [];
    const resolve = (value: unknown) => JSON.parse(toJson(resolveKnown(value, known)));
    const samples = fc.sample(arbitrary, { seed: SEED, numRuns: 60 });
    const parsable = samples.filter((r) => r.input && typeof r.input === 'object' && v.safeParse(contract, resolve(r.input)).success);
    // The base names the fixture (its ids) and little else.
    const hinted = (r: FuzzRequest) => Object.keys(r.input as object).filter((k) => hintsFor(route)(k) !== undefined).length;
    const size = (r: FuzzRequest) => Object.keys(r.input as object).length;
    const base = parsable.sort((a, b) => hinted(b) - hinted(a) || size(a) - size(b))[0];
    if (!base) return [];
    const encoding: Encoding = MULTIPART_ROUTES.has(route.url)
      ? { kind: 'multipart', file: { name: 'edge.txt', text: 'edge' } }
      : hasBody(route)
        ? { kind: 'json' }
        : { kind: 'none' };
    const edges: [string, unknown][] = [
      ...numeric.flatMap((field) => BOUNDARY.map((edge): [string, unknown] => [field, edge])),
      ...text.flatMap((field) => TEXT_BOUNDARY.map((edge): [string, unknown] => [field, edge])),
    ];
    const withEdge = edges.map(
      ([field, edge]): FuzzRequest => ({ ...base, who: 'owner', tail: '', encoding, input: { ...(base.input as object), [field]: edge } }),
    );
    // Body types every parser must refuse cleanly (multipart without a usable boundary, an odd charset).
    const withType = hasBody(route)
      ? CONTENT_TYPE_EDGES.map(
          (contentType): FuzzRequest => ({ ...base, who: 'owner', tail: '', encoding: { kind: 'raw', contentType, body: 'x' } }),
        )
      : [];
    // File names a client may send (the upload stores the name).
    const withName =
      encoding.kind === 'multipart'
        ? FILE_NAME_EDGES.map(
            (name): FuzzRequest => ({ ...base, who: 'owner', tail: '', encoding: { kind: 'multipart', file: { name, text: 'x' } } }),
          )
        : [];
    return [...withEdge, ...withType, ...withName];
  }

  async function send(route: AppRoute, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const input = resolveKnown(request.input, known);
    const params = resolveKnown(request.params, known) as Record<string, unknown>;
    const pathname = route.url.replace(/:(\w+)/g, (_, name: string) => segment(params[name]));
    const headers: Record<string, string> = {};
    if (request.who === 'owner') headers.authorization = `Bearer ${route.url.startsWith('/api/v1/') ? fixture.apiSecret : fixture.token}`;
    const enc = request.encoding;
    const inQuery = enc.kind === 'none';
    const query = new URLSearchParams(inQuery ? pairs(input, false) : []).toString();
    const version = isApi(route) ? 'v=2' : '';
    const url = `${pathname}?${[version, query].filter(Boolean).join('&')}${request.tail}`;
    let payload: string | Buffer | undefined;
    if (enc.kind === 'json') {
      headers['content-type'] = 'application/json';
      payload = toJson(input);
    } else if (enc.kind === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(pairs(input, enc.brackets)).toString();
    } else if (enc.kind === 'multipart') {
      const fields = Object.fromEntries(pairs(input, false));
      const body = multipartBody(fields, enc.file ? { name: enc.file.name, data: Buffer.from(enc.file.text) } : undefined);
      headers['content-type'] = body.contentType;
      payload = body.payload;
    } else if (enc.kind === 'raw') {
      headers['content-type'] = enc.contentType;
      payload = enc.body;
    }
    return ctx.app.inject({ method: route.method as 'GET', url, headers, payload, remoteAddress: nextIp() });
  }

  async function check(route: AppRoute, request: FuzzRequest): Promise<void> {
    const res = await send(route, request);
    const label = `${route.method} ${route.url} as ${request.who} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, label).toBeLessThan(500);
    if (!isApi(route)) return;
    const json = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
    if (res.statusCode >= 400 || ((json || !NOT_JSON_WHEN_OK.has(route.url)) && !NOT_ENVELOPE_WHEN_OK(route.url))) {
      expect(json, label).toBe(true);
      const envelope = v.safeParse(EnvelopeSchema, res.json());
      expect(envelope.success, label).toBe(true);
      expect(res.json().id, label).toBe(res.headers['x-request-id']);
    }
    const refused = res.statusCode >= 400 || (json && res.json().status === 'error');
    const after = await snapshot();
    if (refused) {
      expect(describeChange(baseline, after), `a refusal changed data: ${label}`).toBe('');
    } else {
      await ensureFixture();
      await checkBookView(label);
      baseline = await snapshot();
    }
  }

  const routesOf = (family: string) =>
    ROUTES.filter((route) => familyOf(route) === family).filter(
      (route) => dialect === 'sqlite' || (isApi(route) && route.method !== 'GET'),
    );

  it('fuzzes every route the app has', () => {
    // The list comes from the app: the API areas and the upload are in it, and every contract names a real route.
    expect(ROUTES.filter(isApi).length).toBeGreaterThan(50);
    const urls = new Set(ROUTES.map((r) => r.url));
    expect(Object.keys(CONTRACTS).filter((url) => !urls.has(url))).toEqual([]);
  });

  for (const family of FAMILIES) {
    it.skipIf(routesOf(family).length === 0)(
      `never a 5xx, always the envelope, nothing changed on refusal: ${family}`,
      async () => {
        await ensureFixture();
        baseline = await snapshot();
        for (const [index, route] of routesOf(family).entries()) {
          const runs = isApi(route) ? (dialect === 'sqlite' ? RUNS : Math.ceil(RUNS / 3)) : SITE_RUNS;
          const arbitrary = requestArbitrary(route);
          for (const example of boundaryExamples(route, arbitrary)) {
            await check(route, example).catch((error: unknown) => {
              throw new Error(`boundary example ${fc.stringify(example)}: ${error instanceof Error ? error.message : error}`);
            });
          }
          await fc.assert(
            fc.asyncProperty(arbitrary, (request) => check(route, request)),
            { numRuns: runs, seed: SEED + index * 7919 + family.length, endOnFailure: true },
          );
        }
      },
      180_000,
    );
  }
});
