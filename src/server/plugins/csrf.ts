import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCookie, TOKEN_COOKIE } from '../auth/cookies';
import { bearerToken } from '../auth/session';
import type { Config } from '../config';
import { ApiError } from '../envelope';

/**
 * Cross-site request forgery guard (one root `onRequest` hook for every route, API or not).
 *
 * The session cookie (`quire_token`, the fallback of the bearer token) rides along with every request
 * the browser sends here, whichever page started it. SameSite=Lax keeps it off requests started by
 * other *sites*, but not by another origin of the same site (the same host on another port, a sibling
 * subdomain). So a request that may change something (any method but GET, HEAD and OPTIONS: JSON
 * calls, form posts, multipart uploads) and carries the cookie must show that one of our own pages
 * sent it:
 *   - `Origin` equal (scheme, host and port) to one of ours: the origin of QUIRE_PUBLIC_URL, of the
 *     reader's host (QUIRE_VIEWER_URL, when it is an absolute URL), or the origin the request was
 *     addressed to (its scheme and Host; behind a proxy with QUIRE_TRUST_PROXY=1, the forwarded ones);
 *     `Origin: null` (sandboxed frames, `data:` pages, some redirects) is never ours;
 *   - without `Origin` (browsers send it on every such request, so this is a fallback),
 *     `Sec-Fetch-Site: same-origin`.
 * Anything else is refused with API 403 (`crossOriginRefused`) before the body is read, so a refused
 * upload is not received at all.
 *
 * Not checked:
 *   - calls with a bearer token (`Authorization: Bearer …`): they authenticate by the header, which a
 *     page of another origin cannot add without a CORS preflight, and this server grants none;
 *   - requests without the session cookie (sign-in, registration, activation, password reset, and every
 *     visitor): there is no session to borrow.
 *
 * Routes any origin may send to (`config: ANY_ORIGIN`): the reader's anonymous reports, the statistics
 * beacon (POST {beacon}/e, issue 17) and lead forms (POST {api}/public/book/trigger/lead). The
 * reader is framed by any site and may run on its own host; visitors send these without a session.
 * Such a request from a foreign origin is not refused: its cookie is set aside instead
 * (`request.sessionCookieIgnored`, honoured by `requestToken`), so it runs exactly as a visitor's
 * without a session and borrows nothing from the signed-in user (not even the owner's pass through
 * their own book's reader gates).
 */

/** Route config of a route any origin may call (see above); merge it with others: `{ ...rateLimit(…), ...ANY_ORIGIN }`. */
export const ANY_ORIGIN = { anyOrigin: true } as const;

/** Methods that change nothing (RFC 9110 safe methods): never checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `scheme://host[:port]` of a URL (default ports dropped, host lower-cased), or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Our configured origins: QUIRE_PUBLIC_URL's, the QUIRE_PUBLIC_HOSTS allow-list's and the reader host's (when absolute). */
export function configuredOrigins(config: Pick<Config, 'publicUrl' | 'publicHosts' | 'hosts'>): Set<string> {
  const origins = new Set<string>();
  for (const url of [config.publicUrl, ...config.publicHosts, config.hosts.viewer]) {
    const origin = url ? originOf(url) : undefined;
    if (origin) origins.add(origin);
  }
  return origins;
}

/** Whether the request shows that one of our own pages sent it (see the module comment). */
export function fromOwnOrigin(request: FastifyRequest, configured: ReadonlySet<string>): boolean {
  const header = request.headers.origin;
  if (header === undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  const origin = originOf(header);
  if (!origin) return false;
  return configured.has(origin) || origin === originOf(`${request.protocol}://${request.host}`);
}

/** Registers the guard on the root instance: it covers every route, whatever plugin declares it. */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  const configured = configuredOrigins(config);
  app.decorateRequest('sessionCookieIgnored', false);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (bearerToken(request) || !readCookie(request, TOKEN_COOKIE)) return;
    if (fromOwnOrigin(request, configured)) return;
    if ((request.routeOptions.config as { anyOrigin?: boolean } | undefined)?.anyOrigin) {
      request.sessionCookieIgnored = true;
      return;
    }
    request.log.debug({ origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] }, 'cross-origin request refused');
    throw new ApiError('crossOriginRefused', { message: 'a request with the session cookie must come from this site’s own origin' });
  });
}
