import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_RATE_PUBLISH, API_RATE_PUBLISH_WINDOW_MS, API_RATE_REQUESTS, API_RATE_REQUESTS_WINDOW_MS } from '../../src/contracts/api-keys';
import { API_WEBHOOKS_MAX } from '../../src/contracts/api-v1';
import { ERRORS, type ErrorName } from '../../src/contracts/errors';
import { openSigningKey } from '../../src/server/api-keys/crypto';
import { insertComment, subscribe } from '../../src/server/comments/repo';
import { flushCounters, forgetApiKey } from '../../src/server/routes/v1/auth';
import { handlerProblems, V1_HANDLERS } from '../../src/server/routes/v1/index';
import { setMode, signedIn, useAccountsApp } from './accounts-support';
import { api, contentOf, createKey, errorOf, type TestKey } from './api-v1-support';
import { makePdf } from './fixtures/pdf';
import { DIALECTS } from './helpers';
import { multipartBody, partFiles, waitFor } from './publish-support';
import { makeBook } from './reader-support';

/**
 * The public API v1 (issue 18) through the app with real keys (rows written with the key store's crypto):
 * every operation, the refusals of the authentication (signature, expiry, rights, revoked and expired keys,
 * the plan), another account's ids, the limits (hit and recovered), idempotent publishing, real PDFs
 * published by upload and from a URL until DONE, and the SSRF guard.
 */

type Publication = {
  id: string;
  name: string;
  status: string;
  active: boolean;
  visibility: string;
  folder_id: string | null;
  urls: Record<string, string | null>;
};
type Page<T> = { items: T[]; page: number; per_page: number; total: number };

const expectError = (res: Awaited<ReturnType<typeof api>>, name: ErrorName) => {
  const error = errorOf(res);
  expect({ http: error.http, status: error.status, type: error.type, code: error.code }, res.body).toEqual({
    http: ERRORS[name].http,
    status: 'error',
    type: ERRORS[name].type,
    code: ERRORS[name].code,
  });
};

describe('API v1 plumbing', () => {
  it('has a handler for every operation and an operation for every handler', () => {
    expect(handlerProblems(V1_HANDLERS)).toBeUndefined();
    expect(handlerProblems({ ...V1_HANDLERS, extra: async () => ({}) })).toMatch(/handlers without an operation: \[extra\]/);
    const { getAccount: _, ...missing } = V1_HANDLERS;
    expect(handlerProblems(missing)).toMatch(/operations without a handler: \[getAccount\]/);
  });
});

describe.each(DIALECTS)('API v1 on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);
  const state = {} as { accountId: string; key: TestKey; other: { accountId: string; key: TestKey; book: string } };

  const setup = async () => {
    if (state.key) return state;
    const owner = await signedIn(ctx, 'api-owner');
    state.accountId = owner.content.account.id as string;
    await setMode(ctx.app, state.accountId, 'PREMIUM');
    state.key = await createKey(ctx.app, state.accountId);
    const other = await signedIn(ctx, 'api-other');
    const otherId = other.content.account.id as string;
    await setMode(ctx.app, otherId, 'PLATINUM');
    state.other = {
      accountId: otherId,
      key: await createKey(ctx.app, otherId),
      book: await makeBook(ctx.app, otherId, { name: 'Not yours' }),
    };
    return state;
  };

  it('answers the account and the calling key, signed and by bearer secret (dev mode: http)', async () => {
    const { key, accountId } = await setup();
    const signed = contentOf<{ id: string; mode: string; key: { rights: string[]; requests_remaining: number } }>(
      await api(ctx.app, key, { path: '/account' }),
    );
    expect(signed.id).toBe(accountId);
    expect(signed.mode).toBe('PREMIUM');
    expect(signed.key.rights).toEqual(['read', 'publish', 'edit', 'delete', 'statistics', 'subscribers']);
    expect(signed.key.requests_remaining).toBeLessThan(API_RATE_REQUESTS);
    const bearer = contentOf<{ id: string }>(await api(ctx.app, key, { path: '/account', auth: 'bearer' }));
    expect(bearer.id).toBe(accountId);
    // No v=2 query needed, and the key's last use is recorded.
    await waitFor(async () => {
      const row = await ctx.app.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
      return row.last_used_at !== null;
    });
    // The stored signing key is sealed, and opens to the client's.
    const row = await ctx.app.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.signing_key).not.toContain(key.signingKey);
    expect(openSigningKey(ctx.app.keys.apiKeys, key.id, row.signing_key)).toBe(key.signingKey);
  });

  it('refuses a bearer secret over plain http outside dev mode, and accepts it over https', async () => {
    const { key } = await setup();
    ctx.app.config.dev = false;
    try {
      expectError(await api(ctx.app, key, { path: '/account', auth: 'bearer' }), 'apiKeyInvalid');
      // A client's own X-Forwarded-Proto is not believed (no trusted proxy).
      expectError(
        await api(ctx.app, key, { path: '/account', auth: 'bearer', headers: { 'x-forwarded-proto': 'https' } }),
        'apiKeyInvalid',
      );
      // Signed calls need no https.
      expect((await api(ctx.app, key, { path: '/account' })).statusCode).toBe(200);
    } finally {
      ctx.app.config.dev = true;
    }
  });

  it('manages folders with the app’s rules', async () => {
    const { key } = await setup();
    const created = contentOf<{ id: string; name: string; publications: number }>(
      await api(ctx.app, key, { path: '/folders', json: { name: 'Reports' } }),
      201,
    );
    expect(created).toMatchObject({ name: 'Reports', publications: 0 });
    expectError(await api(ctx.app, key, { path: '/folders', json: { name: 'reports' } }), 'folderExists');
    const renamed = contentOf<{ name: string }>(
      await api(ctx.app, key, { method: 'PATCH', path: `/folders/${created.id}`, json: { name: 'Annual' } }),
    );
    expect(renamed.name).toBe('Annual');
    const list = contentOf<Page<{ id: string }>>(await api(ctx.app, key, { path: '/folders?per_page=1' }));
    expect(list).toMatchObject({ page: 1, per_page: 1, total: 1 });
    expect(list.items.map((f) => f.id)).toEqual([created.id]);
    expectError(await api(ctx.app, key, { path: '/folders', json: { name: '' } }), 'validation');
    expect(contentOf(await api(ctx.app, key, { method: 'DELETE', path: `/folders/${created.id}` }))).toEqual({ deleted: true });
    expectError(await api(ctx.app, key, { method: 'DELETE', path: `/folders/${created.id}` }), 'folderNotFound');
  });

  it('lists, reads, changes, activates, renews and deletes publications', async () => {
    const { key, accountId } = await setup();
    const folder = contentOf<{ id: string }>(await api(ctx.app, key, { path: '/folders', json: { name: 'Shelf' } }), 201);
    const ids = [];
    for (const name of ['Alpha guide', 'Beta notes', 'Gamma guide']) ids.push(await makeBook(ctx.app, accountId, { name }));
    const [alpha, beta, gamma] = ids as [string, string, string];

    const page1 = contentOf<Page<Publication>>(await api(ctx.app, key, { path: '/publications?per_page=2&sort=name_asc' }));
    expect(page1.items.map((p) => p.name)).toEqual(['Alpha guide', 'Beta notes']);
    expect(page1.total).toBeGreaterThanOrEqual(3);
    const page2 = contentOf<Page<Publication>>(await api(ctx.app, key, { path: '/publications?per_page=2&page=2&sort=name_asc' }));
    expect(page2.items[0]?.name).toBe('Gamma guide');
    const search = contentOf<Page<Publication>>(await api(ctx.app, key, { path: '/publications?search=guide&sort=name_desc' }));
    expect(search.items.map((p) => p.id)).toEqual([gamma, alpha]);
    expect(contentOf<Page<Publication>>(await api(ctx.app, key, { path: '/publications?status=ERROR' })).total).toBe(0);
    expectError(await api(ctx.app, key, { path: '/publications?per_page=0' }), 'validation');
    expectError(await api(ctx.app, key, { path: '/publications?sort=sideways' }), 'validation');

    const got = contentOf<Publication>(await api(ctx.app, key, { path: `/publications/${alpha}` }));
    expect(got).toMatchObject({ id: alpha, status: 'DONE', active: true, visibility: 'public', folder_id: null });
    expect(got.urls.view).toBe(`${ctx.config.publicUrl}/read/${alpha}`);
    expect(got.urls.private).toBeNull();

    const changed = contentOf<Publication>(
      await api(ctx.app, key, {
        method: 'PATCH',
        path: `/publications/${alpha}`,
        json: { name: 'Alpha manual', visibility: 'private', folder_id: folder.id, downloadable: true, comments: false },
      }),
    );
    expect(changed).toMatchObject({ name: 'Alpha manual', visibility: 'private', folder_id: folder.id });
    expect(changed.urls.private).toMatch(/\?token=/);
    const inFolder = contentOf<Page<Publication>>(await api(ctx.app, key, { path: `/publications?folder=${folder.id}` }));
    expect(inFolder.items.map((p) => p.id)).toEqual([alpha]);
    // Another account's folder is refused like an unknown one, and nothing changes.
    expectError(
      await api(ctx.app, key, { method: 'PATCH', path: `/publications/${alpha}`, json: { folder_id: 'nofolder' } }),
      'folderNotFound',
    );

    const renewed = contentOf<Publication>(await api(ctx.app, key, { method: 'POST', path: `/publications/${alpha}/private-link` }));
    expect(renewed.urls.private).not.toBe(changed.urls.private);

    expect(contentOf<Publication>(await api(ctx.app, key, { method: 'POST', path: `/publications/${beta}/deactivate` })).active).toBe(
      false,
    );
    expect(contentOf<Publication>(await api(ctx.app, key, { method: 'POST', path: `/publications/${beta}/activate` })).active).toBe(true);

    const toc = contentOf<{ items: unknown[] }>(await api(ctx.app, key, { path: `/publications/${alpha}/toc` }));
    expect(toc.items).toEqual([{ title: 'Start', page: 1, items: [] }]);

    const profile = await ctx.app.db.selectFrom('profiles').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
    await insertComment(ctx.app.db, { bookId: beta, profileId: profile.id, authorName: 'Rita', text: 'Nice', status: 'held' }, Date.now());
    const comments = contentOf<Page<{ author_name: string; status: string }>>(
      await api(ctx.app, key, { path: `/publications/${beta}/comments` }),
    );
    expect(comments.items).toMatchObject([{ author_name: 'Rita', status: 'held' }]);

    expect(contentOf(await api(ctx.app, key, { method: 'DELETE', path: `/publications/${gamma}` }))).toEqual({ deleted: true });
    expectError(await api(ctx.app, key, { path: `/publications/${gamma}` }), 'bookNotFound');
  });

  it('answers statistics from the rollups (the last 30 days by default) and subscribers', async () => {
    const { key, accountId } = await setup();
    const book = await makeBook(ctx.app, accountId, { name: 'Counted' });
    const today = new Date(ctx.app.clock()).toISOString().slice(0, 10);
    await ctx.app.db.insertInto('stats_daily').values({ book_id: book, account_id: accountId, day: today, views: 7, readers: 3 }).execute();
    const stats = contentOf<{ from: string; to: string; totals: { views: number }; days: { day: string; views: number }[] }>(
      await api(ctx.app, key, { path: `/publications/${book}/statistics` }),
    );
    expect(stats.to).toBe(today);
    expect(stats.days).toHaveLength(30);
    expect(stats.totals.views).toBe(7);
    const account = contentOf<{ totals: { views: number } }>(await api(ctx.app, key, { path: `/statistics?from=${today}&to=${today}` }));
    expect(account.totals.views).toBeGreaterThanOrEqual(7);
    expectError(await api(ctx.app, key, { path: '/statistics?from=2026-02-30&to=2026-03-01' }), 'validation');
    // A day that is no day, with the default start counted back from it (found by the fuzz: once a 500).
    expectError(await api(ctx.app, key, { path: `/publications/${book}/statistics?to=9999-99-99` }), 'validation');
    expectError(await api(ctx.app, key, { path: '/statistics?from=2026-03-01&to=2026-01-01' }), 'validation');

    const reader = await signedIn(ctx, 'api-reader');
    const readerProfile = await ctx.app.db
      .selectFrom('profiles')
      .select('id')
      .where('account_id', '=', reader.content.account.id as string)
      .executeTakeFirstOrThrow();
    await subscribe(ctx.app.db, accountId, readerProfile.id, Date.now());
    const subscribers = contentOf<Page<{ name: string }>>(await api(ctx.app, key, { path: '/subscribers' }));
    expect(subscribers.total).toBe(1);
  });

  it('manages webhook endpoints: secret answered once and sealed, limit, private hosts refused', async () => {
    const { key, accountId } = await setup();
    const created = contentOf<{ id: string; secret: string; events: string[] }>(
      await api(ctx.app, key, {
        path: '/webhooks',
        json: { url: 'https://hooks.example.com/quire', events: ['lead.received', 'publication.converted'] },
      }),
      201,
    );
    expect(created.events).toEqual(['publication.converted', 'lead.received']);
    expect(created.secret.length).toBeGreaterThanOrEqual(43);
    const row = await ctx.app.db.selectFrom('api_webhooks').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(created.secret);
    expect(openSigningKey(ctx.app.keys.apiKeys, created.id, row.secret)).toBe(created.secret);
    const list = contentOf<{ items: Record<string, unknown>[] }>(await api(ctx.app, key, { path: '/webhooks' }));
    expect(list.items.map((w) => w.id)).toEqual([created.id]);
    expect(list.items[0]).not.toHaveProperty('secret');
    for (const url of ['http://127.0.0.1:8080/x', 'http://[::1]/x', 'http://10.0.0.2/x', 'http://localhost/x']) {
      expectError(await api(ctx.app, key, { path: '/webhooks', json: { url, events: ['lead.received'] } }), 'validation');
    }
    for (let i = 1; i < API_WEBHOOKS_MAX; i++) {
      contentOf(
        await api(ctx.app, key, { path: '/webhooks', json: { url: `https://hooks.example.com/${i}`, events: ['lead.received'] } }),
        201,
      );
    }
    expectError(
      await api(ctx.app, key, { path: '/webhooks', json: { url: 'https://hooks.example.com/11', events: ['lead.received'] } }),
      'webhookLimit',
    );
    expect(contentOf(await api(ctx.app, key, { method: 'DELETE', path: `/webhooks/${created.id}` }))).toEqual({ deleted: true });
    expectError(await api(ctx.app, key, { method: 'DELETE', path: `/webhooks/${created.id}` }), 'webhookNotFound');
    await ctx.app.db.deleteFrom('api_webhooks').where('account_id', '=', accountId).execute();
  });

  it('refuses bad keys, bad signatures, expired requests and missing rights with the envelope', async () => {
    const { key, accountId, other } = await setup();
    const book = await makeBook(ctx.app, accountId, { name: 'Guarded' });
    const nowS = Math.floor(ctx.app.clock() / 1000);
    expectError(await api(ctx.app, undefined, { path: '/publications' }), 'apiKeyInvalid');
    expectError(await api(ctx.app, { ...key, publicKey: 'qk_000000000000000000000000' }, { path: '/publications' }), 'apiKeyInvalid');
    expectError(await api(ctx.app, { ...key, secret: `qs_${'A'.repeat(43)}` }, { path: '/publications', auth: 'bearer' }), 'apiKeyInvalid');
    const flip = (s: string) => `${s[0] === 'a' ? 'b' : 'a'}${s.slice(1)}`;
    expectError(await api(ctx.app, key, { path: '/publications', tamper: flip }), 'apiSignatureInvalid');
    expectError(await api(ctx.app, { ...key, signingKey: other.key.signingKey }, { path: '/publications' }), 'apiSignatureInvalid');
    // A body other than the one signed.
    const signedFor = await api(ctx.app, key, { method: 'PATCH', path: `/publications/${book}`, json: { name: 'Signed' } });
    expect(signedFor.statusCode).toBe(200);
    const { signedHeaders } = await import('./api-v1-support');
    const headers = signedHeaders(key, 'PATCH', `/api/v1/publications/${book}`, JSON.stringify({ name: 'Signed' }), nowS + 60);
    const swapped = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/publications/${book}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Swapped' }),
    });
    expectError(swapped, 'apiSignatureInvalid');
    // A query other than the one signed.
    const queryHeaders = signedHeaders(key, 'GET', '/api/v1/publications?page=1', '', nowS + 60);
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/v1/publications?page=2', headers: queryHeaders }), 'apiSignatureInvalid');
    // A signed GET with a body (which nobody reads): refused at once.
    const getWithBody = signedHeaders(key, 'GET', '/api/v1/publications', '{"a":1}', nowS + 60);
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/publications',
        headers: { ...getWithBody, 'content-type': 'application/json' },
        payload: '{"a":1}',
      }),
      'badRequest',
    );
    // A signed multipart body on an operation that takes no upload: refused at once (never waits for a body nobody reads).
    expectError(
      await api(ctx.app, key, { method: 'PATCH', path: `/publications/${book}`, multipart: { fields: { name: 'Form' } } }),
      'unsupportedMediaType',
    );
    expectError(await api(ctx.app, key, { path: '/publications', expires: nowS - 1 }), 'apiRequestExpired');
    expectError(await api(ctx.app, key, { path: '/publications', expires: nowS + 3600 + 120 }), 'apiRequestExpired');
    // Rights: a read-only key lists but cannot delete (and the publication stays).
    const reader = await createKey(ctx.app, accountId, { rights: ['read'] });
    expect((await api(ctx.app, reader, { path: '/publications' })).statusCode).toBe(200);
    expectError(await api(ctx.app, reader, { method: 'DELETE', path: `/publications/${book}` }), 'apiRightMissing');
    expectError(await api(ctx.app, reader, { path: '/statistics' }), 'apiRightMissing');
    expect(contentOf<Publication>(await api(ctx.app, key, { path: `/publications/${book}` })).name).toBe('Signed');
    // Another account's publication: exactly like an unknown id, and unchanged.
    const foreign = await api(ctx.app, key, { method: 'DELETE', path: `/publications/${other.book}` });
    expectError(foreign, 'bookNotFound');
    expectError(
      await api(ctx.app, key, { method: 'PATCH', path: `/publications/${other.book}`, json: { name: 'Mine now' } }),
      'bookNotFound',
    );
    const theirs = await ctx.app.db.selectFrom('books').select('name').where('id', '=', other.book).executeTakeFirstOrThrow();
    expect(theirs.name).toBe('Not yours');
  });

  it('refuses revoked and expired keys, and keys of an account whose plan has no API', async () => {
    const { accountId } = await setup();
    const expired = await createKey(ctx.app, accountId, { expiresAt: ctx.app.clock() - 1000 });
    expectError(await api(ctx.app, expired, { path: '/account' }), 'apiKeyInvalid');
    const revoked = await createKey(ctx.app, accountId, { revokedAt: ctx.app.clock() - 1000 });
    expectError(await api(ctx.app, revoked, { path: '/account' }), 'apiKeyInvalid');
    // Revoked while in use: at once when the store says so (forgetApiKey), else within the cache's seconds.
    const live = await createKey(ctx.app, accountId);
    expect((await api(ctx.app, live, { path: '/account' })).statusCode).toBe(200);
    await ctx.app.db.updateTable('api_keys').set({ revoked_at: ctx.app.clock() }).where('id', '=', live.id).execute();
    forgetApiKey(ctx.app, live.id);
    expectError(await api(ctx.app, live, { path: '/account' }), 'apiKeyInvalid');
    const cached = await createKey(ctx.app, accountId);
    expect((await api(ctx.app, cached, { path: '/account' })).statusCode).toBe(200);
    await ctx.app.db.updateTable('api_keys').set({ revoked_at: ctx.app.clock() }).where('id', '=', cached.id).execute();
    ctx.advance(6_000);
    expectError(await api(ctx.app, cached, { path: '/account' }), 'apiKeyInvalid');

    const free = await signedIn(ctx, 'api-free');
    const freeId = free.content.account.id as string;
    const freeKey = await createKey(ctx.app, freeId);
    expectError(await api(ctx.app, freeKey, { path: '/publications' }), 'featureLocked');
  });

  it('limits requests per hour per key, with Retry-After, and recovers', async () => {
    const { accountId } = await setup();
    const key = await createKey(ctx.app, accountId, { rights: ['read'] });
    const now = ctx.app.clock();
    const windowStart = Math.floor(now / API_RATE_REQUESTS_WINDOW_MS) * API_RATE_REQUESTS_WINDOW_MS;
    // As if other processes had counted almost the whole hour already.
    await ctx.app.db
      .insertInto('api_key_hits')
      .values({ key_id: key.id, kind: 'requests', window_start: windowStart, hits: API_RATE_REQUESTS - 2 })
      .execute();
    expect((await api(ctx.app, key, { path: '/account' })).statusCode).toBe(200);
    expect((await api(ctx.app, key, { path: '/account' })).statusCode).toBe(200);
    const limited = await api(ctx.app, key, { path: '/account' });
    expectError(limited, 'apiRateLimited');
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual((2 * API_RATE_REQUESTS_WINDOW_MS) / 1000);
    // The counts reach the database (several processes share them).
    await flushCounters(ctx.app);
    const row = await ctx.app.db
      .selectFrom('api_key_hits')
      .select('hits')
      .where('key_id', '=', key.id)
      .where('window_start', '=', windowStart)
      .executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(API_RATE_REQUESTS);
    ctx.advance(retry * 1000 + 1000);
    expect((await api(ctx.app, key, { path: '/account' })).statusCode).toBe(200);
  });

  it('limits publications per 15 minutes per key with Retry-After', async () => {
    const { accountId } = await setup();
    const key = await createKey(ctx.app, accountId, { rights: ['publish'] });
    const windowStart = Math.floor(ctx.app.clock() / API_RATE_PUBLISH_WINDOW_MS) * API_RATE_PUBLISH_WINDOW_MS;
    await ctx.app.db
      .insertInto('api_key_hits')
      .values({ key_id: key.id, kind: 'publish', window_start: windowStart, hits: API_RATE_PUBLISH - 1 })
      .execute();
    const before = await ctx.app.db.selectFrom('books').select('id').where('account_id', '=', accountId).execute();
    const pdf = makePdf({ pages: 1, lines: 1 });
    const first = await api(ctx.app, key, {
      path: '/publications',
      multipart: { fields: { name: 'Last one' }, file: { name: 'last.pdf', data: pdf } },
    });
    expect(contentOf<Publication>(first, 202).status).toBe('QUEUED');
    const limited = await api(ctx.app, key, { path: '/publications', multipart: { fields: {}, file: { name: 'late.pdf', data: pdf } } });
    expectError(limited, 'apiRateLimited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const after = await ctx.app.db.selectFrom('books').select('id').where('account_id', '=', accountId).execute();
    expect(after.length).toBe(before.length + 1);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
    ctx.advance(Number(limited.headers['retry-after']) * 1000 + 1000);
    const recovered = await api(ctx.app, key, { path: '/publications', multipart: { fields: {}, file: { name: 'later.pdf', data: pdf } } });
    expect(recovered.statusCode, recovered.body).toBe(202);
  });

  it('publishes a real PDF by signed multipart upload until DONE, idempotently', async () => {
    const { key } = await setup();
    const pdf = makePdf({
      pages: 2,
      lines: 2,
      outline: [
        { title: 'Intro', page: 1 },
        { title: 'End', page: 2 },
      ],
    });
    // A retry sends the same bytes (the request hash is the raw body's).
    const body = multipartBody({ name: 'Uploaded' }, { name: 'up.pdf', data: pdf });
    const call = { path: '/publications', headers: { 'idempotency-key': 'upload-1' }, body };
    const first = contentOf<Publication>(await api(ctx.app, key, call), 202);
    expect(first).toMatchObject({ name: 'Uploaded', status: 'QUEUED' });
    // The same key and body: the first answer again, no second publication.
    const again = contentOf<Publication>(await api(ctx.app, key, call), 202);
    expect(again.id).toBe(first.id);
    const named = await ctx.app.db.selectFrom('books').select('id').where('name', '=', 'Uploaded').execute();
    expect(named).toHaveLength(1);
    // The same key with another body.
    expectError(
      await api(ctx.app, key, { ...call, body: multipartBody({ name: 'Other' }, { name: 'up.pdf', data: pdf }) }),
      'apiIdempotencyConflict',
    );
    // A multipart body other than the one signed: refused, nothing kept.
    const tampered = await api(ctx.app, key, {
      path: '/publications',
      multipart: { fields: { name: 'Tampered' }, file: { name: 't.pdf', data: pdf } },
      tamper: (s) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`,
    });
    expectError(tampered, 'apiSignatureInvalid');
    expect(await ctx.app.db.selectFrom('books').select('id').where('name', '=', 'Tampered').execute()).toEqual([]);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);

    await waitFor(
      async () => contentOf<Publication>(await api(ctx.app, key, { path: `/publications/${first.id}` })).status === 'DONE',
      90_000,
      'the conversion',
    );
    const toc = contentOf<{ items: { title: string; page: number }[] }>(await api(ctx.app, key, { path: `/publications/${first.id}/toc` }));
    expect(toc.items.map((i) => [i.title, i.page])).toEqual([
      ['Intro', 1],
      ['End', 2],
    ]);
    const done = contentOf<Publication>(await api(ctx.app, key, { path: `/publications/${first.id}` }));
    expect(done.urls.thumbnail).toMatch(/^http/);
  }, 120_000);

  it('publishes from a URL (a local server, with private addresses allowed) and refuses private addresses otherwise', async () => {
    const { key } = await setup();
    const pdf = makePdf({ pages: 1, lines: 2 });
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits += 1;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/doc.pdf' }).end();
        return;
      }
      if (req.url === '/doc.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length }).end(pdf);
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // Normal configuration: the SSRF guard refuses the loopback address before connecting.
      expectError(await api(ctx.app, key, { path: '/publications', json: { url: `${base}/doc.pdf` } }), 'apiFetchFailed');
      expect(hits).toBe(0);
      ctx.app.config.webhookPrivate = true;
      try {
        const published = contentOf<Publication>(
          await api(ctx.app, key, { path: '/publications', json: { url: `${base}/redirect`, name: 'From a URL' } }),
          202,
        );
        expect(published).toMatchObject({ name: 'From a URL', status: 'QUEUED' });
        expectError(await api(ctx.app, key, { path: '/publications', json: { url: `${base}/missing.pdf` } }), 'apiFetchFailed');
        await waitFor(
          async () => contentOf<Publication>(await api(ctx.app, key, { path: `/publications/${published.id}` })).status === 'DONE',
          90_000,
          'the conversion',
        );
      } finally {
        ctx.app.config.webhookPrivate = false;
      }
      expectError(await api(ctx.app, key, { path: '/publications', json: { url: 'ftp://example.com/doc.pdf' } }), 'validation');
    } finally {
      server.close();
    }
  }, 120_000);
});
