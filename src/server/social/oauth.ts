import { timingSafeEqual } from 'node:crypto';
import {
  ArcticFetchError,
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SocialProvider } from '../../contracts/social';
import { readCookie, setCookie } from '../auth/cookies';
import { hmacHex } from '../auth/crypto';
import type { SocialProviderConfig } from '../config';
import { API_PREFIX, ApiError } from '../envelope';
import { publicBase, secureCookies } from '../public-url';
import { type FetchJson, PROVIDERS, type SocialUser } from './providers';

/**
 * The OAuth2 side of social sign-in, on arctic's generic `OAuth2Client`: arctic's Facebook, Google
 * and LinkedIn classes hard-code the providers' endpoints (a self-hosted instance and its tests need
 * them configurable) and only Google's does PKCE. Every provider gets the authorization-code flow with
 * PKCE (S256); the state and code verifier travel in a short-lived signed httpOnly cookie.
 */

/** How long a started sign-in may take at the provider. */
export const STATE_TTL_MS = 10 * 60_000;
/** Calls to the provider (token, userinfo, tokeninfo) give up after this. */
export const PROVIDER_TIMEOUT_MS = 10_000;
export const stateCookieName = (provider: SocialProvider) => `quire_oauth_${provider}`;
const STATE_COOKIE_PATH = `${API_PREFIX}/oauth2`;

/** What the state cookie carries from start to callback. */
export interface PendingSignIn {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  /** App path the callback lands on (with the outcome in the fragment). */
  redirect: string;
  language?: string;
  origin_source?: string;
  origin_campaign?: string;
  /** Set when a signed-in profile links this provider (/account/security): that profile's id. */
  link?: string;
  expiresAt: number;
}

/** The provider's callback address on this server (what the provider redirects the browser to). */
export function callbackUrl(app: FastifyInstance, request: FastifyRequest, provider: SocialProvider): string {
  return `${apiBase(app, request)}/oauth2/${provider}/callback`;
}

/** The API's absolute base: QUIRE_API_URL when absolute, else the public base + the API path. */
function apiBase(app: FastifyInstance, request: FastifyRequest): string {
  const api = app.config.hosts.api;
  if (/^https?:\/\//i.test(api)) return api;
  return `${publicBase(app, request)}${api || API_PREFIX}`;
}

const clientFor = (cfg: SocialProviderConfig, redirectUri: string, auth: 'basic' | 'post') =>
  new OAuth2Client(cfg.clientId, auth === 'basic' ? cfg.clientSecret : null, redirectUri);

/** Starts a sign-in: sets the state cookie and answers the provider's authorization URL. */
export function beginSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  cfg: SocialProviderConfig,
  pending: Omit<PendingSignIn, 'state' | 'codeVerifier' | 'expiresAt'>,
): URL {
  const spec = PROVIDERS[pending.provider];
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const client = clientFor(cfg, callbackUrl(app, request, pending.provider), spec.clientAuth);
  const url = client.createAuthorizationURLWithPKCE(cfg.authorizeUrl, state, CodeChallengeMethod.S256, codeVerifier, spec.scopes);
  const value = sign(app, { ...pending, state, codeVerifier, expiresAt: app.clock() + STATE_TTL_MS });
  setCookie(reply, stateCookieName(pending.provider), value, {
    maxAgeSeconds: STATE_TTL_MS / 1000,
    secure: secureCookies(app, request),
    path: STATE_COOKIE_PATH,
  });
  return url;
}

/**
 * The pending sign-in of this browser for the provider, if its cookie is intact and unexpired
 * (whatever the state says: the caller checks it). The cookie is cleared either way (single use).
 */
export function takePendingSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: SocialProvider,
): PendingSignIn | undefined {
  const raw = readCookie(request, stateCookieName(provider));
  setCookie(reply, stateCookieName(provider), '', { maxAgeSeconds: 0, secure: secureCookies(app, request), path: STATE_COOKIE_PATH });
  const pending = raw ? verify(app, raw) : undefined;
  return pending && pending.provider === provider && pending.expiresAt > app.clock() ? pending : undefined;
}

/** Constant-time comparison of the state the provider sent back with the cookie's. */
export function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Exchanges the authorization code (with the PKCE verifier) for the provider's access token. */
export async function exchangeCode(
  app: FastifyInstance,
  request: FastifyRequest,
  cfg: SocialProviderConfig,
  pending: PendingSignIn,
  code: string,
): Promise<string> {
  const spec = PROVIDERS[pending.provider];
  const redirectUri = callbackUrl(app, request, pending.provider);
  try {
    const tokens =
      spec.clientAuth === 'basic'
        ? await withTimeout(clientFor(cfg, redirectUri, 'basic').validateAuthorizationCode(cfg.tokenUrl, code, pending.codeVerifier))
        : await postTokenRequest(cfg, redirectUri, code, pending.codeVerifier);
    return tokens.accessToken();
  } catch (error) {
    request.log.warn({ err: error, provider: pending.provider }, 'social sign-in: code exchange failed');
    throw new ApiError('socialProviderFailed');
  }
}

/**
 * The token request with the client secret in the form body (client_secret_post), as arctic's own
 * Facebook and LinkedIn classes send it, plus the PKCE verifier; answered as arctic's OAuth2Tokens.
 */
async function postTokenRequest(cfg: SocialProviderConfig, redirectUri: string, code: string, codeVerifier: string): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
  });
  let response: Response;
  try {
    response = await fetch(cfg.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': 'quire' },
      body: body.toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ArcticFetchError(error);
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 200 && data && typeof data === 'object') return new OAuth2Tokens(data);
  if (data && typeof data.error === 'string') {
    throw new OAuth2RequestError(data.error, typeof data.error_description === 'string' ? data.error_description : null, null, null);
  }
  throw data ? new UnexpectedErrorResponseBodyError(response.status, data) : new UnexpectedResponseError(response.status);
}

/** GET userinfo with the access token; `invalid` says the provider refused the token (401/403). */
export async function fetchUser(
  request: FastifyRequest,
  provider: SocialProvider,
  cfg: SocialProviderConfig,
  accessToken: string,
): Promise<SocialUser> {
  let answer: { status: number; body: unknown };
  try {
    answer = await fetchJson(cfg.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}` } });
  } catch (error) {
    request.log.warn({ err: error, provider }, 'social sign-in: userinfo unreachable');
    throw new ApiError('socialProviderFailed');
  }
  if (answer.status === 401 || answer.status === 403) throw new ApiError('socialInvalidToken');
  try {
    if (answer.status !== 200) throw new Error(`userinfo answered ${answer.status}`);
    return PROVIDERS[provider].user(answer.body);
  } catch (error) {
    request.log.warn({ err: error, provider }, 'social sign-in: unusable userinfo');
    throw new ApiError('socialProviderFailed');
  }
}

/** Token from a provider SDK: was it issued to this server's client? (else another app's token could sign in.) */
export async function checkTokenAudience(
  request: FastifyRequest,
  provider: SocialProvider,
  cfg: SocialProviderConfig,
  accessToken: string,
  user: SocialUser,
): Promise<void> {
  let ours: boolean;
  try {
    ours = await PROVIDERS[provider].issuedToUs(cfg, accessToken, user, fetchJson);
  } catch (error) {
    request.log.warn({ err: error, provider }, 'social sign-in: tokeninfo unreachable');
    throw new ApiError('socialProviderFailed');
  }
  if (!ours) throw new ApiError('socialInvalidToken');
}

/** JSON GET/POST with the provider timeout; a non-JSON body reads as null. */
export const fetchJson: FetchJson = async (url, init = {}) => {
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', 'user-agent': 'quire', ...(init.headers as Record<string, string> | undefined) },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as unknown;
  return { status: response.status, body };
};

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`provider did not answer in ${PROVIDER_TIMEOUT_MS} ms`)), PROVIDER_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ── The signed state cookie: base64url(JSON) "." HMAC (key derived from the instance secret) ───────
const mac = (app: FastifyInstance, body: string) => hmacHex(app.keys.codes, `oauth-state:${body}`);

function sign(app: FastifyInstance, pending: PendingSignIn): string {
  const body = Buffer.from(JSON.stringify(pending)).toString('base64url');
  return `${body}.${mac(app, body)}`;
}

function verify(app: FastifyInstance, value: string): PendingSignIn | undefined {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const body = value.slice(0, dot);
  const expected = Buffer.from(mac(app, body), 'hex');
  const given = Buffer.from(value.slice(dot + 1), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PendingSignIn;
  } catch {
    return undefined;
  }
}
