import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The base of every absolute URL the server makes — links in mail, redirects, canonical, Open Graph
 * and oEmbed URLs (DESIGN §11). It comes from configuration, never from what a request claims:
 * QUIRE_PUBLIC_URL (default http://localhost:$QUIRE_PORT), or, behind a trusted proxy
 * (QUIRE_TRUST_PROXY=1), the origin the proxy names in X-Forwarded-Host/-Proto when it is one of
 * QUIRE_PUBLIC_HOSTS. Whatever else a request names falls back to QUIRE_PUBLIC_URL.
 */
export function publicBase(app: FastifyInstance, request: FastifyRequest): string {
  const { publicUrl, publicHosts, trustProxy } = app.config;
  if (!trustProxy || publicHosts.length === 0) return publicUrl;
  const asked = requestOrigin(request);
  // The configured entry is returned, never the request's spelling of it.
  return publicHosts.find((origin) => origin === asked) ?? publicUrl;
}

/** An absolute URL of a path (or an already absolute URL) on the public base. */
export function publicUrlOf(app: FastifyInstance, request: FastifyRequest, url: string): string {
  return new URL(url, `${publicBase(app, request)}/`).toString();
}

/** Cookies are `Secure` exactly when the public base they are set for is https. */
export function secureCookies(app: FastifyInstance, request: FastifyRequest): boolean {
  // Also when the request itself came over https (a proxy in front of an http public URL): a session
  // cookie sent over https must never travel over plain http afterwards.
  return request.protocol === 'https' || isHttps(publicBase(app, request));
}

/** Whether a configured base URL is https (HSTS, Secure cookies). */
export const isHttps = (url: string): boolean => url.startsWith('https:');

/** The origin the request (through the trusted proxy) names, normalized; undefined when it is not a bare host. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  // A host only: no credentials, path or anything else a URL parser would quietly accept.
  if (!/^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i.test(host)) return undefined;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}
