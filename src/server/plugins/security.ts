import helmet from '@fastify/helmet';
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OAUTH_LANDING_PATH } from '../../contracts/pages';
import { dbRateLimitStore } from '../cluster/rate-limit-store';
import type { Config } from '../config';
import { ApiError } from '../envelope';
import { isHttps } from '../public-url';
import { storageOrigins } from '../storage/serve';

/** The strict policy of DESIGN §2: everything from our own origin, no inline scripts. */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** Google's reCAPTCHA script and frames: allowed only when QUIRE_CAPTCHA=recaptcha (DESIGN §2 option). */
export const RECAPTCHA_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/**
 * The origins of the configured third-party scripts (support chat, page testing; SPEC §7): each may
 * serve scripts, take connections and frames — and nothing else. A script on a path of this site adds none.
 */
export function scriptOrigins(config: Pick<Config, 'scripts'>): string[] {
  const origins = Object.values(config.scripts)
    .filter((url): url is string => url !== undefined && !url.startsWith('/'))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/**
 * The policy for this configuration: reCAPTCHA's sources when it is on, and frames of our own reader
 * (the feature pages' live demo) when it is served from another origin (QUIRE_VIEWER_URL). Without
 * either, frames fall back to `default-src 'self'`.
 */
export function cspDirectives(config: Pick<Config, 'captcha' | 'hosts'> & Partial<Pick<Config, 'storage'>>): Record<string, string[]> {
  const recaptcha = config.captcha === 'recaptcha';
  const viewer = /^https?:\/\//.test(config.hosts.viewer) ? [new URL(config.hosts.viewer).origin] : [];
  // Page images, thumbnails and avatars answered by redirect to the bucket (issue 19, storage/serve.ts).
  const bucket = config.storage ? storageOrigins({ storage: config.storage }) : [];
  if (!recaptcha && viewer.length === 0 && bucket.length === 0) return CSP_DIRECTIVES;
  return {
    ...CSP_DIRECTIVES,
    ...(bucket.length > 0 && { 'img-src': [...CSP_DIRECTIVES['img-src'], ...bucket] }),
    ...(recaptcha && { 'script-src': [...CSP_DIRECTIVES['script-src'], ...RECAPTCHA_SOURCES] }),
    ...((recaptcha || viewer.length > 0) && { 'frame-src': ["'self'", ...viewer, ...(recaptcha ? RECAPTCHA_SOURCES : [])] }),
  };
}

/** The app's policy: the strict one, plus the configured third-party script origins (the reader and public pages load none). */
export function appCspDirectives(
  config: Pick<Config, 'captcha' | 'hosts' | 'scripts'> & Partial<Pick<Config, 'storage'>>,
): Record<string, string[]> {
  const base = cspDirectives(config);
  const scripts = scriptOrigins(config);
  if (scripts.length === 0) return base;
  return {
    ...base,
    'script-src': [...(base['script-src'] ?? []), ...scripts],
    'connect-src': [...(base['connect-src'] ?? []), ...scripts],
    // Without a frame-src of its own the policy framed what default-src allows: our own origin.
    'frame-src': [...(base['frame-src'] ?? ["'self'"]), ...scripts],
  };
}

/** Security headers (helmet, strict CSP; HSTS only behind an https public URL) and rate limiting. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = isHttps(config.publicUrl);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(config) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Social sign-in pop-ups keep their opener through the provider's pages (see /oauth below).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // The social sign-in landing posts to its opener: it must not sit in another browsing context group.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.split('?', 1)[0] === OAUTH_LANDING_PATH) reply.header('cross-origin-opener-policy', 'unsafe-none');
  });
  // Off by default; a route opts in with `config: rateLimit(max, timeWindow)`. On PostgreSQL the counts
  // live in the database, shared by every app instance (cluster/rate-limit-store.ts).
  await app.register(rateLimitPlugin, {
    global: false,
    ...(app.dialect === 'postgres' ? { store: dbRateLimitStore(app) } : {}),
    errorResponseBuilder: (_request, context) => new ApiError('rateLimited', { message: `retry in ${context.after}` }),
  });
}

/**
 * Route config that limits a route per client IP, e.g.
 * `app.post('/contact/send', { config: rateLimit(5, '1 minute') }, handler)`.
 */
export function rateLimit(max: number, timeWindow: number | string) {
  return { rateLimit: { max: (request: FastifyRequest) => max * request.server.config.ipLimitScale, timeWindow } };
}
