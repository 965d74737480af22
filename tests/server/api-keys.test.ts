import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_EXPIRY_MAX_DAYS,
  API_KEY_RIGHTS,
  API_KEYS_PER_ACCOUNT_MAX,
  API_PUBLIC_KEY_PATTERN,
  API_SECRET_PATTERN,
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
} from '../../src/contracts/api-keys';
import { ERRORS } from '../../src/contracts/errors';
import { updateAccount } from '../../src/server/accounts/repo';
import { openSigningKey, secretHash, signingKeyOf } from '../../src/server/api-keys/crypto';
import { createKey, listKeys, revokeKey } from '../../src/server/api-keys/store';
import { type AccountsCtx, call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';

/**
 * Issue 18, the key store and `{api}/account/apikey/…` (SPEC §6: premium and up): a key's secret is
 * answered once and never stored in clear (its hash and the sealed signing key are), the list never
 * shows it, revoking keeps the row, the live-key limit and the expiry window hold, a free account is
 * refused with featureLocked and another account's key is answered like an unknown one. Every refusal
 * changes nothing.
 */

const DAY = 86_400_000;

async function member(ctx: AccountsCtx, name: string, mode: 'FREE' | 'PREMIUM' | 'PLATINUM' = 'PREMIUM') {
  const signed = await signedIn(ctx, name);
  const accountId = signed.content.account.id as string;
  if (mode !== 'FREE') await updateAccount(ctx.app.db, accountId, { mode, type: mode }, Date.now());
  const profile = await ctx.app.db.selectFrom('profiles').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return { token: signed.token, accountId, profileId: profile.id };
}

const errorOf = (body: { status: string; content: { type?: string; code?: number } }) =>
  body.status === 'ok'
    ? 'ok'
    : (Object.entries(ERRORS).find(([, e]) => e.type === body.content.type && e.code === body.content.code)?.[0] ?? 'unknown');

const rowsOf = (ctx: AccountsCtx, accountId: string) =>
  ctx.app.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('id').execute();

describe.each(DIALECTS)('API keys on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('creates a key: the secret answered once, only its hash and the sealed signing key stored', async () => {
    const { token, accountId } = await member(ctx, 'keys-create');
    const res = await call(ctx.app, '/account/apikey/create', { name: '  Build server  ', rights: ['publish', 'read'] }, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const created = v.parse(ApiKeyCreatedSchema, res.json().content);
    expect(created.secret).toMatch(API_SECRET_PATTERN);
    expect(created.key.public_key).toMatch(API_PUBLIC_KEY_PATTERN);
    expect(created.key).toMatchObject({
      name: 'Build server',
      rights: ['read', 'publish'],
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });

    const [row] = await rowsOf(ctx, accountId);
    expect(row).toBeDefined();
    if (!row) return;
    // No column holds the secret, or the signing key, in clear.
    for (const [column, value] of Object.entries(row)) {
      expect(String(value), column).not.toContain(created.secret);
      expect(String(value), column).not.toContain(created.secret.slice(3));
      expect(String(value), column).not.toContain(signingKeyOf(created.secret));
    }
    expect(row.secret_hash).toBe(secretHash(created.secret));
    expect(row.rights).toBe('read,publish');
    expect(openSigningKey(ctx.app.keys.apiKeys, row.id, row.signing_key)).toBe(signingKeyOf(created.secret));
    // Sealed to its row: copied to another id it does not open.
    expect(openSigningKey(ctx.app.keys.apiKeys, 'another-row', row.signing_key)).toBeNull();

    // The list never shows the secret again.
    const list = await call(ctx.app, '/account/apikey/', undefined, { token });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(row.secret_hash);
    expect(list.body).not.toContain(row.signing_key);
    const items = v.parse(ApiKeyListSchema, list.json().content).items;
    expect(items).toEqual([created.key]);
  });

  it('lists live keys newest first, then revoked ones; revoking keeps the row and changes only revoked_at', async () => {
    const { token, accountId, profileId } = await member(ctx, 'keys-list');
    const t0 = Date.now();
    const a = await createKey(ctx.app.db, ctx.app.keys, { accountId, profileId, name: 'A', rights: ['read'], expiresAt: null }, t0);
    const b = await createKey(ctx.app.db, ctx.app.keys, { accountId, profileId, name: 'B', rights: ['edit'], expiresAt: null }, t0 + 1);
    const c = await createKey(ctx.app.db, ctx.app.keys, { accountId, profileId, name: 'C', rights: ['delete'], expiresAt: null }, t0 + 2);
    expect((await listKeys(ctx.app.db, accountId)).map((k) => k.name)).toEqual(['C', 'B', 'A']);

    const before = (await rowsOf(ctx, accountId)).find((r) => r.id === b.key.id);
    const res = await call(ctx.app, '/account/apikey/delete', { id: b.key.id }, { token });
    expect(res.statusCode, res.body).toBe(200);
    const items = v.parse(ApiKeyListSchema, res.json().content).items;
    expect(items.map((k) => [k.name, k.revoked_at !== null])).toEqual([
      ['C', false],
      ['A', false],
      ['B', true],
    ]);
    const after = (await rowsOf(ctx, accountId)).find((r) => r.id === b.key.id);
    expect({ ...after, revoked_at: null }).toEqual({ ...before, revoked_at: null });
    expect(Number(after?.revoked_at)).toBeGreaterThan(0);

    // Revoking again changes nothing and still answers.
    const again = await call(ctx.app, '/account/apikey/delete', { id: b.key.id }, { token });
    expect(again.statusCode).toBe(200);
    expect((await rowsOf(ctx, accountId)).find((r) => r.id === b.key.id)).toEqual(after);
    // The store answers the same for its callers.
    // Revoked ones follow, the most recently revoked first (A a minute after B).
    const later = Date.now() + 60_000;
    expect((await revokeKey(ctx.app.db, accountId, a.key.id, later)).revoked_at).toBe(later);
    expect((await listKeys(ctx.app.db, accountId)).map((k) => k.name)).toEqual(['C', 'A', 'B']);
    expect(c.key.revoked_at).toBeNull();
  });

  it(`refuses a key over ${API_KEYS_PER_ACCOUNT_MAX} live ones; revoked and expired keys do not count`, async () => {
    const { token, accountId, profileId } = await member(ctx, 'keys-limit', 'PLATINUM');
    const now = Date.now();
    const made = [];
    for (let i = 0; i < API_KEYS_PER_ACCOUNT_MAX; i++)
      made.push(await createKey(ctx.app.db, ctx.app.keys, { accountId, profileId, name: `K${i}`, rights: ['read'], expiresAt: null }, now));
    const count = async () => (await rowsOf(ctx, accountId)).length;
    const refused = await call(ctx.app, '/account/apikey/create', { name: 'One too many', rights: ['read'] }, { token });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json())).toBe('apiKeyLimit');
    expect(await count()).toBe(API_KEYS_PER_ACCOUNT_MAX);

    await revokeKey(ctx.app.db, accountId, made[0]?.key.id as string, now);
    // An expired key does not count either.
    await ctx.app.db
      .updateTable('api_keys')
      .set({ expires_at: now - 1 })
      .where('id', '=', made[1]?.key.id as string)
      .execute();
    for (const name of ['After revoking', 'After expiry']) {
      const res = await call(ctx.app, '/account/apikey/create', { name, rights: ['read'] }, { token });
      expect(res.statusCode, res.body).toBe(200);
    }
    const third = await call(ctx.app, '/account/apikey/create', { name: 'Over again', rights: ['read'] }, { token });
    expect(errorOf(third.json())).toBe('apiKeyLimit');
    expect(await count()).toBe(API_KEYS_PER_ACCOUNT_MAX + 2);
  });

  it('takes an expiry ahead of now and within the maximum, and refuses any other with the field named', async () => {
    const { token, accountId } = await member(ctx, 'keys-expiry');
    const now = Date.now();
    const good = now + 30 * DAY;
    const res = await call(ctx.app, '/account/apikey/create', { name: 'Expiring', rights: ['statistics'], expires_at: good }, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.key.expires_at).toBe(good);
    const last = await call(
      ctx.app,
      '/account/apikey/create',
      { name: 'Longest', rights: ['read'], expires_at: now + API_KEY_EXPIRY_MAX_DAYS * DAY },
      { token },
    );
    expect(last.statusCode, last.body).toBe(200);
    const before = await rowsOf(ctx, accountId);
    for (const [expires_at, message] of [
      [now - DAY, 'apikey.expiry.past'],
      [now - 5_000, 'apikey.expiry.past'],
      [now + (API_KEY_EXPIRY_MAX_DAYS + 2) * DAY, 'apikey.expiry.far'],
    ] as const) {
      const bad = await call(ctx.app, '/account/apikey/create', { name: 'Bad expiry', rights: ['read'], expires_at }, { token });
      expect(bad.statusCode, `${expires_at}`).toBe(400);
      expect(bad.json().content).toMatchObject({ type: 'VALIDATION', fields: ['expires_at'], message });
    }
    // Bad input of any other kind: a validation envelope naming the field, nothing stored.
    for (const [body, field] of [
      [{ name: '', rights: ['read'] }, 'name'],
      [{ name: 'x'.repeat(81), rights: ['read'] }, 'name'],
      [{ name: 'No rights', rights: [] }, 'rights'],
      [{ name: 'Unknown right', rights: ['admin'] }, 'rights.0'],
      [{ name: 'Twice', rights: ['read', 'read'] }, 'rights'],
      [{ name: 'Not a date', rights: ['read'], expires_at: 'tomorrow' }, 'expires_at'],
    ] as const) {
      const bad = await call(ctx.app, '/account/apikey/create', body, { token });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().content.fields, JSON.stringify(body)).toContain(field);
    }
    expect(await rowsOf(ctx, accountId)).toEqual(before);
  });

  it('gates the page: a free account is refused with featureLocked, a premium one is not', async () => {
    const free = await member(ctx, 'keys-free', 'FREE');
    for (const [url, body] of [
      ['/account/apikey/', undefined],
      ['/account/apikey/create', { name: 'Free key', rights: ['read'] }],
      ['/account/apikey/delete', { id: 'abc' }],
    ] as const) {
      const res = await call(ctx.app, url, body, { token: free.token });
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res.json()), url).toBe('featureLocked');
    }
    expect(await rowsOf(ctx, free.accountId)).toEqual([]);
    const anonymous = await call(ctx.app, '/account/apikey/', undefined, {});
    expect(errorOf(anonymous.json())).toBe('sessionMissing');

    const premium = await member(ctx, 'keys-premium', 'PREMIUM');
    const res = await call(
      ctx.app,
      '/account/apikey/create',
      { name: 'Premium key', rights: [...API_KEY_RIGHTS] },
      { token: premium.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.key.rights).toEqual([...API_KEY_RIGHTS]);
  });

  it("answers another account's key id like an unknown one and leaves it alone", async () => {
    const mine = await member(ctx, 'keys-mine');
    const theirs = await member(ctx, 'keys-theirs');
    const key = await createKey(
      ctx.app.db,
      ctx.app.keys,
      { accountId: theirs.accountId, profileId: theirs.profileId, name: 'Theirs', rights: ['read'], expiresAt: null },
      Date.now(),
    );
    const before = await rowsOf(ctx, theirs.accountId);
    const foreign = await call(ctx.app, '/account/apikey/delete', { id: key.key.id }, { token: mine.token });
    const unknown = await call(ctx.app, '/account/apikey/delete', { id: 'no-such-key' }, { token: mine.token });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.json())).toBe('apiKeyNotFound');
    const { id: _a, ...foreignContent } = foreign.json();
    const { id: _b, ...unknownContent } = unknown.json();
    expect(foreignContent).toEqual(unknownContent);
    expect(await rowsOf(ctx, theirs.accountId)).toEqual(before);
    await expect(revokeKey(ctx.app.db, mine.accountId, key.key.id, Date.now())).rejects.toMatchObject({ errorName: 'apiKeyNotFound' });
    // Their list is theirs alone.
    const list = await call(ctx.app, '/account/apikey/', undefined, { token: mine.token });
    expect(list.json().content.items).toEqual([]);
  });
});
