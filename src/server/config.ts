import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import type { AccountMode, ScriptConsent } from '../contracts/accounts';
import { CAPTCHA_KINDS, type CaptchaKind, type ClientConfig } from '../contracts/client-config';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../contracts/social';
import { STATS_LIMITS } from '../contracts/stats';

/** Server configuration, read once from the environment at start (DESIGN §9). */
export interface Config {
  /** Absolute path of the data folder (SQLite file, files/, outbox/). */
  dataDir: string;
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  smtpUrl: string | undefined;
  dev: boolean;
  /** Base of every absolute URL the server makes (mail links, redirects, canonical/oEmbed URLs); QUIRE_PUBLIC_URL, default http://localhost:$QUIRE_PORT. */
  publicUrl: string;
  /** Extra public origins a trusted proxy may name in X-Forwarded-Host (QUIRE_PUBLIC_HOSTS); any other host gets publicUrl. */
  publicHosts: string[];
  logLevel: LogLevel;
  /** Request logging at info (plugins/request-log.ts): slow-request threshold and summary interval, in ms; 0 = off. */
  requestLog: { slowMs: number; summaryMs: number };
  /** Absolute path of the built client (index.html, assets/). */
  publicDir: string;
  trustProxy: boolean;
  hosts: Hosts;
  /** External sites the menus link to (QUIRE_HELP_URL, QUIRE_DEVELOPERS_URL); '' = none, no link. */
  links: { help: string; developers: string };
  /** Signing secret (JWT, captcha); unset → generated on first start and kept in the settings table. */
  secret: string | undefined;
  /** Captcha of register, forgot and resend (skipped in dev mode). */
  captcha: CaptchaKind;
  recaptcha: { secret: string; siteKey: string } | undefined;
  /** From header of every mail. */
  mailFrom: string;
  /** Where contact messages are mailed (QUIRE_SUPPORT_EMAIL); unset → they are only stored. */
  supportEmail: string | undefined;
  /** Atom or RSS feed of the blog teasers (QUIRE_BLOG_FEED_URL); unset → the Markdown posts shipped in src/server/blog/posts. */
  blogFeedUrl: string | undefined;
  /** Access token lifetime in seconds. */
  tokenTtl: number;
  /** Multiplies every per-IP limit (many users behind one address, or a test suite on loopback). */
  ipLimitScale: number;
  /** Days raw statistics events (with their visits, visitors and salts) are kept (QUIRE_STATS_RAW_DAYS); the rollups stay. */
  statsRawDays: number;
  /** Webhooks may POST to loopback/private addresses (QUIRE_WEBHOOK_PRIVATE; off: no requests into the server's own network). */
  webhookPrivate: boolean;
  /** Largest upload per account mode, in bytes. */
  filesizeLimits: Record<AccountMode, number>;
  /** Price of the paid modes on the pricing page (QUIRE_PRICES); a mode left out shows "contact us". */
  prices: Partial<Record<AccountMode, Price>>;
  /** Seed a demo account with one public publication on the first start (QUIRE_DEMO, default on). */
  demo: boolean;
  /** Social sign-in: the providers whose client id and secret are set (others are disabled). */
  social: Partial<Record<SocialProviderName, SocialProviderConfig>>;
  /** Document conversion (src/server/convert, src/server/jobs). */
  convert: ConvertConfig;
  /** /account/privacy (issue 16): exports of an account's data and the deletion of accounts (src/server/privacy). */
  privacy: PrivacyConfig;
  /** The worker process of its own (`npm run worker`, src/server/jobs/worker-main.ts). */
  worker: WorkerConfig;
  /**
   * Third-party scripts the browser loads for a signed-in user with an e-mail who consented (SPEC §7):
   * QUIRE_SUPPORT_CHAT_URL, QUIRE_PAGE_TESTING_URL; unset: never loaded, and the CSP names no other origin.
   */
  scripts: Record<ScriptConsent, string | undefined>;
  /** The marketing tracker's data layer (QUIRE_TRACKER: a global array's name such as `dataLayer`); unset: no tracker. */
  tracker: string | undefined;
}

/** Exports and deletions (QUIRE_ACCOUNT_DELETION_GRACE_DAYS, QUIRE_EXPORT_TTL_DAYS, QUIRE_ACCOUNT_JOBS). */
export interface PrivacyConfig {
  /** Days between a deletion request and the purge (0: at once); signing in meanwhile cancels it. */
  graceDays: number;
  /** Days a finished export stays downloadable; then its file is removed. */
  exportDays: number;
  /** Export and purge jobs this process runs at once; 0 = none here (another process runs them). */
  jobs: number;
}

/** The worker process (`npm run worker`): graceful drain and its own health port (QUIRE_WORKER_*). */
export interface WorkerConfig {
  /** After SIGTERM, how long running conversions may finish before their jobs go back to the queue (ms). */
  drainMs: number;
  /** Port of the worker's /healthz and /readyz (undefined: none). */
  healthPort: number | undefined;
  /** Address the health port listens on (QUIRE_HOST). */
  healthHost: string;
}

/** Conversion worker settings (QUIRE_CONVERT_*). */
export interface ConvertConfig {
  /** Conversions at once in this process; 0 = no worker here (another process or instance converts). */
  concurrency: number;
  /** Time limit of one conversion attempt, in ms. */
  timeoutMs: number;
  /** Address-space limit of each conversion process (LibreOffice, Poppler), in bytes. */
  memoryBytes: number;
  /** The sum of the limits of the conversion processes running at once in this process, in bytes (≥ memoryBytes). */
  memoryBudgetBytes: number;
  /** Documents with more pages end in ERROR TOO_MANY_PAGES. */
  maxPages: number;
}

/** The three social sign-in providers (SPEC §1: a social network, a search-engine identity service, a professional network). */
const SOCIAL_PROVIDER_NAMES = SOCIAL_PROVIDERS;
export type SocialProviderName = SocialProvider;

/** One provider's OAuth2 client and endpoints (defaults: the provider's real endpoints; tests point them at a mock). */
export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Checks that a token posted by a provider SDK was issued to this client (POST {api}/oauth2/{provider}). */
  tokeninfoUrl: string;
}

/** The providers' own endpoints (QUIRE_OAUTH_<P>_*_URL override them). */
export const SOCIAL_ENDPOINT_DEFAULTS: Readonly<Record<SocialProviderName, Omit<SocialProviderConfig, 'clientId' | 'clientSecret'>>> = {
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v23.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v23.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v23.0/me?fields=id,name,email,first_name,last_name,birthday,location',
    tokeninfoUrl: 'https://graph.facebook.com/v23.0/debug_token',
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    tokeninfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
  },
  linkedin: {
    authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfoUrl: 'https://api.linkedin.com/v2/userinfo',
    tokeninfoUrl: 'https://www.linkedin.com/oauth/v2/introspectToken',
  },
};
const SOCIAL_ENDPOINTS = [
  ['AUTHORIZE_URL', 'authorizeUrl'],
  ['TOKEN_URL', 'tokenUrl'],
  ['USERINFO_URL', 'userinfoUrl'],
  ['TOKENINFO_URL', 'tokeninfoUrl'],
] as const;
const socialVar = (provider: SocialProviderName, suffix: string) => `QUIRE_OAUTH_${provider.toUpperCase()}_${suffix}`;

/** Base URLs of the spec's host kinds (DESIGN §1, §8): absolute http(s) URL, a path, or '' (origin root). */
export interface Hosts {
  api: string;
  data: string;
  dataSecure: string;
  upload: string;
  viewer: string;
  embed: string;
  static: string;
  skins: string;
  thumbs: string;
  beacon: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A bad setting; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
  }
}

const isHttpUrl = (s: string, protocols = ['http:', 'https:']): boolean => {
  try {
    const u = new URL(s);
    return protocols.includes(u.protocol) && u.hostname !== '';
  } catch {
    return false;
  }
};
const isBaseUrl = (s: string) => s === '' || (isHttpUrl(s) && !/[?#]/.test(s)) || /^\/(?!\/)[^\s?#\\]*$/.test(s);
const trimSlash = (s: string) => s.replace(/\/+$/, '');
/** `https://books.example.com` (an origin: no credentials, path, query or fragment) → its normalized form. */
const originOf = (s: string): string | undefined => {
  if (!isHttpUrl(s)) return undefined;
  const u = new URL(s);
  return u.username === '' && u.password === '' && u.pathname === '/' && u.search === '' && u.hash === '' && !/[?#]/.test(s)
    ? u.origin
    : undefined;
};
const originList = (s: string): string[] | undefined => {
  const origins = s.split(',').map((item) => originOf(item.trim()));
  return origins.every((o) => o !== undefined) ? [...new Set(origins)] : undefined;
};

/** One variable: a rule (used as the error message) checked on the raw string, then a transform. */
const rule = <T>(message: string, ok: (s: string) => boolean, map: (s: string) => T) =>
  v.pipe(v.string(), v.check(ok, message), v.transform(map));

const flag = rule(
  'must be 0 or 1',
  (s) => s === '0' || s === '1',
  (s) => s === '1',
);
const baseUrl = rule('must be an absolute http(s) URL or a path starting with /', isBaseUrl, trimSlash);
const externalUrl = rule(
  'must be an absolute http(s) URL such as https://help.example.org',
  (s) => {
    try {
      const url = new URL(s);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  },
  (s) => new URL(s).toString(),
);

const MB = 1024 * 1024;
export const DEFAULT_FILESIZE_LIMITS: Readonly<Record<AccountMode, number>> = Object.freeze({
  FREE: 100 * MB,
  PREMIUM: 500 * MB,
  PLATINUM: 1024 * MB,
});
/** A plan's price (QUIRE_PRICES): amount in the currency's units, ISO 4217 code, billing period. */
export interface Price {
  amount: number;
  currency: string;
  period: 'month' | 'year';
}
const PRICE_ITEM = /^(FREE|PREMIUM|PLATINUM)=(\d{1,7}(?:\.\d{1,2})?) ([A-Z]{3})\/(month|year)$/;
/** `PREMIUM=9.90 EUR/month,PLATINUM=29 EUR/month` (each mode at most once; ISO 4217 currency). */
export function parsePrices(s: string): Partial<Record<AccountMode, Price>> | undefined {
  const prices: Partial<Record<AccountMode, Price>> = {};
  for (const item of s.split(',').map((x) => x.trim())) {
    const m = PRICE_ITEM.exec(item);
    if (!m) return undefined;
    const mode = m[1] as AccountMode;
    if (prices[mode] !== undefined || !Intl.supportedValuesOf('currency').includes(m[3] as string)) return undefined;
    prices[mode] = { amount: Number(m[2]), currency: m[3] as string, period: m[4] as Price['period'] };
  }
  return prices;
}

const SIZE_UNITS: Record<string, number> = { '': 1, K: 1024, M: MB, G: 1024 * MB };
const LIMIT_ITEM = /^(FREE|PREMIUM|PLATINUM)=(\d{1,7})([KMG]?)$/;
/** `FREE=100M,PREMIUM=500M,PLATINUM=2G` (bytes, or K/M/G); modes left out keep their default. */
export function parseFilesizeLimits(s: string): Record<AccountMode, number> | undefined {
  const limits = { ...DEFAULT_FILESIZE_LIMITS };
  for (const item of s.split(',').map((x) => x.trim().toUpperCase())) {
    const m = LIMIT_ITEM.exec(item);
    if (!m) return undefined;
    const size = Number(m[2]) * (SIZE_UNITS[m[3] ?? ''] ?? 1);
    if (size <= 0) return undefined;
    limits[m[1] as AccountMode] = size;
  }
  return limits;
}
/** A third-party script: an absolute http(s) URL (its origin joins the CSP) or a path of this site. */
const scriptUrl = rule(
  'must be an absolute http(s) URL of a script (no credentials or fragment) or a path starting with /',
  (s) => /^\/(?!\/)[^\s#\\]*$/.test(s) || (isHttpUrl(s) && !s.includes('#') && new URL(s).username === '' && new URL(s).password === ''),
  String,
);
const oauthUrl = rule('must be an absolute http(s) URL', (s) => isHttpUrl(s) && !s.includes('#'), String);
const oauthClientId = rule('must be a client id without spaces (at most 255 characters)', (s) => /^[\x21-\x7e]{1,255}$/.test(s), String);
const oauthSecret = rule('must be a client secret without spaces (at most 512 characters)', (s) => /^[\x21-\x7e]{1,512}$/.test(s), String);
/** QUIRE_OAUTH_<FACEBOOK|GOOGLE|LINKEDIN>_CLIENT_ID, _CLIENT_SECRET and the endpoint overrides. */
const SOCIAL_ENTRIES = Object.fromEntries(
  SOCIAL_PROVIDER_NAMES.flatMap((p) => [
    [socialVar(p, 'CLIENT_ID'), v.optional(oauthClientId)],
    [socialVar(p, 'CLIENT_SECRET'), v.optional(oauthSecret)],
    ...SOCIAL_ENDPOINTS.map(([suffix]) => [socialVar(p, suffix), v.optional(oauthUrl)]),
  ]),
) as Record<string, v.OptionalSchema<typeof oauthUrl, undefined>>;

const MAIL_FROM = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

const EnvSchema = v.object({
  QUIRE_DATA_DIR: v.optional(
    rule(
      'must be a folder path',
      (s) => s.trim() !== '',
      (s) => path.resolve(s),
    ),
    './data',
  ),
  QUIRE_PORT: v.optional(
    rule('must be an integer between 1 and 65535', (s) => /^\d{1,5}$/.test(s) && +s >= 1 && +s <= 65535, Number),
    '3000',
  ),
  QUIRE_HOST: v.optional(
    rule('must be a host name or IP address', (s) => /^[\w.:[\]-]+$/.test(s), String),
    '0.0.0.0',
  ),
  QUIRE_DATABASE_URL: v.optional(
    rule('must be a postgres:// URL (leave unset for SQLite in QUIRE_DATA_DIR)', (s) => isHttpUrl(s, ['postgres:', 'postgresql:']), String),
  ),
  QUIRE_SMTP_URL: v.optional(rule('must be an smtp:// or smtps:// URL', (s) => isHttpUrl(s, ['smtp:', 'smtps:']), String)),
  QUIRE_DEV: v.optional(flag, '0'),
  QUIRE_PUBLIC_URL: v.optional(rule('must be an absolute http(s) URL', (s) => isHttpUrl(s), trimSlash)),
  QUIRE_LOG_LEVEL: v.optional(
    rule(
      `must be one of ${LOG_LEVELS.join(', ')}`,
      (s) => (LOG_LEVELS as readonly string[]).includes(s),
      (s) => s as LogLevel,
    ),
    'info',
  ),
  QUIRE_LOG_SLOW: v.optional(
    rule('must be a number of milliseconds between 0 and 3600000 (0 = off)', (s) => /^\d{1,7}$/.test(s) && +s <= 3_600_000, Number),
    '1000',
  ),
  QUIRE_LOG_SUMMARY: v.optional(
    rule('must be a number of seconds between 0 and 86400 (0 = off)', (s) => /^\d{1,5}$/.test(s) && +s <= 86_400, Number),
    '300',
  ),
  QUIRE_PUBLIC_DIR: v.optional(
    rule(
      'must be a folder path',
      (s) => s.trim() !== '',
      (s) => path.resolve(s),
    ),
    'dist/public',
  ),
  QUIRE_TRUST_PROXY: v.optional(flag, '0'),
  QUIRE_PUBLIC_HOSTS: v.optional(
    rule(
      'must be a comma-separated list of http(s) origins such as https://books.example.com (no path)',
      (s) => originList(s) !== undefined,
      (s) => originList(s) ?? [],
    ),
  ),
  QUIRE_API_URL: v.optional(baseUrl, '/api'),
  QUIRE_DATA_URL: v.optional(baseUrl),
  QUIRE_DATA_SECURE_URL: v.optional(baseUrl),
  QUIRE_UPLOAD_URL: v.optional(baseUrl),
  QUIRE_VIEWER_URL: v.optional(baseUrl, ''),
  QUIRE_EMBED_URL: v.optional(baseUrl, ''),
  QUIRE_STATIC_URL: v.optional(baseUrl, ''),
  QUIRE_SKINS_URL: v.optional(baseUrl, ''),
  QUIRE_THUMBS_URL: v.optional(baseUrl, ''),
  QUIRE_BEACON_URL: v.optional(baseUrl, ''),
  QUIRE_HELP_URL: v.optional(externalUrl),
  QUIRE_DEVELOPERS_URL: v.optional(externalUrl),
  QUIRE_SECRET: v.optional(
    rule('must be at least 32 characters (leave unset to generate one)', (s) => s.length >= 32 && s.trim() === s, String),
  ),
  QUIRE_CAPTCHA: v.optional(
    rule(
      `must be one of ${CAPTCHA_KINDS.join(', ')}`,
      (s) => (CAPTCHA_KINDS as readonly string[]).includes(s),
      (s) => s as CaptchaKind,
    ),
    'altcha',
  ),
  QUIRE_RECAPTCHA_SECRET: v.optional(rule('must be a reCAPTCHA secret key', (s) => /^[\w-]{10,200}$/.test(s), String)),
  QUIRE_RECAPTCHA_SITE_KEY: v.optional(rule('must be a reCAPTCHA site key', (s) => /^[\w-]{10,200}$/.test(s), String)),
  QUIRE_MAIL_FROM: v.optional(
    rule('must be an address or "Name <address>"', (s) => MAIL_FROM.test(s), String),
    'Quire <no-reply@localhost>',
  ),
  QUIRE_SUPPORT_EMAIL: v.optional(
    rule('must be an e-mail address', (s) => s.length <= 254 && /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(s), String),
  ),
  QUIRE_BLOG_FEED_URL: v.optional(
    rule('must be an absolute http(s) URL', (s) => isHttpUrl(s) && s.length <= 2000 && !s.includes('#'), String),
  ),
  QUIRE_IP_LIMIT_SCALE: v.optional(
    rule('must be an integer between 1 and 1000', (s) => /^\d{1,4}$/.test(s) && +s >= 1 && +s <= 1000, Number),
    '1',
  ),
  QUIRE_WEBHOOK_PRIVATE: v.optional(flag, '0'),
  QUIRE_TOKEN_TTL: v.optional(
    rule('must be a number of seconds between 1 and 2592000', (s) => /^\d{1,7}$/.test(s) && +s >= 1 && +s <= 2_592_000, Number),
    '3600',
  ),
  QUIRE_DEMO: v.optional(flag, '1'),
  QUIRE_FILESIZE_LIMITS: v.optional(
    rule(
      'must look like FREE=100M,PREMIUM=500M,PLATINUM=2G',
      (s) => parseFilesizeLimits(s) !== undefined,
      (s) => parseFilesizeLimits(s) ?? { ...DEFAULT_FILESIZE_LIMITS },
    ),
  ),
  QUIRE_PRICES: v.optional(
    rule(
      'must look like PREMIUM=9.90 EUR/month,PLATINUM=29 EUR/month (each mode once, an ISO 4217 currency, /month or /year)',
      (s) => parsePrices(s) !== undefined,
      (s) => parsePrices(s) ?? {},
    ),
  ),
  QUIRE_CONVERT_CONCURRENCY: v.optional(
    rule('must be an integer between 0 and 64 (0 = no conversion worker in this process)', (s) => /^\d{1,2}$/.test(s) && +s <= 64, Number),
  ),
  QUIRE_CONVERT_TIMEOUT: v.optional(
    rule('must be a number of seconds between 1 and 86400', (s) => /^\d{1,5}$/.test(s) && +s >= 1 && +s <= 86_400, Number),
    '600',
  ),
  QUIRE_CONVERT_MEMORY: v.optional(
    rule('must be a number of megabytes between 256 and 65536', (s) => /^\d{3,5}$/.test(s) && +s >= 256 && +s <= 65_536, Number),
    '2048',
  ),
  QUIRE_CONVERT_MEMORY_BUDGET: v.optional(
    rule('must be a number of megabytes between 256 and 1048576', (s) => /^\d{3,7}$/.test(s) && +s >= 256 && +s <= 1_048_576, Number),
  ),
  QUIRE_WORKER_DRAIN_SECONDS: v.optional(
    rule('must be a number of seconds between 0 and 86400', (s) => /^\d{1,5}$/.test(s) && +s <= 86_400, Number),
    '60',
  ),
  QUIRE_WORKER_HEALTH_PORT: v.optional(
    rule('must be a port number between 1 and 65535', (s) => /^\d{1,5}$/.test(s) && +s >= 1 && +s <= 65_535, Number),
  ),
  QUIRE_CONVERT_MAX_PAGES: v.optional(
    rule('must be an integer between 1 and 100000', (s) => /^\d{1,6}$/.test(s) && +s >= 1 && +s <= 100_000, Number),
    '2000',
  ),
  QUIRE_ACCOUNT_DELETION_GRACE_DAYS: v.optional(
    rule('must be a number of days between 0 and 365 (0 = delete at once)', (s) => /^\d{1,3}$/.test(s) && +s <= 365, Number),
    '14',
  ),
  QUIRE_EXPORT_TTL_DAYS: v.optional(
    rule('must be a number of days between 1 and 365', (s) => /^\d{1,3}$/.test(s) && +s >= 1 && +s <= 365, Number),
    '7',
  ),
  QUIRE_STATS_RAW_DAYS: v.optional(
    rule('must be a number of days between 1 and 3660', (s) => /^\d{1,4}$/.test(s) && +s >= 1 && +s <= 3660, Number),
    String(STATS_LIMITS.rawDaysDefault),
  ),
  QUIRE_ACCOUNT_JOBS: v.optional(
    rule('must be an integer between 0 and 8 (0 = no export or deletion jobs in this process)', (s) => /^\d$/.test(s) && +s <= 8, Number),
    '1',
  ),
  QUIRE_SUPPORT_CHAT_URL: v.optional(scriptUrl),
  QUIRE_PAGE_TESTING_URL: v.optional(scriptUrl),
  QUIRE_TRACKER: v.optional(
    rule(
      'must be the name of a global array such as dataLayer (letters, digits, _ and $)',
      (s) => /^[A-Za-z_$][\w$]{0,63}$/.test(s),
      String,
    ),
  ),
  ...SOCIAL_ENTRIES,
});

/** Rules that involve several variables. */
function crossCheck(e: v.InferOutput<typeof EnvSchema>): void {
  if (e.QUIRE_CAPTCHA === 'none' && !e.QUIRE_DEV) {
    throw new ConfigError('QUIRE_CAPTCHA: none is only allowed in dev mode (QUIRE_DEV=1)', ['QUIRE_CAPTCHA']);
  }
  if (e.QUIRE_PUBLIC_HOSTS && !e.QUIRE_TRUST_PROXY) {
    // Only a trusted proxy's X-Forwarded-Host picks one of them; without it the setting would do nothing.
    throw new ConfigError('QUIRE_PUBLIC_HOSTS: is only used behind a trusted proxy (QUIRE_TRUST_PROXY=1)', ['QUIRE_PUBLIC_HOSTS']);
  }
  if (e.QUIRE_CAPTCHA === 'recaptcha') {
    const missing = (['QUIRE_RECAPTCHA_SECRET', 'QUIRE_RECAPTCHA_SITE_KEY'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}: is required when QUIRE_CAPTCHA=recaptcha`).join('; '), [...missing]);
    }
  }
  if (e.QUIRE_CONVERT_MEMORY_BUDGET !== undefined && e.QUIRE_CONVERT_MEMORY_BUDGET < e.QUIRE_CONVERT_MEMORY) {
    throw new ConfigError(
      `QUIRE_CONVERT_MEMORY_BUDGET: must be at least QUIRE_CONVERT_MEMORY (${e.QUIRE_CONVERT_MEMORY} MB; got ${e.QUIRE_CONVERT_MEMORY_BUDGET})`,
      ['QUIRE_CONVERT_MEMORY_BUDGET'],
    );
  }
  // A provider is enabled by its client id and secret together; one without the other is a mistake.
  const env = e as Record<string, unknown>;
  const halves = SOCIAL_PROVIDER_NAMES.flatMap((p) => {
    const [id, secret] = [socialVar(p, 'CLIENT_ID'), socialVar(p, 'CLIENT_SECRET')];
    if (env[id] && !env[secret]) return [{ name: secret, other: id }];
    if (env[secret] && !env[id]) return [{ name: id, other: secret }];
    return [];
  });
  if (halves.length > 0) {
    throw new ConfigError(
      halves.map((h) => `${h.name}: is required when ${h.other} is set`).join('; '),
      halves.map((h) => h.name),
    );
  }
}

/** The enabled social providers: client id and secret set; endpoints from the overrides or the defaults. */
function socialProviders(e: Record<string, unknown>): Config['social'] {
  const out: Config['social'] = {};
  for (const p of SOCIAL_PROVIDER_NAMES) {
    const clientId = e[socialVar(p, 'CLIENT_ID')];
    const clientSecret = e[socialVar(p, 'CLIENT_SECRET')];
    if (typeof clientId !== 'string' || typeof clientSecret !== 'string') continue;
    const endpoints = { ...SOCIAL_ENDPOINT_DEFAULTS[p] };
    for (const [suffix, key] of SOCIAL_ENDPOINTS) {
      const value = e[socialVar(p, suffix)];
      if (typeof value === 'string') endpoints[key] = value;
    }
    out[p] = { clientId, clientSecret, ...endpoints };
  }
  return out;
}

/** Half the machine's memory, in MB. */
export const defaultMemoryBudgetMb = () => Math.floor(os.totalmem() / 2 / 1024 / 1024);

/** Reads and validates the QUIRE_* variables. Empty values count as unset. Throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const result = v.safeParse(EnvSchema, raw);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = String(issue.path?.[0]?.key ?? '?');
      return { name, text: `${name}: ${issue.message} (got ${JSON.stringify(raw[name])})` };
    });
    throw new ConfigError(
      problems.map((p) => p.text).join('; '),
      problems.map((p) => p.name),
    );
  }
  const e = result.output;
  crossCheck(e);
  const data = e.QUIRE_DATA_URL ?? e.QUIRE_API_URL;
  return {
    dataDir: e.QUIRE_DATA_DIR,
    port: e.QUIRE_PORT,
    host: e.QUIRE_HOST,
    database: e.QUIRE_DATABASE_URL
      ? { kind: 'postgres', url: e.QUIRE_DATABASE_URL }
      : { kind: 'sqlite', file: path.join(e.QUIRE_DATA_DIR, 'quire.db') },
    smtpUrl: e.QUIRE_SMTP_URL,
    dev: e.QUIRE_DEV,
    // Never the request's Host (DESIGN §11): without the variable, links point at this machine's port.
    publicUrl: e.QUIRE_PUBLIC_URL ?? `http://localhost:${e.QUIRE_PORT}`,
    publicHosts: e.QUIRE_PUBLIC_HOSTS ?? [],
    logLevel: e.QUIRE_LOG_LEVEL,
    requestLog: { slowMs: e.QUIRE_LOG_SLOW, summaryMs: e.QUIRE_LOG_SUMMARY * 1000 },
    publicDir: e.QUIRE_PUBLIC_DIR,
    trustProxy: e.QUIRE_TRUST_PROXY,
    hosts: {
      api: e.QUIRE_API_URL,
      data,
      dataSecure: e.QUIRE_DATA_SECURE_URL ?? data,
      upload: e.QUIRE_UPLOAD_URL ?? e.QUIRE_API_URL,
      viewer: e.QUIRE_VIEWER_URL,
      embed: e.QUIRE_EMBED_URL,
      static: e.QUIRE_STATIC_URL,
      skins: e.QUIRE_SKINS_URL,
      thumbs: e.QUIRE_THUMBS_URL,
      beacon: e.QUIRE_BEACON_URL,
    },
    links: { help: e.QUIRE_HELP_URL ?? '', developers: e.QUIRE_DEVELOPERS_URL ?? '' },
    secret: e.QUIRE_SECRET,
    captcha: e.QUIRE_CAPTCHA,
    recaptcha:
      e.QUIRE_RECAPTCHA_SECRET && e.QUIRE_RECAPTCHA_SITE_KEY
        ? { secret: e.QUIRE_RECAPTCHA_SECRET, siteKey: e.QUIRE_RECAPTCHA_SITE_KEY }
        : undefined,
    mailFrom: e.QUIRE_MAIL_FROM,
    supportEmail: e.QUIRE_SUPPORT_EMAIL,
    blogFeedUrl: e.QUIRE_BLOG_FEED_URL,
    tokenTtl: e.QUIRE_TOKEN_TTL,
    ipLimitScale: e.QUIRE_IP_LIMIT_SCALE,
    webhookPrivate: e.QUIRE_WEBHOOK_PRIVATE,
    filesizeLimits: e.QUIRE_FILESIZE_LIMITS ?? { ...DEFAULT_FILESIZE_LIMITS },
    prices: e.QUIRE_PRICES ?? {},
    demo: e.QUIRE_DEMO,
    social: socialProviders(e),
    convert: {
      // Each conversion already splits its pages over two processes: two at once fill two cores.
      concurrency: e.QUIRE_CONVERT_CONCURRENCY ?? Math.min(2, os.availableParallelism()),
      timeoutMs: e.QUIRE_CONVERT_TIMEOUT * 1000,
      memoryBytes: e.QUIRE_CONVERT_MEMORY * 1024 * 1024,
      // Default: half the machine's memory (the rest for the server, the database, the page cache).
      memoryBudgetBytes: (e.QUIRE_CONVERT_MEMORY_BUDGET ?? Math.max(e.QUIRE_CONVERT_MEMORY, defaultMemoryBudgetMb())) * 1024 * 1024,
      maxPages: e.QUIRE_CONVERT_MAX_PAGES,
    },
    privacy: { graceDays: e.QUIRE_ACCOUNT_DELETION_GRACE_DAYS, exportDays: e.QUIRE_EXPORT_TTL_DAYS, jobs: e.QUIRE_ACCOUNT_JOBS },
    worker: { drainMs: e.QUIRE_WORKER_DRAIN_SECONDS * 1000, healthPort: e.QUIRE_WORKER_HEALTH_PORT, healthHost: e.QUIRE_HOST },
    statsRawDays: e.QUIRE_STATS_RAW_DAYS,
    scripts: { support_chat: e.QUIRE_SUPPORT_CHAT_URL, page_testing: e.QUIRE_PAGE_TESTING_URL },
    tracker: e.QUIRE_TRACKER,
  };
}

/** What the browser needs (the shared ClientConfig contract); injected into index.html as JSON, never secrets. */
export type PublicClientConfig = ClientConfig;

export function publicClientConfig(config: Config): PublicClientConfig {
  const { thumbs, ...hosts } = config.hosts;
  return {
    ...hosts,
    thumbnails: thumbs,
    dev: config.dev,
    // Dev mode skips the captcha (SPEC §5).
    captcha: config.dev ? 'none' : config.captcha,
    recaptchaSiteKey: config.captcha === 'recaptcha' ? (config.recaptcha?.siteKey ?? '') : '',
    social: SOCIAL_PROVIDER_NAMES.filter((p) => config.social[p] !== undefined),
    helpUrl: config.links.help,
    developersUrl: config.links.developers,
    scripts: { support_chat: config.scripts.support_chat ?? '', page_testing: config.scripts.page_testing ?? '' },
    tracker: config.tracker ?? '',
  };
}
