import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginContentSchema } from '../../src/contracts/accounts';
import { totpCode } from '../../src/server/auth/totp';
import { ConfigError, loadConfig, publicClientConfig } from '../../src/server/config';
import { type MockProvider, type MockProviderName, type MockUser, startOAuthProvider } from '../e2e/support/oauth-provider';
import {
  activationToken,
  call,
  lastMail,
  nextIp,
  outbox,
  PASSWORD,
  register,
  registerActive,
  uniqueEmail,
  useAccountsApp,
} from './accounts-support';
import { DIALECTS } from './helpers';

/** One mock provider (oauth2-mock-server on 127.0.0.1) for the whole file; every app points at it. */
let mock: MockProvider;
const mockEnv: Record<string, string> = {};
beforeAll(async () => {
  mock = await startOAuthProvider();
  Object.assign(mockEnv, mock.env());
});
afterAll(async () => {
  await mock?.stop();
});

let subjectCounter = 0;
const subject = (provider: string) => `${provider}-${process.pid}-${++subjectCounter}`;

const cookieOf = (res: LightMyRequestResponse, name: string): string | undefined => {
  const header = res.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const line = list.find((c) => c.startsWith(`${name}=`));
  return line?.split(';', 1)[0];
};

/** The app's landing: `{path}#key-value` → path, key, decoded value. */
function landing(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(302);
  const url = new URL(String(res.headers.location));
  const body = url.hash.slice(1);
  const dash = body.indexOf('-');
  return { url, path: url.pathname, key: body.slice(0, dash), value: decodeURIComponent(body.slice(dash + 1)) };
}

interface Started {
  ip: string;
  cookie: string;
  authorizeUrl: URL;
}

async function start(app: FastifyInstance, provider: MockProviderName, query = 'redirect=/oauth'): Promise<Started> {
  const ip = nextIp();
  const res = await app.inject({ method: 'GET', url: `/api/oauth2/${provider}/start?v=2&${query}`, remoteAddress: ip });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  const cookie = cookieOf(res, `quire_oauth_${provider}`);
  expect(cookie).toBeTruthy();
  expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  expect(String(res.headers['set-cookie'])).toMatch(/Path=\/api\/oauth2/);
  return { ip, cookie: cookie as string, authorizeUrl: new URL(String(res.headers.location)) };
}

/** The browser at the provider: the mock approves at once and redirects to our callback. */
async function approve(started: Started): Promise<URL> {
  const res = await fetch(started.authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(String(res.headers.get('location')));
}

async function callback(app: FastifyInstance, url: URL, started: Pick<Started, 'ip' | 'cookie'> | { ip: string; cookie?: string }) {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: started.cookie ? { cookie: started.cookie } : {},
    remoteAddress: started.ip,
  });
}

/** The whole redirect flow for a user; answers the landing. */
async function signIn(app: FastifyInstance, provider: MockProviderName, user: MockUser) {
  mock.nextUser(provider, user);
  const started = await start(app, provider);
  const res = await callback(app, await approve(started), started);
  expect(cookieOf(res, `quire_oauth_${provider}`)).toBe(`quire_oauth_${provider}=`); // single use: cleared
  return landing(res);
}

async function confirm(app: FastifyInstance, hash: string) {
  const res = await call(app, '/profile/session', { hash });
  return res.json();
}

async function identities(app: FastifyInstance, provider: string, sub: string) {
  return app.db.selectFrom('social_identities').selectAll().where('provider', '=', provider).where('subject', '=', sub).execute();
}

describe.each(DIALECTS)('social sign-in on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: mockEnv });

  it('google: a new user with a verified address gets an activation code, then activates and signs in', async () => {
    const email = uniqueEmail('google-new');
    const sub = subject('google');
    const out = await signIn(ctx.app, 'google', {
      subject: sub,
      email: email.toUpperCase(),
      emailVerified: true,
      givenName: 'Grace',
      familyName: 'Hopper',
      locale: 'fr',
    });
    expect(out.url.origin).toBe(ctx.config.publicUrl);
    expect(out.path).toBe('/oauth');
    expect(out.key).toBe('activation');

    // The request to the provider: PKCE S256, OpenID scopes, our callback; the token call: HTTP Basic + verifier.
    const auth = mock.authorizeRequests.at(-1);
    expect(auth?.provider).toBe('google');
    expect(auth?.query).toMatchObject({
      response_type: 'code',
      client_id: 'quire-test.apps.googleusercontent.com',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
      redirect_uri: `${ctx.config.publicUrl}/api/oauth2/google/callback`,
    });
    expect(auth?.query.code_challenge).toMatch(/^[\w-]{43}$/);
    const tokenCall = mock.tokenRequests.at(-1);
    expect(tokenCall).toMatchObject({ provider: 'google', auth: 'basic' });
    expect(tokenCall?.body.code_verifier).toEqual(expect.any(String));
    expect(tokenCall?.body.client_secret).toBeUndefined();

    const profile = await ctx.app.db.selectFrom('profiles').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      is_active: 0,
      password_hash: null,
      firstname: 'Grace',
      lastname: 'Hopper',
      language: 'fr',
      tos_version: null,
    });
    expect(await identities(ctx.app, 'google', sub)).toMatchObject([{ profile_id: profile.id, email }]);
    expect(await outbox(ctx.config, email)).toHaveLength(0); // the provider vouched for the address: no mail

    const activated = await call(ctx.app, '/profile/activate', { hash: out.value, context: 'edu' });
    expect(activated.json().status).toBe('ok');
    const signedIn = await confirm(ctx.app, activated.json().content.hash);
    expect(signedIn.status).toBe('ok');
    const content = v.parse(LoginContentSchema, signedIn.content);
    expect(content.profile).toMatchObject({ email, isActive: true, firstname: 'Grace' });
    expect(content.account).toMatchObject({ name: 'Grace Hopper', context: 'edu' });
    expect(content.account.attributes).toMatchObject({ signup_provider: 'google' });
    expect(content.tos).toEqual({ required: true, accepted: false }); // terms asked after the first sign-in
  });

  it('facebook: a new user gets the activation mail (inactive → register success); scope email, birthday, location', async () => {
    const email = uniqueEmail('fb-new');
    const sub = subject('facebook');
    const out = await signIn(ctx.app, 'facebook', { subject: sub, email, name: 'Fiona Book', location: 'Lyon, France' });
    expect(out).toMatchObject({ path: '/oauth', key: 'inactive', value: email });

    const auth = mock.authorizeRequests.at(-1);
    expect(auth?.query).toMatchObject({
      client_id: '100200300400',
      scope: 'email user_birthday user_location',
      code_challenge_method: 'S256',
    });
    expect(mock.tokenRequests.at(-1)).toMatchObject({ provider: 'facebook', auth: 'post', body: { client_id: '100200300400' } });

    const profile = await ctx.app.db.selectFrom('profiles').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const account = await ctx.app.db.selectFrom('accounts').selectAll().where('id', '=', profile.account_id).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: 'Fiona Book', city: 'Lyon', country: 'France' });
    const mail = await lastMail(ctx.config, email);
    expect(mail.subject).toBe('Activate your Quire account');
    expect(mail.text).toMatch(/^Hello,$/m); // an unconfirmed address: no name chosen by the requester
    expect(mail.text).not.toContain('Fiona');

    // The mailed link activates it; the next facebook sign-in then answers a ready login hash.
    const activated = await call(ctx.app, '/profile/activate', { hash: activationToken(mail), context: 'ind' });
    expect((await confirm(ctx.app, activated.json().content.hash)).status).toBe('ok');
    const again = await signIn(ctx.app, 'facebook', { subject: sub, email, name: 'Fiona Book' });
    expect(again.key).toBe('hash');
    const signedIn = await confirm(ctx.app, again.value);
    expect(signedIn).toMatchObject({ status: 'ok', content: { profile: { email } } });
  });

  it('linkedin: an active profile with the verified address is linked and answers a hash (no e-mailed code)', async () => {
    const email = uniqueEmail('li-known');
    await registerActive(ctx, email);
    const mailsBefore = (await outbox(ctx.config, email)).length;
    const sub = subject('linkedin');
    const out = await signIn(ctx.app, 'linkedin', { subject: sub, email, emailVerified: true, givenName: 'Lin', locale: 'de' });
    expect(out.key).toBe('hash');
    expect(mock.authorizeRequests.at(-1)?.query).toMatchObject({ scope: 'openid profile email', code_challenge_method: 'S256' });
    expect(mock.tokenRequests.at(-1)).toMatchObject({ provider: 'linkedin', auth: 'post' });

    const signedIn = await confirm(ctx.app, out.value);
    expect(signedIn).toMatchObject({ status: 'ok', content: { profile: { email, isActive: true } } });
    expect(signedIn.content.profile.last_login).toEqual(expect.any(Number));
    expect(await outbox(ctx.config, email)).toHaveLength(mailsBefore); // no login code was mailed
    // A hash is single use.
    expect((await confirm(ctx.app, out.value)).content).toMatchObject({ code: 1552 });

    // Later sign-ins follow the identity, even when the provider reports another address.
    const later = await signIn(ctx.app, 'linkedin', { subject: sub, email: uniqueEmail('li-other'), emailVerified: true });
    expect(later.key).toBe('hash');
    expect((await confirm(ctx.app, later.value)).content.profile.email).toBe(email);
  });

  it('refuses to link a known address the provider does not vouch for (AUTH 174) and links nothing', async () => {
    const email = uniqueEmail('unverified');
    await registerActive(ctx, email);
    const sub = subject('google');
    const out = await signIn(ctx.app, 'google', { subject: sub, email, emailVerified: false });
    expect(out).toMatchObject({ path: '/oauth', key: 'error', value: '174' });
    expect(await identities(ctx.app, 'google', sub)).toEqual([]);
    // Facebook never vouches for an address: same answer.
    const fb = await signIn(ctx.app, 'facebook', { subject: subject('facebook'), email });
    expect(fb).toMatchObject({ key: 'error', value: '174' });
  });

  it('an unactivated password registration is taken over by the verified owner: its password stops working', async () => {
    const email = uniqueEmail('squatted');
    await register(ctx, email);
    const out = await signIn(ctx.app, 'google', { subject: subject('google'), email, emailVerified: true });
    expect(out.key).toBe('activation');
    const profile = await ctx.app.db.selectFrom('profiles').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(profile.password_hash).toBeNull();
    await call(ctx.app, '/profile/activate', { hash: out.value, context: 'ind' });
    const login = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD });
    expect(login.json()).toMatchObject({ status: 'error', content: { code: 100 } });
  });

  it('a profile with an authenticator app still gives its code after a social sign-in (155)', async () => {
    const email = uniqueEmail('totp');
    await registerActive(ctx, email);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await ctx.app.db.updateTable('profiles').set({ totp_secret: secret }).where('email', '=', email).execute();
    const out = await signIn(ctx.app, 'google', { subject: subject('google'), email, emailVerified: true });
    expect(out.key).toBe('hash');
    expect(await confirm(ctx.app, out.value)).toMatchObject({ status: 'error', content: { code: 155, hash: out.value } });
    const res = await call(ctx.app, '/profile/session', { hash: out.value, code: totpCode(secret, Date.now()) });
    expect(res.json()).toMatchObject({ status: 'ok', content: { profile: { email } } });
  });

  it('refuses another account of the same provider for a profile already linked (AUTH 175)', async () => {
    const email = uniqueEmail('twice');
    await registerActive(ctx, email);
    expect((await signIn(ctx.app, 'google', { subject: subject('google'), email, emailVerified: true })).key).toBe('hash');
    const second = await signIn(ctx.app, 'google', { subject: subject('google'), email, emailVerified: true });
    expect(second).toMatchObject({ key: 'error', value: '175' });
  });

  it('refuses a user without an e-mail address (AUTH 173)', async () => {
    const out = await signIn(ctx.app, 'linkedin', { subject: subject('linkedin'), email: null });
    expect(out).toMatchObject({ key: 'error', value: '173' });
  });

  it('refuses a callback whose state does not match the cookie, or without the cookie (AUTH 171)', async () => {
    mock.nextUser('google', { subject: subject('google'), email: uniqueEmail('state'), emailVerified: true });
    const started = await start(ctx.app, 'google');
    const back = await approve(started);
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expect(landing(await callback(ctx.app, tampered, started))).toMatchObject({ key: 'error', value: '171' });
    // The cookie was spent by that attempt: the genuine callback is refused too.
    expect(landing(await callback(ctx.app, back, { ip: started.ip }))).toMatchObject({ key: 'error', value: '171' });
    // A forged cookie (bad signature) is no cookie.
    const forged = `${started.cookie.slice(0, -4)}0000`;
    expect(landing(await callback(ctx.app, back, { ip: started.ip, cookie: forged }))).toMatchObject({ key: 'error', value: '171' });
  });

  it('refuses a code bound to another code verifier (PKCE mismatch → AUTH 172)', async () => {
    // Flow A's state and cookie (its verifier) with flow B's code: the provider refuses the verifier.
    const a = await start(ctx.app, 'google');
    mock.nextUser('google', { subject: subject('google'), email: uniqueEmail('pkce'), emailVerified: true });
    const b = await start(ctx.app, 'google');
    const backB = await approve(b);
    const mixed = new URL(backB);
    mixed.searchParams.set('state', String(a.authorizeUrl.searchParams.get('state')));
    const res = await callback(ctx.app, mixed, a);
    expect(landing(res)).toMatchObject({ key: 'error', value: '172' });
  });

  it('an expired start is refused (ten minutes)', async () => {
    mock.nextUser('google', { subject: subject('google'), email: uniqueEmail('late'), emailVerified: true });
    const started = await start(ctx.app, 'google');
    const back = await approve(started);
    ctx.advance(11 * 60_000);
    expect(landing(await callback(ctx.app, back, started))).toMatchObject({ key: 'error', value: '171' });
  });

  it('the user declining at the provider lands on #error-abort', async () => {
    const started = await start(ctx.app, 'linkedin');
    const url = new URL('http://localhost/api/oauth2/linkedin/callback');
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('state', String(started.authorizeUrl.searchParams.get('state')));
    expect(landing(await callback(ctx.app, url, started))).toMatchObject({ path: '/oauth', key: 'error', value: 'abort' });
  });

  it('lands on the redirect path asked for; refuses redirects off this site', async () => {
    mock.nextUser('google', { subject: subject('google'), email: uniqueEmail('path'), emailVerified: true });
    const started = await start(ctx.app, 'google', 'redirect=/login%3Ffrom%3Doauth');
    const out = landing(await callback(ctx.app, await approve(started), started));
    expect(`${out.url.pathname}${out.url.search}`).toBe('/login?from=oauth');
    for (const bad of ['//evil.example', 'https://evil.example/', '/a#b', 'oauth']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/oauth2/google/start?v=2&redirect=${encodeURIComponent(bad)}` });
      expect(res.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['redirect'] } });
    }
  });

  it('answers 404 for an unknown provider; start needs v=2, the provider callback does not', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/oauth2/myspace/start?v=2' });
    expect(unknown.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 404 } });
    const noVersion = await ctx.app.inject({ method: 'GET', url: '/api/oauth2/google/start' });
    expect(noVersion.json()).toMatchObject({ status: 'error', content: { code: 426 } });
    const cb = await ctx.app.inject({ method: 'GET', url: '/api/oauth2/google/callback?code=x&state=y' });
    expect(landing(cb)).toMatchObject({ key: 'error', value: '171' });
  });

  describe('POST {api}/oauth2/{provider} with an SDK token', () => {
    it('answers the three outcomes as an envelope', async () => {
      const fresh = uniqueEmail('tok-new');
      const token = await mock.issueToken('google', { subject: subject('google'), email: fresh, emailVerified: true, name: 'Tok En' });
      const res = await call(ctx.app, '/oauth2/google', {
        oauth_token: token,
        service: 'google',
        language: 'es',
        origin_source: 'ad',
        origin_campaign: 'spring',
        fingerprint: 'fp1',
      });
      expect(res.json()).toMatchObject({ status: 'ok', content: { kind: 'activation', hash: expect.stringMatching(/^[\w-]{43}$/) } });
      const profile = await ctx.app.db.selectFrom('profiles').selectAll().where('email', '=', fresh).executeTakeFirstOrThrow();
      expect(profile.language).toBe('es');
      const account = await ctx.app.db.selectFrom('accounts').selectAll().where('id', '=', profile.account_id).executeTakeFirstOrThrow();
      expect(JSON.parse(account.attributes)).toEqual({ signup_provider: 'google', origin_source: 'ad', origin_campaign: 'spring' });

      const fbEmail = uniqueEmail('tok-fb');
      const fbUser = { subject: subject('facebook'), email: fbEmail, name: 'Form Body' };
      const fb = await call(ctx.app, '/oauth2/facebook', { oauth_token: await mock.issueToken('facebook', fbUser) }, { form: true });
      expect(fb.json()).toMatchObject({ status: 'ok', content: { kind: 'inactive', email: fbEmail } });
      await call(ctx.app, '/profile/activate', { hash: activationToken(await lastMail(ctx.config, fbEmail)), context: 'ind' });
      const again = await call(ctx.app, '/oauth2/facebook', {
        oauth_token: await mock.issueToken('facebook', fbUser),
        service: 'facebook',
      });
      expect(again.json()).toMatchObject({ status: 'ok', content: { kind: 'hash' } });
      expect((await confirm(ctx.app, again.json().content.hash)).content.profile.email).toBe(fbEmail);

      const liEmail = uniqueEmail('tok-li');
      await registerActive(ctx, liEmail);
      const li = await call(ctx.app, '/oauth2/linkedin', {
        oauth_token: await mock.issueToken('linkedin', { subject: subject('linkedin'), email: liEmail, emailVerified: true }),
        redirect: 'https://app.example/oauth',
      });
      expect(li.json()).toMatchObject({ status: 'ok', content: { kind: 'hash' } });
    });

    it('refuses a token the provider does not know, or one issued to another app (AUTH 176)', async () => {
      const unknown = await call(ctx.app, '/oauth2/google', { oauth_token: 'not-a-token' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 176 } });
      for (const provider of ['google', 'facebook', 'linkedin'] as const) {
        const user = { subject: subject(provider), email: uniqueEmail('foreign'), emailVerified: true };
        const token = await mock.issueToken(provider, user, { clientId: 'someone-elses-app' });
        const res = await call(ctx.app, `/oauth2/${provider}`, { oauth_token: token });
        expect(res.json()).toMatchObject({ status: 'error', content: { code: 176 } });
        expect(await identities(ctx.app, provider, user.subject)).toEqual([]);
      }
    });

    it('validates the body', async () => {
      const missing = await call(ctx.app, '/oauth2/google', {});
      expect(missing.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['oauth_token'] } });
      const other = await call(ctx.app, '/oauth2/google', { oauth_token: 'x', service: 'linkedin' });
      expect(other.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['service'] } });
    });
  });
});

describe.each(DIALECTS)('social sign-in with only google enabled on %s', (dialect) => {
  const env: Record<string, string> = {};
  beforeAll(() => {
    Object.assign(env, mock.env(['google']));
  });
  const ctx = useAccountsApp(dialect, { env });

  it('a disabled provider answers AUTH 170 (start lands on the app, the token call as an envelope)', async () => {
    expect(publicClientConfig(ctx.config).social).toEqual(['google']);
    const started = await ctx.app.inject({ method: 'GET', url: '/api/oauth2/linkedin/start?v=2&redirect=/oauth', remoteAddress: nextIp() });
    expect(landing(started)).toMatchObject({ path: '/oauth', key: 'error', value: '170' });
    const posted = await call(ctx.app, '/oauth2/facebook', { oauth_token: 'whatever' });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 170 } });
    // The enabled one works.
    const email = uniqueEmail('only-google');
    mock.nextUser('google', { subject: subject('google'), email, emailVerified: true });
    const ok = await start(ctx.app, 'google');
    expect(landing(await callback(ctx.app, await approve(ok), ok)).key).toBe('activation');
  });
});

describe('social sign-in configuration', () => {
  it('enables a provider with its client id and secret; endpoints default to the provider, overrides win', () => {
    expect(loadConfig({}).social).toEqual({});
    const config = loadConfig({
      QUIRE_OAUTH_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      QUIRE_OAUTH_GOOGLE_CLIENT_SECRET: 'GOCSPX-secret',
      QUIRE_OAUTH_LINKEDIN_CLIENT_ID: 'li',
      QUIRE_OAUTH_LINKEDIN_CLIENT_SECRET: 'li-secret',
      QUIRE_OAUTH_LINKEDIN_TOKEN_URL: 'http://127.0.0.1:9999/token',
      QUIRE_OAUTH_FACEBOOK_USERINFO_URL: 'https://graph.example/me', // no credentials: still disabled
    });
    expect(config.social.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-secret',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      tokeninfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
    });
    expect(config.social.linkedin).toMatchObject({
      tokenUrl: 'http://127.0.0.1:9999/token',
      authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    });
    expect(config.social.facebook).toBeUndefined();
    const pub = publicClientConfig(config);
    expect(pub.social).toEqual(['google', 'linkedin']);
    expect(JSON.stringify(pub)).not.toMatch(/secret|googleusercontent/);
  });

  it.each([
    [{ QUIRE_OAUTH_GOOGLE_CLIENT_ID: 'id' }, ['QUIRE_OAUTH_GOOGLE_CLIENT_SECRET'], 'is required when QUIRE_OAUTH_GOOGLE_CLIENT_ID is set'],
    [{ QUIRE_OAUTH_FACEBOOK_CLIENT_SECRET: 's' }, ['QUIRE_OAUTH_FACEBOOK_CLIENT_ID'], 'is required when'],
    [
      { QUIRE_OAUTH_LINKEDIN_AUTHORIZE_URL: 'ftp://x.example/auth' },
      ['QUIRE_OAUTH_LINKEDIN_AUTHORIZE_URL'],
      'must be an absolute http(s) URL',
    ],
    [{ QUIRE_OAUTH_GOOGLE_USERINFO_URL: '/userinfo' }, ['QUIRE_OAUTH_GOOGLE_USERINFO_URL'], 'must be an absolute http(s) URL'],
    [
      { QUIRE_OAUTH_GOOGLE_CLIENT_ID: 'has space', QUIRE_OAUTH_GOOGLE_CLIENT_SECRET: 's' },
      ['QUIRE_OAUTH_GOOGLE_CLIENT_ID'],
      'must be a client id',
    ],
  ])('refuses %j, naming the variable', (env, variables, message) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(variables);
    expect((error as ConfigError).message).toContain(`${variables[0]}: ${message}`);
  });
});
