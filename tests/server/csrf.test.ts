import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, counts, nextIp, setMode, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { multipartBody } from './publish-support';
import { makeBook } from './reader-support';

/**
 * The CSRF guard (src/server/plugins/csrf.ts): a state-changing request authenticated by the session
 * cookie must come from one of our origins; bearer calls and cookie-less requests are unaffected.
 */

const PUBLIC = 'http://quire.example:8080';
/** The attack of the report: the same site, another port. */
const SAME_SITE_OTHER_PORT = 'http://quire.example:8081';
/** Every request is addressed to the public host (as a browser on the public URL does). */
const HOST = { host: 'quire.example:8080' };

const errorOf = (res: LightMyRequestResponse) => {
  const body = res.json();
  return body.status === 'error' ? { http: res.statusCode, type: body.content.type, code: body.content.code } : 'ok';
};
const REFUSED = { http: 403, type: 'API', code: 403 };

describe.each(DIALECTS)('CSRF guard on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: PUBLIC, QUIRE_CONVERT_CONCURRENCY: '0' } });
  let token = '';
  let accountId = '';

  beforeAll(async () => {
    const user = await signedIn(ctx, 'csrf');
    token = user.token;
    accountId = user.content.account.id;
    // It sets up triggers, a platinum page (SPEC §6 menu gating).
    await setMode(ctx.app, accountId, 'PLATINUM');
  });

  const cookie = () => `lang=en; quire_token=${token}`;
  /** A call authenticated by the session cookie only, with these extra headers. */
  const byCookie = (url: string, body: Record<string, unknown> | undefined, headers: Record<string, string>, form = false) =>
    call(ctx.app, url, body, { cookie: cookie(), headers: { ...HOST, ...headers }, form });
  const firstname = async () => (await call(ctx.app, '/profile/session', undefined, { token })).json().content.profile.firstname;
  const setName = (name: string) => call(ctx.app, '/profile/update', { firstname: name }, { token });

  it('refuses a cookie-authenticated change from another origin and changes nothing', async () => {
    expect(errorOf(await setName('Ada'))).toBe('ok');
    // The probe's form post (another port of the same site), as JSON, as a form, and with PATCH.
    expect(errorOf(await byCookie('/profile/update', { firstname: 'Mallory' }, { origin: SAME_SITE_OTHER_PORT }, true))).toEqual(REFUSED);
    expect(errorOf(await byCookie('/profile/update', { firstname: 'Mallory' }, { origin: SAME_SITE_OTHER_PORT }))).toEqual(REFUSED);
    const patch = await call(
      ctx.app,
      '/profile/update',
      { firstname: 'Mallory' },
      {
        method: 'PATCH',
        cookie: cookie(),
        headers: { ...HOST, origin: 'https://evil.example' },
      },
    );
    expect(errorOf(patch)).toEqual(REFUSED);
    // Another scheme or a sibling host of the configured origin is another origin too; so is `null`.
    for (const origin of ['https://quire.example:8080', 'http://www.quire.example:8080', 'http://quire.example', 'null', 'not a url']) {
      expect(errorOf(await byCookie('/profile/update', { firstname: 'Mallory' }, { origin })), origin).toEqual(REFUSED);
    }
    expect(await firstname()).toBe('Ada');
    // The envelope carries the request id like every answer.
    const res = await byCookie('/profile/update', { firstname: 'Mallory' }, { origin: SAME_SITE_OTHER_PORT });
    expect(res.json()).toMatchObject({ status: 'error', id: res.headers['x-request-id'] });
  });

  it('refuses the other state-changing calls too: sign-out, a multipart upload, a non-API form', async () => {
    const before = await counts(ctx.app);
    const signOut = await call(ctx.app, '/profile/session', undefined, {
      method: 'DELETE',
      cookie: cookie(),
      headers: { ...HOST, origin: SAME_SITE_OTHER_PORT },
    });
    expect(errorOf(signOut)).toEqual(REFUSED);
    expect(errorOf(await call(ctx.app, '/profile/session', undefined, { token }))).toBe('ok');
    expect(await counts(ctx.app)).toEqual(before);

    const body = multipartBody({}, { name: 'note.txt', data: Buffer.from('Hello from another origin') });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/pinwheel/document/create?v=2',
      headers: { ...HOST, cookie: cookie(), origin: SAME_SITE_OTHER_PORT, 'content-type': body.contentType },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
    expect(errorOf(uploaded)).toEqual(REFUSED);
    const books = await ctx.app.db.selectFrom('books').select('id').where('account_id', '=', accountId).execute();
    expect(books).toEqual([]);

    // Outside the API the refusal is a plain 403 (the overview page's explicit-content form).
    const book = await makeBook(ctx.app, accountId, { columns: { is_adult: 1 } });
    const page = await ctx.app.inject({
      method: 'POST',
      url: `/publication/${book}/explicit`,
      headers: { ...HOST, cookie: cookie(), origin: SAME_SITE_OTHER_PORT },
    });
    expect(page.statusCode).toBe(403);
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('accepts the cookie from our own origin: the public URL’s, or the one the request was addressed to', async () => {
    expect(errorOf(await byCookie('/profile/update', { firstname: 'Grace' }, { origin: PUBLIC }, true))).toBe('ok');
    expect(await firstname()).toBe('Grace');
    // Reached under another name (e.g. by its address on the LAN): that page's own origin.
    const direct = await call(
      ctx.app,
      '/profile/update',
      { firstname: 'Hopper' },
      {
        cookie: cookie(),
        headers: { host: '192.168.1.20:8080', origin: 'http://192.168.1.20:8080' },
      },
    );
    expect(errorOf(direct)).toBe('ok');
    expect(await firstname()).toBe('Hopper');
    // Reading is never checked.
    expect(errorOf(await byCookie('/profile/session', undefined, { origin: 'https://evil.example' }))).toBe('ok');
  });

  it('without Origin, trusts only Sec-Fetch-Site: same-origin', async () => {
    expect(errorOf(await setName('Lin'))).toBe('ok');
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect(errorOf(await byCookie('/profile/update', { firstname: 'Mallory' }, { 'sec-fetch-site': site })), site).toEqual(REFUSED);
    }
    expect(errorOf(await byCookie('/profile/update', { firstname: 'Mallory' }, {}))).toEqual(REFUSED);
    expect(await firstname()).toBe('Lin');
    expect(errorOf(await byCookie('/profile/update', { firstname: 'Lu' }, { 'sec-fetch-site': 'same-origin' }))).toBe('ok');
    expect(await firstname()).toBe('Lu');
  });

  it('leaves bearer-token calls as they are, from any origin, with or without the cookie', async () => {
    const bearer = await call(
      ctx.app,
      '/profile/update',
      { firstname: 'Bea' },
      { token, headers: { ...HOST, origin: 'https://evil.example' } },
    );
    expect(errorOf(bearer)).toBe('ok');
    const both = await call(ctx.app, '/profile/update', { firstname: 'Bee' }, { token, cookie: cookie(), headers: { origin: 'null' } });
    expect(errorOf(both)).toBe('ok');
    expect(await firstname()).toBe('Bee');
    // An Authorization header that is not a bearer token does not make the cookie a bearer call.
    const basic = await byCookie(
      '/profile/update',
      { firstname: 'Mallory' },
      { origin: SAME_SITE_OTHER_PORT, authorization: 'Basic Zm9vOmJhcg==' },
    );
    expect(errorOf(basic)).toEqual(REFUSED);
    expect(await firstname()).toBe('Bee');
  });

  it('leaves requests without a session cookie alone: sign-in, registration, reader reports', async () => {
    const foreign = { ...HOST, origin: 'https://elsewhere.example' };
    const signIn = await call(
      ctx.app,
      '/profile/session',
      { login: 'nobody@example.com', password: 'wrong password' },
      { headers: foreign },
    );
    expect(errorOf(signIn)).toMatchObject({ type: 'AUTH', code: 100 });
    const other = await call(ctx.app, '/profile/session', undefined, { method: 'DELETE', cookie: 'lang=de', headers: foreign });
    expect(errorOf(other)).toMatchObject({ type: 'SESSION', code: 301 });
  });

  it('lets the reader’s lead form and statistics come from any origin, without the visitor’s session', async () => {
    const open = await makeBook(ctx.app, accountId);
    const hidden = await makeBook(ctx.app, accountId, { columns: { is_published: 0 } });
    const integration = (await call(ctx.app, '/account/integration/trigger/create', { kind: 'leadform', name: 'Leads' }, { token })).json()
      .content.id;
    const trigger = async (book: string) =>
      (await call(ctx.app, '/account/book/trigger/create', { book, type: 1, config: integration }, { token })).json().content.id;
    const triggers = { open: await trigger(open), hidden: await trigger(hidden) };
    const lead = (book: 'open' | 'hidden', headers: Record<string, string>, withCookie: boolean) =>
      call(
        ctx.app,
        '/public/book/trigger/lead',
        { book: book === 'open' ? open : hidden, trigger: triggers[book], name: 'Reader', email: 'reader@example.com' },
        { headers: { ...HOST, ...headers }, ...(withCookie ? { cookie: cookie() } : {}) },
      );
    const embedder = { origin: 'https://blog.example' };
    // A visitor on a site that embeds the reader; the same visitor signed in to Quire in this browser.
    expect(errorOf(await lead('open', embedder, false))).toBe('ok');
    expect(errorOf(await lead('open', embedder, true))).toBe('ok');
    // The session is set aside, not borrowed: only the owner passes the gate of their deactivated book.
    expect(errorOf(await lead('hidden', embedder, true))).toMatchObject({ type: 'BOOK', code: 410 });
    expect(errorOf(await lead('hidden', { origin: PUBLIC }, true))).toBe('ok');

    // The statistics beacon (issue 17): the owner's own reading is not counted, unless the batch comes
    // from elsewhere (then its cookie is set aside and it is a visitor's).
    const visits = async () =>
      (await ctx.app.db.selectFrom('stats_visits').select('visit').where('book_id', '=', open).execute()).map((r) => r.visit);
    const report = async (visit: string, headers: Record<string, string>) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/e',
        headers: {
          ...HOST,
          ...headers,
          cookie: cookie(),
          'content-type': 'text/plain',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
          'accept-language': 'en',
        },
        payload: JSON.stringify({ b: open, visit, ctx: 'embed', device: 'desktop', ev: [{ k: 'open', p: 1 }] }),
      });
      await ctx.app.statsIngest.flush();
      return res.statusCode;
    };
    expect(await report('owner-session-0000001', { origin: PUBLIC })).toBe(204);
    expect(await report('foreign-session-000001', embedder)).toBe(204);
    expect(await visits()).toEqual(['foreign-session-000001']);
  });
});

describe.each(DIALECTS)('session cookie attributes on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: PUBLIC, QUIRE_TRUST_PROXY: '1' } });

  it('is HttpOnly and SameSite=Lax, and Secure whenever the request came over https', async () => {
    const { response } = await signedIn(ctx, 'cookie-attrs');
    const plain = String(response.headers['set-cookie']);
    expect(plain).toMatch(/^quire_token=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);

    const { token } = await signedIn(ctx, 'cookie-https');
    const refreshed = await call(ctx.app, '/profile/session', undefined, { token, headers: { 'x-forwarded-proto': 'https' } });
    expect(String(refreshed.headers['set-cookie'])).toMatch(/^quire_token=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
  });
});
