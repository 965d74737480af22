import { rm } from 'node:fs/promises';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/auth/crypto';
import { loadConfig } from '../../src/server/config';
import { publicBase, secureCookies } from '../../src/server/public-url';
import { type MockProvider, startOAuthProvider } from '../e2e/support/oauth-provider';
import {
  activationToken,
  call,
  lastMail,
  nextIp,
  PASSWORD,
  type ParsedMail,
  resetToken,
  uniqueEmail,
  useAccountsApp,
} from './accounts-support';
import { DIALECTS } from './helpers';
import { linkHref, metaContent } from './html-support';
import { makeBook, makeReaderPublicDir } from './reader-support';

/**
 * Absolute URLs come from configuration, never from the request's Host or X-Forwarded-* headers
 * (DESIGN §11): a reset or activation link mailed to `http://evil.example/…` hands the token to
 * whoever sent the request. QUIRE_PUBLIC_URL (default http://localhost:$QUIRE_PORT) is the base;
 * behind a trusted proxy, only the origins of QUIRE_PUBLIC_HOSTS may replace it.
 */

const DEFAULT_BASE = 'http://localhost:3000';
const EVIL = 'evil.example';
/** Everything a client can claim about where it sent the request. */
const HOSTILE = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' };

const PUBLIC_URL = 'https://books.example.com';
const PUBLIC_HOSTS = 'https://alt.example.com, http://intranet.example:8080';

/** One mock provider (oauth2-mock-server on 127.0.0.1) for the file; the apps' env get its variables before they start. */
let mock: MockProvider;
const mockEnvs: Record<string, string>[] = [];
const withFacebook = (env: Record<string, string>) => {
  mockEnvs.push(env);
  return env;
};
beforeAll(async () => {
  mock = await startOAuthProvider();
  // Facebook only: linkedin stays off (its start lands on the app with an error).
  for (const env of mockEnvs) Object.assign(env, mock.env(['facebook']));
});
afterAll(async () => {
  await mock?.stop();
});

const send = (app: FastifyInstance, method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
    remoteAddress: nextIp(),
  });
const api = (app: FastifyInstance, url: string, headers: Record<string, string>, body?: Record<string, unknown>) =>
  send(app, body === undefined ? 'GET' : 'POST', `/api${url}${url.includes('?') ? '&' : '?'}v=2`, headers, body);

/** Every absolute URL in a mail (text and html parts). */
const linksOf = (mail: ParsedMail) => [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);

function expectLinksOn(mail: ParsedMail, base: string, paths: string[]) {
  expect(mail.raw).not.toContain(EVIL);
  const links = linksOf(mail);
  for (const p of paths)
    expect(
      links.some((l) => l.startsWith(`${base}${p}`)),
      `${p} in ${links.join(' ')}`,
    ).toBe(true);
}

const cookieLine = (res: LightMyRequestResponse, name: string) => {
  const header = res.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return list.find((c) => c.startsWith(`${name}=`)) ?? '';
};

describe('publicBase', () => {
  const apps: FastifyInstance[] = [];
  async function appWith(env: Record<string, string>) {
    const app = Fastify({ trustProxy: env.QUIRE_TRUST_PROXY === '1' });
    app.decorate('config', loadConfig(env));
    app.get('/', async (request) => ({ base: publicBase(app, request), secure: secureCookies(app, request) }));
    apps.push(app);
    return app;
  }
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  const baseFor = async (app: FastifyInstance, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/', headers })).json() as { base: string; secure: boolean };

  it('is QUIRE_PUBLIC_URL (default http://localhost:$QUIRE_PORT) whatever Host and X-Forwarded-* say', async () => {
    for (const [env, base] of [
      [{}, DEFAULT_BASE],
      [{ QUIRE_PORT: '4390' }, 'http://localhost:4390'],
      [{ QUIRE_PUBLIC_URL: `${PUBLIC_URL}/` }, PUBLIC_URL],
      [{ QUIRE_TRUST_PROXY: '1' }, DEFAULT_BASE],
      [{ QUIRE_TRUST_PROXY: '1', QUIRE_PUBLIC_URL: PUBLIC_URL }, PUBLIC_URL],
      // An allow-list is only consulted behind a trusted proxy; the hostile host is not on it anyway.
      [{ QUIRE_TRUST_PROXY: '1', QUIRE_PUBLIC_URL: PUBLIC_URL, QUIRE_PUBLIC_HOSTS: PUBLIC_HOSTS }, PUBLIC_URL],
    ] as const) {
      const app = await appWith(env);
      const claims: Record<string, string>[] = [HOSTILE, { host: EVIL }, { host: 'localhost:3000', 'x-forwarded-host': EVIL }];
      for (const headers of claims) {
        // Secure cookies also when the request itself came over https (behind a trusted proxy).
        const overHttps = 'QUIRE_TRUST_PROXY' in env && headers['x-forwarded-proto'] === 'https';
        expect(await baseFor(app, headers), JSON.stringify({ env, headers })).toEqual({
          base,
          secure: base.startsWith('https:') || overHttps,
        });
      }
    }
  });

  it('behind a trusted proxy, admits exactly the origins of QUIRE_PUBLIC_HOSTS (the configured spelling)', async () => {
    const app = await appWith({ QUIRE_TRUST_PROXY: '1', QUIRE_PUBLIC_URL: PUBLIC_URL, QUIRE_PUBLIC_HOSTS: PUBLIC_HOSTS });
    const cases: [Record<string, string>, string][] = [
      [{ 'x-forwarded-host': 'alt.example.com', 'x-forwarded-proto': 'https' }, 'https://alt.example.com'],
      [{ 'x-forwarded-host': 'ALT.Example.COM', 'x-forwarded-proto': 'https' }, 'https://alt.example.com'],
      [{ 'x-forwarded-host': 'alt.example.com:443', 'x-forwarded-proto': 'https' }, 'https://alt.example.com'],
      [{ host: 'intranet.example:8080' }, 'http://intranet.example:8080'],
      [{ 'x-forwarded-host': 'intranet.example:8080', 'x-forwarded-proto': 'http' }, 'http://intranet.example:8080'],
      // The proxy appends: the last entry is the one it vouches for.
      [{ 'x-forwarded-host': `${EVIL}, alt.example.com`, 'x-forwarded-proto': 'https' }, 'https://alt.example.com'],
      // Anything else is the public URL.
      [{ 'x-forwarded-host': 'alt.example.com', 'x-forwarded-proto': 'http' }, PUBLIC_URL],
      [{ 'x-forwarded-host': 'alt.example.com' }, PUBLIC_URL],
      [{ 'x-forwarded-host': 'alt.example.com:8443', 'x-forwarded-proto': 'https' }, PUBLIC_URL],
      [{ 'x-forwarded-host': 'alt.example.com.evil.example', 'x-forwarded-proto': 'https' }, PUBLIC_URL],
      [{ 'x-forwarded-host': 'evil.example@alt.example.com', 'x-forwarded-proto': 'https' }, PUBLIC_URL],
      [{ 'x-forwarded-host': 'alt.example.com/x', 'x-forwarded-proto': 'https' }, PUBLIC_URL],
      [{ 'x-forwarded-host': `alt.example.com, ${EVIL}`, 'x-forwarded-proto': 'https' }, PUBLIC_URL],
      [{ host: 'intranet.example' }, PUBLIC_URL],
      [{ host: 'intranet.example:8080', 'x-forwarded-proto': 'https' }, PUBLIC_URL],
      [HOSTILE, PUBLIC_URL],
    ];
    for (const [headers, base] of cases) {
      expect(await baseFor(app, headers), JSON.stringify(headers)).toEqual({ base, secure: base.startsWith('https:') });
    }
  });
});

describe.each(DIALECTS)('absolute URLs with the default public URL on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: withFacebook({ QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' }) });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));

  it('defaults to http://localhost:$QUIRE_PORT', () => {
    expect(ctx.config.publicUrl).toBe(DEFAULT_BASE);
  });

  it('mails registration, "already registered", resend and reset links on the public URL, never the Host', async () => {
    const email = uniqueEmail('hosted');
    const registered = await api(ctx.app, '/account/', HOSTILE, { name: 'Ada', email, password: PASSWORD, tos: 1, language: 'en' });
    expect(registered.json().status).toBe('ok');
    const activation = await lastMail(ctx.config, email);
    expectLinksOn(activation, DEFAULT_BASE, ['/activate#hash-']);

    await api(ctx.app, '/account/', HOSTILE, { name: 'Ada', email, password: PASSWORD, tos: 1, language: 'en' });
    expectLinksOn(await lastMail(ctx.config, email), DEFAULT_BASE, ['/login', '/forgot']);

    await api(ctx.app, '/profile/reactivate', HOSTILE, { email });
    const resent = await lastMail(ctx.config, email);
    expectLinksOn(resent, DEFAULT_BASE, ['/activate#hash-']);
    expect(activationToken(resent)).not.toBe(activationToken(activation));

    await api(ctx.app, '/profile/password/request', HOSTILE, { email });
    const reset = await lastMail(ctx.config, email);
    expectLinksOn(reset, DEFAULT_BASE, ['/reset#hash-']);
    expect(resetToken(reset)).toMatch(/^[\w-]{43}$/);
  });

  it('OAuth: the provider gets the configured callback, the landings and the activation mail are on the public URL', async () => {
    const email = uniqueEmail('fb-hosted');
    mock.nextUser('facebook', { subject: `fb-${newId()}`, email, name: 'Fiona Host' });
    const started = await api(ctx.app, '/oauth2/facebook/start?redirect=/oauth', HOSTILE);
    expect(started.statusCode).toBe(302);
    const authorize = new URL(String(started.headers.location));
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${DEFAULT_BASE}/api/oauth2/facebook/callback`);
    expect(cookieLine(started, 'quire_oauth_facebook')).not.toMatch(/Secure/i);

    const approved = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(String(approved.headers.get('location')));
    expect(back.origin).toBe(DEFAULT_BASE);
    const cookie = cookieLine(started, 'quire_oauth_facebook').split(';', 1)[0] as string;
    const landed = await send(ctx.app, 'GET', `${back.pathname}${back.search}`, { ...HOSTILE, cookie });
    expect(landed.statusCode).toBe(302);
    expect(String(landed.headers.location)).toBe(`${DEFAULT_BASE}/oauth#inactive-${encodeURIComponent(email)}`);
    expectLinksOn(await lastMail(ctx.config, email), DEFAULT_BASE, ['/activate#hash-']);

    // A provider that is off, and a callback without its state cookie: landings on the public URL too.
    const off = await api(ctx.app, '/oauth2/linkedin/start?redirect=/oauth', HOSTILE);
    expect(String(off.headers.location)).toMatch(new RegExp(`^${DEFAULT_BASE}/oauth#error-`));
    const stateless = await send(ctx.app, 'GET', `${back.pathname}${back.search}`, HOSTILE);
    expect(String(stateless.headers.location)).toMatch(new RegExp(`^${DEFAULT_BASE}/oauth#error-`));
  });

  it('reader, publication, oEmbed and library widget pages name the public URL, never the Host', async () => {
    const owner = newId();
    await ctx.app.db.insertInto('accounts').values({ id: owner, name: 'Hosted Books', ats: Date.now(), created_at: Date.now() }).execute();
    const book = await makeBook(ctx.app, owner, { name: 'Hosted' });
    const oembed = `/oembed?url=${encodeURIComponent(`${DEFAULT_BASE}/read/${book}`)}&format=json`;
    const pages: Record<string, [url: string, link: string]> = {
      reader: [`/read/${book}`, `/read/${book}`],
      publication: [`/publication/${book}`, `/read/${book}`],
      oembed: [oembed, `/read/${book}`],
      widget: [`/library/?type=account&id=${owner}`, `/publication/${book}`],
    };
    for (const [name, [url, link]] of Object.entries(pages)) {
      const res = await send(ctx.app, 'GET', url, HOSTILE);
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).not.toContain(EVIL);
      expect(res.body, name).toContain(`${DEFAULT_BASE}${link}`);
    }
    const reader = await send(ctx.app, 'GET', `/read/${book}`, HOSTILE);
    expect(linkHref(reader.body, 'canonical')).toBe(`${DEFAULT_BASE}/read/${book}`);
    expect(metaContent(reader.body, 'og:image')).toMatch(new RegExp(`^${DEFAULT_BASE}/thumbs/${book}/`));
    expect((await send(ctx.app, 'GET', oembed, HOSTILE)).json()).toMatchObject({
      provider_url: `${DEFAULT_BASE}/`,
      author_url: `${DEFAULT_BASE}/publisher/${owner}`,
    });
  });

  it('sends no HSTS and no Secure cookies when a request claims https', async () => {
    const res = await send(ctx.app, 'GET', '/healthz', HOSTILE);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const email = uniqueEmail('cookie');
    await api(ctx.app, '/account/', {}, { name: 'Ada', email, password: PASSWORD, tos: 1, language: 'en' });
    const activated = await call(ctx.app, '/profile/activate', {
      hash: activationToken(await lastMail(ctx.config, email)),
      context: 'ind',
    });
    const signed = await api(ctx.app, '/profile/session', HOSTILE, { hash: activated.json().content.hash });
    expect(signed.json().status).toBe('ok');
    expect(cookieLine(signed, 'quire_token')).toMatch(/^quire_token=.+HttpOnly/);
    expect(cookieLine(signed, 'quire_token')).not.toMatch(/Secure/i);
  });
});

describe.each(DIALECTS)('behind a trusted proxy with QUIRE_PUBLIC_HOSTS on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, {
    env: withFacebook({ QUIRE_TRUST_PROXY: '1', QUIRE_PUBLIC_URL: PUBLIC_URL, QUIRE_PUBLIC_HOSTS: PUBLIC_HOSTS }),
  });

  it.each([
    ['an allowed https origin', { 'x-forwarded-host': 'alt.example.com', 'x-forwarded-proto': 'https' }, 'https://alt.example.com', true],
    ['an allowed http origin', { host: 'intranet.example:8080' }, 'http://intranet.example:8080', false],
    ['a host not on the list', HOSTILE, PUBLIC_URL, true],
    ['an allowed host on the wrong scheme', { 'x-forwarded-host': 'alt.example.com', 'x-forwarded-proto': 'http' }, PUBLIC_URL, true],
  ])('%s: mail links, the OAuth callback and Secure cookies follow %s', async (_name, headers, base, secure) => {
    const email = uniqueEmail('proxied');
    await api(ctx.app, '/account/', headers, { name: 'Ada', email, password: PASSWORD, tos: 1, language: 'en' });
    expectLinksOn(await lastMail(ctx.config, email), base, ['/activate#hash-']);
    await api(ctx.app, '/profile/password/request', headers, { email });
    expectLinksOn(await lastMail(ctx.config, email), base, ['/reset#hash-']);

    const started = await api(ctx.app, '/oauth2/facebook/start?redirect=/oauth', headers);
    expect(new URL(String(started.headers.location)).searchParams.get('redirect_uri')).toBe(`${base}/api/oauth2/facebook/callback`);
    expect(/;\s*Secure/i.test(cookieLine(started, 'quire_oauth_facebook'))).toBe(secure);
    const off = await api(ctx.app, '/oauth2/linkedin/start?redirect=/oauth', headers);
    expect(String(off.headers.location).startsWith(`${base}/oauth#error-`)).toBe(true);
  });

  it('sends HSTS (the public URL is https)', async () => {
    const res = await send(ctx.app, 'GET', '/healthz', { host: EVIL });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
