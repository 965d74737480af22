import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyPluginAsync, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_RIGHTS, type ApiKeyRight } from '../../src/contracts/api-keys';
import { ERRORS, type ErrorName } from '../../src/contracts/errors';
import { access, menuItem, viewerOf } from '../../src/contracts/gating';
import { READER_PRELOAD_ID } from '../../src/contracts/reader';
import { WIDGET_DEFAULTS, widgetQuery } from '../../src/contracts/widget';
import { insertAccount, updateAccount } from '../../src/server/accounts/repo';
import { trustedDeviceId } from '../../src/server/accounts/tokens';
import { newKeyPair, sealSigningKey, secretHash, signingKeyOf } from '../../src/server/api-keys/crypto';
import { buildApp } from '../../src/server/app';
import { newId, sha256 } from '../../src/server/auth/crypto';
import {
  type AuthRule,
  gated,
  type IdField,
  type IdRule,
  NOT_FOUND,
  owner,
  PUBLIC,
  type Resource,
  type RuledRoute,
  SIGNED_IN,
} from '../../src/server/auth/rules';
import { insertComment } from '../../src/server/comments/repo';
import { insertFolder } from '../../src/server/folders/repo';
import { insertItem } from '../../src/server/library/repo';
import { linkChild } from '../../src/server/managers/repo';
import { flushCounters } from '../../src/server/routes/v1/auth';
import { libraryPaths } from '../../src/server/storage/paths';
import type { WebhookDeliverer } from '../../src/server/triggers/deliveries';
import { nextIp, signedIn, useAccountsApp } from './accounts-support';
import { createKey } from './api-v1-support';
import { makePdf } from './fixtures/pdf';
import { BOOKKEEPING_TABLES, DIALECTS, testConfig } from './helpers';
import { multipartBody } from './publish-support';
import { linkToken, makeBook, makeReaderPublicDir, pagesTokenOf } from './reader-support';

/**
 * The authorization matrix (issue 12), generated from the app's own route table (`app.routeRules`,
 * collected by an onRoute hook; every route must declare a rule, see src/server/auth/rules.ts):
 *   - signed-in and owner routes refuse anonymous callers (sessionMissing);
 *   - every id an owner route takes, sent by another account (free or platinum) or anonymously,
 *     gets exactly the answer of an unknown id and changes nothing; its owner gets the real answer;
 *   - every publication route passes the reader's gates only as they say (private: its token or
 *     the owner; scheduled, deactivated, blocked: the owner only);
 *   - public pages and listings show only publicly listed books, to everyone, the owner included.
 * A new route is covered without editing this file; one whose request needs more than its ids to be
 * valid gets its other fields in SAMPLES below (the owner's call must succeed, or the test says so).
 */

type Fields = Record<string, unknown>;
interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Fields;
  /** Sent as multipart/form-data with this file (the upload). */
  file?: { name: string; data: Buffer };
}

/** The fields other than ids a valid request needs, by route url (any method). */
const SAMPLES: Record<string, Sample | (() => Sample)> = {
  '/api/account/book/update': { body: { name: 'Renamed by the matrix' } },
  // Folder names are unique in an account.
  '/api/account/subscription/update': () => ({ body: { name: `Folder ${newId()}` } }),
  '/api/account/integration/trigger/update': { body: { name: 'Renamed integration' } },
  '/api/account/book/trigger/create': { body: { type: 2 } },
  '/api/pinwheel/document/create': { file: { name: 'matrix.pdf', data: makePdf({ pages: 1, lines: 1 }) } },
  '/api/public/book/text': { query: { page: '1' } },
  '/api/public/book/search': { query: { q: 'Page' } },
  '/api/public/book/comment/create': { body: { text: 'A comment from the matrix' } },
  '/api/public/book/trigger/lead': { body: { name: 'Lea Reader', email: 'lea@example.com' } },
  '/pages/:bookId/:width/:file': { params: { width: '1240', file: '1.jpg' } },
  '/thumbs/:bookId/:file': { params: { file: 'small.webp' } },
  '/oembed': { query: { format: 'json' } },
  // The account libraries (issue 16): a skin's whole design; a library file by its name.
  '/api/account/theme/update': {
    body: { name: 'Matrix skin', toolbar: '#112233', text: '#ffffff', accent: '#ff8800', background: '#000000', style: 'solid' },
  },
  '/brand/:id/:file': { params: { file: 'image.webp' } },
  // The statistics dashboard (issue 17): a range of days; the export names its table.
  '/api/account/stats/summary': { query: { from: '2026-01-01', to: '2026-01-31' } },
  '/api/account/stats/books': { query: { from: '2026-01-01', to: '2026-01-31' } },
  '/api/account/stats/sources': { query: { from: '2026-01-01', to: '2026-01-31' } },
  '/api/account/stats/countries': { query: { from: '2026-01-01', to: '2026-01-31' } },
  '/api/account/stats/devices': { query: { from: '2026-01-01', to: '2026-01-31' } },
  '/api/account/stats/languages': { query: { from: '2026-01-01', to: '2026-01-31' } },
  '/api/account/stats/pages': { query: { from: '2026-01-01', to: '2026-01-31' } },
  '/api/account/stats/export': { query: { table: 'pages', from: '2026-01-01', to: '2026-01-31' } },
  // The public API v1 (issue 18): the fields of a valid call besides its ids.
  '/api/v1/publications/:id': { body: { name: 'Renamed by the API matrix' } },
  '/api/v1/folders': () => ({ body: { name: `API folder ${newId()}` } }),
  '/api/v1/folders/:id': () => ({ body: { name: `API folder ${newId()}` } }),
  '/api/v1/webhooks': { body: { url: 'https://hooks.example.com/api-matrix', events: ['lead.received'] } },
  '/api/v1/publications': { body: { url: 'https://example.com/matrix.pdf' } },
  // Managers (issue 20).
  '/api/account/manager/child/create': () => ({ body: { name: 'Matrix child', email: `child-${newId()}@example.com` } }),
  '/api/account/manager/invitation/create': { body: { email: 'invited@example.com' } },
  '/library/': {
    query: Object.fromEntries(new URLSearchParams(widgetQuery({ ...WIDGET_DEFAULTS, type: 'account', id: 'x' })).entries()),
  },
};

/** One account's things, one of each resource. */
type Fixture = Record<Resource, string> & { lead: string };

interface Caller {
  name: string;
  /** The secret of an API key of the account with every right (v1 routes). */
  apiSecret?: string;
  mode?: 'FREE' | 'PREMIUM' | 'PLATINUM';
  token?: string;
  accountId?: string;
  profileId?: string;
}

const GATES: ErrorName[] = ['sessionMissing', 'bookNotFound', 'bookPrivate', 'bookBlocked', 'bookDeactivated', 'bookConverting'];
const STATES = ['public', 'private', 'privateNoLink', 'scheduled', 'deactivated', 'blocked'] as const;
type State = (typeof STATES)[number];
type TokenKind = 'none' | 'link' | 'pages';

const idRuleOf = (spec: Resource | IdRule): IdRule => (typeof spec === 'string' ? { resource: spec } : spec);
const errorName = (code: number, type: string) =>
  (Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name].code === code && ERRORS[name].type === type);

/** The envelope of an API answer, or undefined for files and pages. */
function envelopeOf(res: LightMyRequestResponse): { status: string; content: { code?: number; type?: string } } | undefined {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return undefined;
  const body = res.json();
  return body && typeof body === 'object' && 'status' in body ? body : undefined;
}

/** What a caller got: `ok`, an error's name, a reader page's gate, or a file route's `found`/`missing`. */
function outcomeOf(res: LightMyRequestResponse): string {
  const envelope = envelopeOf(res);
  if (envelope) {
    if (envelope.status === 'ok') return 'ok';
    return errorName(envelope.content.code ?? 0, envelope.content.type ?? '') ?? `error ${JSON.stringify(envelope.content)}`;
  }
  const preload = new RegExp(`<script type="application/json" id="${READER_PRELOAD_ID}">(.*?)</script>`, 's').exec(res.body)?.[1];
  if (preload) {
    const parsed = JSON.parse(preload) as { error?: { code: number; type: string } };
    return parsed.error ? (errorName(parsed.error.code, parsed.error.type) ?? 'error') : 'ok';
  }
  return res.statusCode < 400 ? 'found' : 'missing';
}

/** An answer with what differs between two requests of the same kind taken out (request id, ats, the ids sent). */
function normalized(res: LightMyRequestResponse, ids: string[]): string {
  let text = res.body;
  const envelope = envelopeOf(res);
  if (envelope) {
    const { id: _id, ats: _ats, ...rest } = res.json();
    text = JSON.stringify(rest);
  }
  for (const id of ids) text = text.split(id).join('<id>');
  return `${res.statusCode} ${text}`;
}

describe.each(DIALECTS)('authorization matrix on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));

  const anonymous: Caller = { name: 'anonymous' };
  const owners: Caller = { name: 'owner' };
  /** The owner of the publications the reader and listing matrices read (only those, so its pages stay short). */
  const publisher: Caller = { name: 'publisher' };
  const free: Caller = { name: 'another free account' };
  const platinum: Caller = { name: 'another platinum account' };
  const fixtures = new Map<Caller, Fixture>();
  const books = {} as Record<State, { book: string; trigger: string; background: string }>;
  let routes: RuledRoute[] = [];
  let tables: string[] = [];

  const signIn = async (caller: Caller, mode: 'FREE' | 'PREMIUM' | 'PLATINUM') => {
    const { token, content } = await signedIn(ctx, caller.name.replace(/\W+/g, '-'));
    caller.token = token;
    caller.mode = mode;
    caller.accountId = content.account.id as string;
    const profile = await ctx.app.db
      .selectFrom('profiles')
      .select('id')
      .where('account_id', '=', caller.accountId)
      .executeTakeFirstOrThrow();
    caller.profileId = profile.id;
    // As `quire account set --mode` does.
    if (mode !== 'FREE') await updateAccount(ctx.app.db, caller.accountId, { mode, type: mode }, Date.now());
    // The owner is a manager too (issue 20), so its child accounts' calls reach the route's own checks.
    if (caller === owners)
      await ctx.app.db.updateTable('accounts').set({ management_type: 'manager' }).where('id', '=', caller.accountId).execute();
    caller.apiSecret = (await createKey(ctx.app, caller.accountId)).secret;
  };

  /** A book (with its files) and one of each thing that hangs from it or from the account. */
  async function makeFixture(caller: Caller, bookSpec: Parameters<typeof makeBook>[2] = {}): Promise<Fixture> {
    const app = ctx.app;
    const accountId = caller.accountId as string;
    const now = Date.now();
    // The account's library: a skin, a background and a logo (with files), which the book uses.
    const library = { skin: newId(), background: newId(), logo: newId() };
    for (const kind of ['skin', 'background', 'logo'] as const) {
      const id = library[kind];
      const image = kind !== 'skin';
      await insertItem(app.db, {
        id,
        account_id: accountId,
        kind,
        name: `Matrix ${kind}`,
        design: image
          ? null
          : JSON.stringify({ toolbar: '#112233', text: '#ffffff', accent: '#ff8800', background: '#000000', style: 'solid' }),
        width: image ? 1000 : null,
        height: image ? 800 : null,
        bytes: image ? 4 : null,
        created_at: now,
      });
      if (image) {
        const paths = libraryPaths(app.config.dataDir, accountId, id);
        await mkdir(paths.dir, { recursive: true });
        await writeFile(paths.image, 'webp');
        await writeFile(paths.preview, 'webp');
      }
    }
    const book = await makeBook(app, accountId, {
      pages: 1,
      ...bookSpec,
      settings: {
        comment_mode: 4,
        subscribe_mode: 1,
        download_mode: 1,
        print_mode: 1,
        'skin.url': `resource:${library.skin}`,
        'bg.url': `resource:${library.background}`,
        'logo.url': `resource:${library.logo}`,
        ...bookSpec.settings,
      },
    });
    const folder = newId();
    await insertFolder(app.db, { id: folder, account_id: accountId, name: `Folder ${folder}`, created_at: now });
    const integration = newId();
    await app.db
      .insertInto('integration_triggers')
      .values({
        id: integration,
        account_id: accountId,
        kind: 'leadform',
        name: 'Matrix form',
        url: null,
        secret: null,
        created_at: now,
        modified_at: now,
      })
      .execute();
    const trigger = newId();
    await app.db
      .insertInto('book_triggers')
      .values({ id: trigger, book_id: book, integration_id: integration, type: 1, repeating_mode: 3, created_at: now, modified_at: now })
      .execute();
    const comment = await insertComment(
      app.db,
      { bookId: book, profileId: caller.profileId as string, authorName: 'Matrix', text: 'held comment', status: 'held' },
      now,
    );
    const lead = newId();
    await app.db
      .insertInto('leads')
      .values({
        id: lead,
        account_id: accountId,
        book_id: book,
        book_name: 'A Test Book',
        trigger_type: 1,
        integration_id: integration,
        integration_name: 'Matrix form',
        name: 'Lea',
        email: 'lea@example.com',
        created_at: now,
      })
      .execute();
    // A session of the caller's other than the one it calls with, and a trusted device (/account/security).
    const session = newId();
    await app.db
      .insertInto('sessions')
      .values({ id: session, profile_id: caller.profileId as string, created_at: now, expires_at: now + 3_600_000, revoked_at: null })
      .execute();
    const deviceHash = sha256(newId());
    await app.db
      .insertInto('trusted_devices')
      .values({
        token_hash: deviceHash,
        id: trustedDeviceId(deviceHash),
        profile_id: caller.profileId as string,
        created_at: now,
        expires_at: now + 86_400_000,
        last_used_at: null,
      })
      .execute();
    // An API webhook endpoint (issue 18).
    const webhook = newId();
    await app.db
      .insertInto('api_webhooks')
      .values({
        id: webhook,
        account_id: accountId,
        url: 'https://hooks.example.com/matrix',
        events: 'lead.received',
        secret: 'v1.sealed',
        created_at: now,
      })
      .execute();
    // The caller keeps their own book among their favourites (a favourite is named by its book's id).
    await app.db
      .insertInto('favorites')
      .values({ profile_id: caller.profileId as string, book_id: book, created_at: now })
      .execute();
    // An API key (issue 18), written directly: the owner gets a fixture per route, past the page's live-key limit.
    const apiKey = newId();
    const pair = newKeyPair();
    await app.db
      .insertInto('api_keys')
      .values({
        id: apiKey,
        account_id: accountId,
        profile_id: caller.profileId as string,
        name: 'Matrix key',
        public_key: pair.publicKey,
        secret_hash: secretHash(pair.secret),
        signing_key: sealSigningKey(app.keys.apiKeys, apiKey, signingKeyOf(pair.secret)),
        rights: 'read',
        created_at: now,
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    // A child account of the caller's (issue 20: a manager's; the others' are refused like unknown ones).
    const child = newId();
    await insertAccount(app.db, { id: child, name: `Matrix child ${child}`, ats: now, created_at: now });
    await linkChild(app.db, { managerId: accountId, childId: child, origin: 'created' }, now);
    return {
      child,
      apiKey,
      book,
      folder,
      integration,
      trigger,
      comment: comment.id,
      lead,
      account: accountId,
      session,
      trustedDevice: trustedDeviceId(deviceHash),
      ...library,
      favorite: book,
      webhook,
    };
  }

  /** Every row of every table, in a stable order. */
  async function snapshot(except: readonly string[] = []): Promise<string> {
    const parts = await Promise.all(
      tables
        .filter((table) => !except.includes(table) && !BOOKKEEPING_TABLES.includes(table))
        .map(async (table) => {
          const rows = await ctx.app.db
            .selectFrom(table as 'books')
            .selectAll()
            .execute();
          return `${table}: ${rows
            .map((r) => JSON.stringify(r))
            .sort()
            .join('\n')}`;
        }),
    );
    return parts.join('\n');
  }

  /** Sends a route's request with these id values (by IdField) and the route's sample fields. */
  async function send(route: RuledRoute, values: Partial<Record<IdField, unknown>>, caller: Caller, extra: Fields = {}) {
    const entry = SAMPLES[route.url] ?? {};
    const sample = typeof entry === 'function' ? entry() : entry;
    let url = route.url;
    const query: Record<string, string> = { ...sample.query };
    const body: Fields = { ...sample.body };
    for (const [field, value] of Object.entries({ ...values, ...extra })) {
      const [where, ...rest] = field.split('.');
      const key = rest.join('.');
      if (where === 'params') url = url.replace(`:${key}`, encodeURIComponent(String(value)));
      else if (where === 'query') query[key] = String(value);
      else body[key] = value;
    }
    for (const [key, value] of Object.entries(sample.params ?? {})) url = url.replace(`:${key}`, value);
    if (url.startsWith('/api/')) query.v = '2';
    const search = new URLSearchParams(query).toString();
    const headers: Record<string, string> = {};
    const v1 = url.startsWith('/api/v1/');
    if (v1 ? caller.apiSecret : caller.token) headers.authorization = `Bearer ${v1 ? caller.apiSecret : caller.token}`;
    let payload: string | Buffer | undefined;
    if (route.method !== 'GET' && !(v1 && route.method === 'DELETE') && !(v1 && Object.keys(body).length === 0)) {
      if (sample.file) {
        const multipart = multipartBody(body as Record<string, string>, sample.file);
        headers['content-type'] = multipart.contentType;
        payload = multipart.payload;
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    return ctx.app.inject({
      method: route.method as 'GET',
      url: search ? `${url}?${search}` : url,
      headers,
      payload,
      remoteAddress: nextIp(),
    });
  }

  /** The value an id field carries for this id (a list, a URL around it, or after a prefix). */
  const idValue = (rule: IdRule, id: string): unknown =>
    rule.list ? [id] : rule.path ? `http://localhost${rule.path.replace('{id}', id)}` : `${rule.prefix ?? ''}${id}`;

  /** The caller's own ids for every field of a rule but `except` (list fields only when tested). */
  const ownValues = (ids: Partial<Record<IdField, Resource | IdRule>>, fixture: Fixture, except: string) =>
    Object.fromEntries(
      Object.entries(ids).flatMap(([field, spec]) => {
        if (!spec || field === except) return [];
        const rule = idRuleOf(spec);
        return rule.list ? [] : [[field, idValue(rule, fixture[rule.resource])]];
      }),
    );

  /** Whether the gating table locks (or removes) the route's page for this caller's plan. */
  const lockedFor = (route: RuledRoute, caller: Caller) => {
    const item = route.gate === undefined ? undefined : menuItem(route.gate);
    if (!item) return false;
    const mode = caller === free ? 'FREE' : caller === platinum || caller === owners ? 'PLATINUM' : 'PREMIUM';
    return access(item, viewerOf({ mode, type: mode }, { has_subscriptions: true })) !== 'enabled';
  };

  const ruled = <A extends AuthRule['access']>(access: A) =>
    routes.filter((r): r is RuledRoute & { rule: Extract<AuthRule, { access: A }> } => r.rule?.access === access);

  beforeAll(async () => {
    // Deliveries stay queued: the background deliverer would otherwise update their rows (attempts, the
    // endpoint's last status) while a refused call's before/after snapshots are taken. Queueing is what
    // a call does; delivering is tests/server/api-webhooks.test.ts's and triggers.test.ts's.
    await ctx.app.ready();
    await (ctx.app.webhooks as WebhookDeliverer).stop();
    // The owner passes every gate of the gating table (platinum), so its calls reach the route's own checks.
    await signIn(owners, 'PLATINUM');
    await signIn(publisher, 'PREMIUM');
    await signIn(free, 'FREE');
    await signIn(platinum, 'PLATINUM');
    fixtures.set(free, await makeFixture(free));
    fixtures.set(platinum, await makeFixture(platinum));
    const day = 86_400_000;
    const columns: Record<State, Parameters<typeof makeBook>[2]> = {
      public: {},
      private: { columns: { publishing_mode: 2 }, settings: { private_url: 1 } },
      privateNoLink: { columns: { publishing_mode: 2 }, settings: { private_url: 0 } },
      scheduled: { columns: { publish_at: Date.now() + day } },
      deactivated: { columns: { is_published: 0 } },
      blocked: { columns: { is_valid: 0, invalid_reason: 'spam' } },
    };
    for (const state of STATES) {
      const fixture = await makeFixture(publisher, { name: `Matrix ${state} book`, ...columns[state] });
      books[state] = { book: fixture.book, trigger: fixture.trigger, background: fixture.background };
    }
    await ctx.app.ready();
    // HEAD routes run their GET's handler.
    routes = ctx.app.routeRules.filter((r) => r.method !== 'HEAD');
    tables = (await ctx.app.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_'))
      .sort();
  });

  it('finds every kind of rule in the route table, and a sample only for routes that exist', () => {
    const kinds = new Set(routes.map((r) => r.rule?.access));
    expect([...kinds].sort()).toEqual(['apiKey', 'listed', 'owner', 'public', 'reader', 'signedIn']);
    const urls = new Set(routes.map((r) => r.url));
    expect(Object.keys(SAMPLES).filter((url) => !urls.has(url))).toEqual([]);
  });

  it('refuses every signed-in and owner route to an anonymous caller', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.guarded)) {
      const res = await send(route, {}, anonymous);
      if (outcomeOf(res) !== 'sessionMissing') failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  // Every owner route, three callers, a snapshot of every table before and after each: long on a loaded machine (120 s).
  it("answers another account's id exactly like an unknown id, changes nothing, and answers its owner", async () => {
    const failures: string[] = [];
    for (const route of ruled('owner')) {
      for (const [field, spec] of Object.entries(route.rule.ids)) {
        if (!spec) continue;
        const rule = idRuleOf(spec);
        const where = `${route.method} ${route.url} ${field}`;
        const mine = await makeFixture(owners);
        const target = mine[rule.resource];
        const refusal = rule.refusal ?? NOT_FOUND[rule.resource];
        for (const caller of [anonymous, free, platinum]) {
          const base = ownValues(route.rule.ids, fixtures.get(caller) ?? mine, field);
          const unknownId = newId();
          const before = await snapshot();
          const foreign = await send(route, { ...base, [field]: idValue(rule, target) }, caller);
          const unknown = await send(route, { ...base, [field]: idValue(rule, unknownId) }, caller);
          if ((await snapshot()) !== before) failures.push(`${where}: ${caller.name} changed the database`);
          if (normalized(foreign, [target]) !== normalized(unknown, [unknownId])) {
            failures.push(`${where}: ${caller.name} told a foreign id from an unknown one:\n    ${foreign.body}\n    ${unknown.body}`);
          }
          // A free caller meets a gated page's refusal first (featureLocked, for any id: nothing leaks).
          const expected = !caller.token
            ? 'sessionMissing'
            : lockedFor(route, caller)
              ? 'featureLocked'
              : refusal === 'empty'
                ? envelopeOf(foreign)
                  ? 'ok'
                  : 'found'
                : refusal;
          if (outcomeOf(foreign) !== expected) failures.push(`${where}: ${caller.name} got ${outcomeOf(foreign)}, not ${expected}`);
        }
        const base = ownValues(route.rule.ids, mine, field);
        const unknownId = newId();
        const unknown = await send(route, { ...base, [field]: idValue(rule, unknownId) }, owners);
        const own = await send(route, { ...base, [field]: idValue(rule, target) }, owners);
        if (!['ok', 'found'].includes(outcomeOf(own))) {
          failures.push(`${where}: the owner's call failed (add its other fields to SAMPLES?): ${own.statusCode} ${own.body}`);
        } else if (normalized(own, [target]) === normalized(unknown, [unknownId])) {
          failures.push(`${where}: the owner's id is answered like an unknown one`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  /** The gate a caller meets on a book in this state, or undefined when the matrix does not say. */
  function expectedGate(rule: Extract<AuthRule, { access: 'reader' }>, state: State, caller: Caller, token: TokenKind) {
    if (rule.signedIn && !caller.token) return 'sessionMissing';
    if (caller === publisher) return state === 'blocked' ? undefined : 'pass';
    switch (state) {
      case 'public':
        return 'pass';
      case 'private':
        return token === rule.key ? 'pass' : 'bookPrivate';
      case 'privateNoLink':
        // No private link: its token opens nothing; page images still open with theirs.
        return rule.key === 'pages' && token === 'pages' ? 'pass' : 'bookPrivate';
      case 'scheduled':
        return 'bookNotFound';
      case 'deactivated':
        return 'bookDeactivated';
      case 'blocked':
        return 'bookBlocked';
    }
  }

  it('lets a publication through its gates only as they say', async () => {
    const failures: string[] = [];
    for (const route of ruled('reader')) {
      const { rule } = route;
      const writes = route.method !== 'GET';
      // Other ids the call takes: those of the book's own things (a lead's trigger).
      const extraIds = (state: State) =>
        ownValues(
          rule.ids ?? {},
          { ...(fixtures.get(free) as Fixture), trigger: books[state].trigger, background: books[state].background },
          '',
        );
      for (const caller of [anonymous, publisher, free, platinum]) {
        const unknownId = newId();
        const unknown = await send(route, { [rule.book]: unknownId, ...extraIds('public') }, caller);
        if (!['sessionMissing', 'bookNotFound', 'missing'].includes(outcomeOf(unknown))) {
          failures.push(
            `${route.method} ${route.url}: ${caller.name}: an unknown id is answered ${unknown.statusCode} ${unknown.body.slice(0, 200)}`,
          );
        }
        for (const state of STATES) {
          const { book } = books[state];
          const tokens: TokenKind[] = caller !== publisher && state.startsWith('private') ? ['none', 'link', 'pages'] : ['none'];
          for (const token of tokens) {
            const where = `${route.method} ${route.url}: ${caller.name}, ${state} book, ${token} token`;
            const expected = expectedGate(rule, state, caller, token);
            const tokenValue =
              token === 'link' ? await linkToken(ctx.app, book) : token === 'pages' ? await pagesTokenOf(ctx.app, book) : undefined;
            const values = { [rule.book]: book, ...extraIds(state) };
            const before = writes ? await snapshot() : '';
            const res = await send(route, values, caller, tokenValue ? { [rule.token]: tokenValue } : {});
            const got = outcomeOf(res);
            const passed = !GATES.includes(got as ErrorName) && got !== 'missing' && got !== 'validation';
            if (expected === undefined) continue;
            if (expected === 'pass') {
              if (!passed) failures.push(`${where}: refused (${got}: ${res.statusCode} ${res.body.slice(0, 200)})`);
              continue;
            }
            if (got !== expected && got !== 'missing') failures.push(`${where}: got ${got}, not ${expected}`);
            if (got === 'missing' || expected === 'bookNotFound') {
              // A refusal without a reason (files) or of a scheduled book tells nothing an unknown id does not.
              if (normalized(res, [book]) !== normalized(unknown, [unknownId]))
                failures.push(`${where}: answered unlike an unknown id:\n    ${res.body}\n    ${unknown.body}`);
            }
            if (writes && (await snapshot()) !== before) failures.push(`${where}: a refused call changed the database`);
          }
        }
      }
      // Further ids are checked against the book: another account's answers like an unknown one.
      for (const [field, spec] of Object.entries(rule.ids ?? {})) {
        if (!spec) continue;
        const resource = idRuleOf(spec).resource;
        const foreignId = (fixtures.get(free) as Fixture)[resource];
        const unknownId = newId();
        const before = await snapshot();
        const foreign = await send(route, { [rule.book]: books.public.book, [field]: foreignId }, platinum);
        const unknown = await send(route, { [rule.book]: books.public.book, [field]: unknownId }, platinum);
        const where = `${route.method} ${route.url} ${field}`;
        if (normalized(foreign, [foreignId]) !== normalized(unknown, [unknownId]))
          failures.push(`${where}: told a foreign id from an unknown one`);
        // A file route refuses with its plain 404, an API call with the resource's not-found error.
        const notFound = envelopeOf(foreign) ? NOT_FOUND[resource] : 'missing';
        if (outcomeOf(foreign) !== notFound) failures.push(`${where}: got ${outcomeOf(foreign)}, not ${notFound}`);
        if ((await snapshot()) !== before) failures.push(`${where}: a refused call changed the database`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses every API v1 route without a key or without its right, and answers another account's id like an unknown one", async () => {
    const failures: string[] = [];
    // The keys' usage bookkeeping (counters, last use) is not the account's data.
    const dataSnapshot = async () => {
      await flushCounters(ctx.app);
      return snapshot(['api_key_hits', 'api_keys']);
    };
    const v1Routes = ruled('apiKey');
    if (v1Routes.length === 0) failures.push('no API v1 route in the route table');
    for (const route of v1Routes) {
      const where = `${route.method} ${route.url}`;
      const mine = await makeFixture(owners);
      const own = ownValues(route.rule.ids, mine, '');
      // A key of the account without the route's right (made before the look at the data).
      const otherRight = API_KEY_RIGHTS.find((r) => r !== route.rule.right) as ApiKeyRight;
      const limited = { ...owners, apiSecret: (await createKey(ctx.app, owners.accountId as string, { rights: [otherRight] })).secret };
      // No key: 401 apiKeyInvalid, nothing changed.
      const before = await dataSnapshot();
      const anon = await send(route, own, anonymous);
      if (outcomeOf(anon) !== 'apiKeyInvalid' || anon.statusCode !== 401)
        failures.push(`${where}: no key got ${anon.statusCode} ${anon.body}`);
      // Without the route's right: 403 apiRightMissing.
      const refused = await send(route, own, limited);
      if (outcomeOf(refused) !== 'apiRightMissing' || refused.statusCode !== 403)
        failures.push(`${where}: a key without "${route.rule.right}" got ${refused.statusCode} ${refused.body}`);
      if ((await dataSnapshot()) !== before) failures.push(`${where}: a refused call changed the database`);
      // A free account's key: its plan has no API (featureLocked), whatever the id.
      const freeCall = await send(route, ownValues(route.rule.ids, fixtures.get(free) as Fixture, ''), free);
      if (outcomeOf(freeCall) !== 'featureLocked') failures.push(`${where}: a free account's key got ${outcomeOf(freeCall)}`);
      for (const [field, spec] of Object.entries(route.rule.ids)) {
        if (!spec) continue;
        const rule = idRuleOf(spec);
        const target = mine[rule.resource];
        const unknownId = newId();
        const base = ownValues(route.rule.ids, fixtures.get(platinum) as Fixture, field);
        const snap = await dataSnapshot();
        const foreign = await send(route, { ...base, [field]: idValue(rule, target) }, platinum);
        const unknown = await send(route, { ...base, [field]: idValue(rule, unknownId) }, platinum);
        if ((await dataSnapshot()) !== snap) failures.push(`${where}: another account's key changed the database`);
        if (normalized(foreign, [target]) !== normalized(unknown, [unknownId]))
          failures.push(`${where}: another account's key told a foreign id from an unknown one:\n    ${foreign.body}\n    ${unknown.body}`);
        const expected = rule.refusal ?? NOT_FOUND[rule.resource];
        if (outcomeOf(foreign) !== expected || foreign.statusCode !== 404)
          failures.push(`${where}: another account's key got ${foreign.statusCode} ${outcomeOf(foreign)}, not ${expected}`);
        const mineRes = await send(route, { ...ownValues(route.rule.ids, mine, field), [field]: idValue(rule, target) }, owners);
        if (outcomeOf(mineRes) !== 'ok') failures.push(`${where}: the owner's key failed: ${mineRes.statusCode} ${mineRes.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('shows only publicly listed publications on public pages, to everyone', async () => {
    const failures: string[] = [];
    for (const route of ruled('listed')) {
      for (const [field, spec] of Object.entries(route.rule.ids)) {
        if (!spec) continue;
        const rule = idRuleOf(spec);
        for (const caller of [anonymous, publisher, free]) {
          const where = `${route.method} ${route.url}: ${caller.name}`;
          if (rule.resource === 'account') {
            // A publisher's listing names its public book and none of the others.
            const res = await send(route, { [field]: idValue(rule, publisher.accountId as string) }, caller);
            if (!res.body.includes('Matrix public book')) failures.push(`${where}: the public book is not listed (${res.statusCode})`);
            const shown = STATES.filter((s) => s !== 'public' && res.body.includes(`Matrix ${s} book`));
            if (shown.length > 0) failures.push(`${where}: lists ${shown.join(', ')} books`);
            continue;
          }
          const unknownId = newId();
          const unknown = await send(route, { [field]: idValue(rule, unknownId) }, caller);
          for (const state of STATES) {
            const { book } = books[state];
            const res = await send(route, { [field]: idValue(rule, book) }, caller);
            const same = normalized(res, [book]) === normalized(unknown, [unknownId]);
            if (state === 'public' && (same || res.statusCode >= 400))
              failures.push(`${where}: the public book is not shown (${res.statusCode})`);
            if (state !== 'public' && !same)
              failures.push(`${where}: the ${state} book is answered unlike an unknown id (${res.statusCode})`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the authorization rule guard', () => {
  /** Builds an app with one extra API route and answers why it does not start (or undefined). */
  async function startWith(route: FastifyPluginAsync): Promise<string | undefined> {
    const config = await testConfig('sqlite');
    const app: FastifyInstance = await buildApp(config, { routes: [route] });
    try {
      await app.ready();
      return undefined;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await app.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  }

  it('refuses to start with a route that declares no rule', async () => {
    const message = await startWith(async (app) => {
      app.get('/test/undeclared', async () => ({}));
    });
    expect(message).toContain('GET /api/test/undeclared declares no authorization rule');
    expect(message).toContain('HEAD /api/test/undeclared declares no authorization rule');
  });

  it('refuses to start when a rule and the session guard disagree', async () => {
    expect(
      await startWith(async (app) => {
        app.get('/test/unguarded', { config: owner({ 'query.id': 'book' }) }, async () => ({}));
      }),
    ).toContain('GET /api/test/unguarded is "owner" but has no app.requireSession preHandler');
    expect(
      await startWith(async (app) => {
        app.post('/test/guarded', { preHandler: app.requireSession, config: PUBLIC }, async () => ({}));
      }),
    ).toContain('POST /api/test/guarded is "public" but runs app.requireSession');
  });

  it('refuses to start with a gate that names no account page, or a gate without the session guard', async () => {
    expect(
      await startWith(async (app) => {
        app.get('/test/gate', { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('no-such-page') } }, async () => ({}));
      }),
    ).toContain('GET /api/test/gate names the gate "no-such-page", which is no account page of the gating table');
    expect(
      await startWith(async (app) => {
        app.get('/test/gate', { config: { ...PUBLIC, ...gated('theme') } }, async () => ({}));
      }),
    ).toContain('GET /api/test/gate names the gate "theme" but has no app.requireSession preHandler');
  });

  it('starts with a declared route', async () => {
    expect(
      await startWith(async (app) => {
        app.get('/test/declared', { config: PUBLIC }, async () => ({}));
      }),
    ).toBeUndefined();
  });
});
