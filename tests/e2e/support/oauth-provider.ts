import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local stand-in for the three social sign-in providers (oauth2-mock-server on 127.0.0.1), used by
 * the server tests (in process) and the e2e run (started by global-setup, steered over HTTP).
 *
 * - `/authorize` approves at once and binds the code to the next queued user of the client
 *   (`nextUser`, or `POST /_test/next-user {provider, user}` from another process);
 * - `/token` (the mock's own, PKCE-checking) is made stricter: single-use codes, the same redirect
 *   URI, a verifier whenever a challenge was sent, and each provider's client authentication
 *   (HTTP Basic for google, the secret in the body for facebook and linkedin);
 * - userinfo answers in each provider's shape (`/google/userinfo`, `/linkedin/userinfo` OpenID
 *   Connect; `/facebook/me` Graph API), 401 for unknown tokens;
 * - tokeninfo like each provider (`/google/tokeninfo`, `/facebook/debug_token`, `/linkedin/introspectToken`).
 */
export const MOCK_PROVIDERS = ['facebook', 'google', 'linkedin'] as const;
export type MockProviderName = (typeof MOCK_PROVIDERS)[number];
export const MOCK_CLIENT_IDS: Record<MockProviderName, string> = {
  facebook: '100200300400',
  google: 'quire-test.apps.googleusercontent.com',
  linkedin: 'quireTestLinkedIn',
};
export const MOCK_CLIENT_SECRET = 'mock-provider-client-secret';
/** Where global-setup starts it for the e2e run (the webServer's QUIRE_OAUTH_* point there). */
export const E2E_OAUTH_PORT = Number(process.env.QUIRE_E2E_OAUTH_PORT ?? 4392);
export const E2E_OAUTH_URL = `http://127.0.0.1:${E2E_OAUTH_PORT}`;
/** The support chat script the mock serves (the e2e server's QUIRE_SUPPORT_CHAT_URL). */
export const SUPPORT_CHAT_PATH = '/_test/support-chat.js';

export interface MockUser {
  subject: string;
  email?: string | null;
  /** OpenID Connect `email_verified` (google, linkedin); Facebook has no such flag. */
  emailVerified?: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  locale?: string;
  /** Facebook `location.name`, e.g. "Lyon, France". */
  location?: string;
}

/** The QUIRE_OAUTH_* variables that point a Quire server at a mock provider running at `baseUrl`. */
export function mockProviderEnv(baseUrl: string, providers: readonly MockProviderName[] = MOCK_PROVIDERS): Record<string, string> {
  const env: Record<string, string> = {};
  const userinfo: Record<MockProviderName, string> = {
    facebook: `${baseUrl}/facebook/me?fields=id,name,email,first_name,last_name,birthday,location`,
    google: `${baseUrl}/google/userinfo`,
    linkedin: `${baseUrl}/linkedin/userinfo`,
  };
  const tokeninfo: Record<MockProviderName, string> = {
    facebook: `${baseUrl}/facebook/debug_token`,
    google: `${baseUrl}/google/tokeninfo`,
    linkedin: `${baseUrl}/linkedin/introspectToken`,
  };
  for (const p of providers) {
    const prefix = `QUIRE_OAUTH_${p.toUpperCase()}`;
    env[`${prefix}_CLIENT_ID`] = MOCK_CLIENT_IDS[p];
    env[`${prefix}_CLIENT_SECRET`] = MOCK_CLIENT_SECRET;
    env[`${prefix}_AUTHORIZE_URL`] = `${baseUrl}/authorize`;
    env[`${prefix}_TOKEN_URL`] = `${baseUrl}/token`;
    env[`${prefix}_USERINFO_URL`] = userinfo[p];
    env[`${prefix}_TOKENINFO_URL`] = tokeninfo[p];
  }
  return env;
}

export interface AuthorizeRequest {
  provider: MockProviderName;
  query: Record<string, string>;
}
export interface TokenRequestSeen {
  provider: MockProviderName;
  auth: 'basic' | 'post' | 'none';
  body: Record<string, unknown>;
}

export interface MockProvider {
  /** `http://127.0.0.1:<port>` */
  url: string;
  env(providers?: readonly MockProviderName[]): Record<string, string>;
  /** The user the next authorization of this provider's client signs in as. */
  nextUser(provider: MockProviderName, user: MockUser): void;
  /** An access token as a provider SDK would hold it (for `POST {api}/oauth2/{provider}`); `clientId` another app's. */
  issueToken(provider: MockProviderName, user: MockUser, options?: { clientId?: string }): Promise<string>;
  authorizeRequests: AuthorizeRequest[];
  tokenRequests: TokenRequestSeen[];
  stop(): Promise<void>;
}

interface CodeGrant {
  provider: MockProviderName;
  user: MockUser;
  redirectUri: string;
  challenged: boolean;
}
interface TokenGrant {
  provider: MockProviderName;
  user: MockUser;
  clientId: string;
}

const providerOfClient = (clientId: unknown): MockProviderName | undefined => MOCK_PROVIDERS.find((p) => MOCK_CLIENT_IDS[p] === clientId);

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

const bearer = (req: IncomingMessage) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

function basicCredentials(req: IncomingMessage): { id: string; secret: string } | undefined {
  const raw = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!raw) return undefined;
  const decoded = Buffer.from(raw, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Userinfo in the provider's own shape. */
function userinfo(provider: MockProviderName, u: MockUser): Record<string, unknown> {
  if (provider === 'facebook') {
    return {
      id: u.subject,
      ...(u.email ? { email: u.email } : {}),
      name: u.name ?? [u.givenName, u.familyName].filter(Boolean).join(' '),
      first_name: u.givenName,
      last_name: u.familyName,
      birthday: '01/31/1990',
      ...(u.location ? { location: { id: '1', name: u.location } } : {}),
    };
  }
  return {
    sub: u.subject,
    ...(u.email ? { email: u.email, email_verified: u.emailVerified ?? false } : {}),
    name: u.name ?? [u.givenName, u.familyName].filter(Boolean).join(' '),
    given_name: u.givenName,
    family_name: u.familyName,
    // LinkedIn sends an object, Google a string.
    ...(u.locale ? { locale: provider === 'linkedin' ? { country: 'US', language: u.locale } : u.locale } : {}),
  };
}

const defaultUser = (provider: MockProviderName): MockUser => ({
  subject: `${provider}-default`,
  email: `${provider}-default@example.org`,
  emailVerified: provider !== 'facebook',
  name: `Default ${provider}`,
});

/** Starts the mock provider on 127.0.0.1 (port 0: any free port). */
export async function startOAuthProvider(port = 0): Promise<MockProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const queued = new Map<MockProviderName, MockUser[]>();
  const codes = new Map<string, CodeGrant>();
  const tokens = new Map<string, TokenGrant>();
  const authorizeRequests: AuthorizeRequest[] = [];
  const tokenRequests: TokenRequestSeen[] = [];
  const service = server.service;

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage & { query?: Record<string, unknown> }) => {
    const query = Object.fromEntries(Object.entries(req.query ?? {}).map(([k, v]) => [k, String(v)]));
    const provider = providerOfClient(query.client_id);
    const code = redirect.url.searchParams.get('code');
    if (!provider || !code) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'unauthorized_client');
      return;
    }
    authorizeRequests.push({ provider, query });
    const user = queued.get(provider)?.shift() ?? defaultUser(provider);
    codes.set(code, { provider, user, redirectUri: query.redirect_uri ?? '', challenged: Boolean(query.code_challenge) });
  });

  service.on(
    'beforeResponse',
    (response: { statusCode: number; body: Record<string, unknown> | '' }, req: IncomingMessage & { body: Record<string, unknown> }) => {
      const body = req.body ?? {};
      if (body.grant_type !== 'authorization_code') return;
      const fail = (status: number, error: string) => {
        response.statusCode = status;
        response.body = { error };
      };
      const grant = codes.get(String(body.code));
      codes.delete(String(body.code));
      if (!grant) return fail(400, 'invalid_grant');
      const basic = basicCredentials(req);
      const auth = basic ? 'basic' : body.client_secret !== undefined ? 'post' : 'none';
      tokenRequests.push({ provider: grant.provider, auth, body });
      const wanted = grant.provider === 'google' ? 'basic' : 'post';
      const id = basic ? basic.id : body.client_id;
      const secret = basic ? basic.secret : body.client_secret;
      if (auth !== wanted || id !== MOCK_CLIENT_IDS[grant.provider] || secret !== MOCK_CLIENT_SECRET) return fail(401, 'invalid_client');
      if (body.redirect_uri !== grant.redirectUri) return fail(400, 'invalid_grant');
      if (grant.challenged && typeof body.code_verifier !== 'string') return fail(400, 'invalid_grant');
      if (response.body === '' || typeof response.body.access_token !== 'string') return;
      tokens.set(response.body.access_token, { provider: grant.provider, user: grant.user, clientId: MOCK_CLIENT_IDS[grant.provider] });
    },
  );

  const grantOf = (req: IncomingMessage, provider: MockProviderName) => {
    const token = bearer(req);
    const grant = token ? tokens.get(token) : undefined;
    return grant && grant.provider === provider ? grant : undefined;
  };
  for (const [provider, path] of [
    ['facebook', '/facebook/me'],
    ['google', '/google/userinfo'],
    ['linkedin', '/linkedin/userinfo'],
  ] as const) {
    service.addRoute('GET', path, (req, res) => {
      const grant = grantOf(req, provider);
      if (!grant) return sendJson(res, 401, { error: 'invalid_token' });
      sendJson(res, 200, userinfo(provider, grant.user));
    });
  }
  service.addRoute('GET', '/google/tokeninfo', (req, res) => {
    const grant = tokens.get(String(req.query.access_token));
    if (grant?.provider !== 'google') return sendJson(res, 400, { error: 'invalid_token' });
    sendJson(res, 200, { aud: grant.clientId, azp: grant.clientId, sub: grant.user.subject, expires_in: '3599' });
  });
  service.addRoute('GET', '/facebook/debug_token', (req, res) => {
    if (req.query.access_token !== `${MOCK_CLIENT_IDS.facebook}|${MOCK_CLIENT_SECRET}`) return sendJson(res, 400, { error: { code: 190 } });
    const grant = tokens.get(String(req.query.input_token));
    if (grant?.provider !== 'facebook') return sendJson(res, 200, { data: { is_valid: false } });
    sendJson(res, 200, { data: { app_id: grant.clientId, is_valid: true, user_id: grant.user.subject, type: 'USER' } });
  });
  service.addRoute('POST', '/linkedin/introspectToken', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.client_id !== MOCK_CLIENT_IDS.linkedin || body.client_secret !== MOCK_CLIENT_SECRET) {
      return sendJson(res, 401, { error: 'invalid_client' });
    }
    const grant = tokens.get(String(body.token));
    if (grant?.provider !== 'linkedin') return sendJson(res, 200, { active: false });
    sendJson(res, 200, { active: true, client_id: grant.clientId, status: 'active', scope: 'openid,profile,email' });
  });
  service.addRoute('POST', '/_test/next-user', (req, res) => {
    const { provider, user } = (req.body ?? {}) as { provider?: MockProviderName; user?: MockUser };
    if (!provider || !MOCK_PROVIDERS.includes(provider) || !user?.subject)
      return sendJson(res, 400, { error: 'provider and user.subject' });
    nextUser(provider, user);
    sendJson(res, 200, { ok: true });
  });

  // A third-party script for the loaders of SPEC §7 (QUIRE_SUPPORT_CHAT_URL in the e2e server's
  // configuration): it marks the page it ran in; the requests it got are counted.
  let supportChatRequests = 0;
  service.addRoute('GET', SUPPORT_CHAT_PATH, (_req, res) => {
    supportChatRequests += 1;
    res.statusCode = 200;
    res.setHeader('content-type', 'text/javascript; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end('window.__supportChat = (window.__supportChat || 0) + 1;\n');
  });
  service.addRoute('GET', '/_test/support-chat-requests', (_req, res) => sendJson(res, 200, { count: supportChatRequests }));

  service.addRoute('POST', '/_test/token', async (req, res) => {
    const { provider, user } = (req.body ?? {}) as { provider?: MockProviderName; user?: MockUser };
    if (!provider || !MOCK_PROVIDERS.includes(provider) || !user?.subject)
      return sendJson(res, 400, { error: 'provider and user.subject' });
    sendJson(res, 200, { access_token: await issueToken(provider, user) });
  });

  async function issueToken(provider: MockProviderName, user: MockUser, options: { clientId?: string } = {}): Promise<string> {
    const token = await server.issuer.buildToken({
      scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: user.subject }),
    });
    tokens.set(token, { provider, user, clientId: options.clientId ?? MOCK_CLIENT_IDS[provider] });
    return token;
  }

  function nextUser(provider: MockProviderName, user: MockUser): void {
    const list = queued.get(provider) ?? [];
    list.push(user);
    queued.set(provider, list);
  }

  await server.start(port, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    env: (providers) => mockProviderEnv(url, providers),
    nextUser,
    async issueToken(provider, user, options = {}) {
      const token = await server.issuer.buildToken({
        scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: user.subject }),
      });
      tokens.set(token, { provider, user, clientId: options.clientId ?? MOCK_CLIENT_IDS[provider] });
      return token;
    },
    authorizeRequests,
    tokenRequests,
    stop: () => server.stop(),
  };
}

/** From another process (an e2e test): queue the user the next sign-in with `provider` returns. */
export async function queueMockUser(baseUrl: string, provider: MockProviderName, user: MockUser): Promise<void> {
  const res = await fetch(`${baseUrl}/_test/next-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, user }),
  });
  if (!res.ok) throw new Error(`mock provider refused the user: ${res.status} ${await res.text()}`);
}

/** From another process: an access token as the provider's SDK would hand it to the page. */
export async function mockSdkToken(baseUrl: string, provider: MockProviderName, user: MockUser): Promise<string> {
  const res = await fetch(`${baseUrl}/_test/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, user }),
  });
  if (!res.ok) throw new Error(`mock provider refused the token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
