import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import type { AccountMode, ScriptConsent } from '../contracts/accounts';
import { BILLING_PERIODS, PAID_MODES, PAYMENT_PROVIDERS, type PaymentProvider, type Plan } from '../contracts/billing';
import { CAPTCHA_KINDS, type CaptchaKind, type ClientConfig } from '../contracts/client-config';
import { isCountryCode } from '../contracts/countries';
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
  /** Where publishing files live (issue 19, src/server/storage): the data folder, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Selling plans (issue 21, src/server/billing): on when QUIRE_BILLING_PROVIDERS is set. */
  billing: BillingConfig | undefined;
}

/**
 * The file store (QUIRE_S3_*, QUIRE_STORAGE_*). Without QUIRE_S3_BUCKET the files stay in the data folder
 * (`files/`). With it they live in the bucket, and `files/` is this process's cache of them.
 */
export interface StorageConfig {
  s3:
    | {
        /** The S3 endpoint (MinIO, Garage, Ceph RGW …); undefined: AWS S3 of the region. */
        url: string | undefined;
        bucket: string;
        region: string;
        /** Both or neither; neither: the AWS SDK's default credentials (environment, instance role). */
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        /** Key prefix inside the bucket ('' or ending in /), to share a bucket. */
        prefix: string;
        /** Path-style addressing (http://host/bucket/key): on with a custom endpoint, which most need. */
        pathStyle: boolean;
      }
    | undefined;
  /** How page images and thumbnails are served from a bucket: through the app (`proxy`) or by redirect to a short-lived signed URL. */
  serve: 'proxy' | 'redirect';
  /** Lifetime of a signed URL, in seconds. */
  urlTtlSeconds: number;
  /** Largest size of the local cache of a bucket's files, in bytes (least recently used books leave first). */
  cacheBytes: number;
}

/** Billing (issue 21): the plans of QUIRE_PRICES, tax, the seller, the payment providers. */
export interface BillingConfig {
  /** Every buyable plan (a paid mode and period of QUIRE_PRICES), one currency. */
  plans: Plan[];
  currency: string;
  /** Tax rate in basis points (QUIRE_BILLING_TAX_RATE percent × 100). */
  taxRateBp: number;
  seller: { name: string; address: string[]; country: string; vatId: string };
  providers: PaymentProvider[];
  /** Bank transfer instructions shown for a manual order (QUIRE_BILLING_BANK). */
  bank: string;
  invoicePrefix: string;
  /** Length of a demo plan (PREMIUM_DEMO, PLATINUM_DEMO) in days. */
  demoDays: number;
  /** A TrueType font with the scripts of every language (invoice PDFs); unset: the PDF's standard font (Latin only). */
  font: string | undefined;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
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
/**
 * `PREMIUM=9.90 EUR/month,PREMIUM=99 EUR/year,PLATINUM=29 EUR/month` (each mode at most once per period;
 * ISO 4217 currency). The pricing page shows each mode's first price; billing sells every one (parsePlans).
 */
export function parsePrices(s: string): Partial<Record<AccountMode, Price>> | undefined {
  const plans = parsePriceItems(s);
  if (!plans) return undefined;
  const prices: Partial<Record<AccountMode, Price>> = {};
  for (const { mode, price } of plans) prices[mode] ??= price;
  return prices;
}

function parsePriceItems(s: string): { mode: AccountMode; price: Price }[] | undefined {
  const items: { mode: AccountMode; price: Price }[] = [];
  for (const item of s.split(',').map((x) => x.trim())) {
    const m = PRICE_ITEM.exec(item);
    if (!m) return undefined;
    const mode = m[1] as AccountMode;
    const period = m[4] as Price['period'];
    if (items.some((i) => i.mode === mode && i.price.period === period)) return undefined;
    if (!Intl.supportedValuesOf('currency').includes(m[3] as string)) return undefined;
    items.push({ mode, price: { amount: Number(m[2]), currency: m[3] as string, period } });
  }
  return items;
}

/** The buyable plans of QUIRE_PRICES: paid modes only, amounts in minor units (cents). */
export function parsePlans(s: string | undefined): Plan[] {
  return (parsePriceItems(s ?? '') ?? []).flatMap(({ mode, price }) =>
    (PAID_MODES as readonly string[]).includes(mode) && (BILLING_PERIODS as readonly string[]).includes(price.period)
      ? [{ mode: mode as Plan['mode'], period: price.period, amount: Math.round(price.amount * 100), currency: price.currency }]
      : [],
  );
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
      'must look like PREMIUM=9.90 EUR/month,PREMIUM=99 EUR/year,PLATINUM=29 EUR/month (each mode once per period, an ISO 4217 currency, /month or /year)',
      (s) => parsePrices(s) !== undefined,
      (s) => ({ prices: parsePrices(s) ?? {}, plans: parsePlans(s) }),
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
  QUIRE_S3_URL: v.optional(
    rule('must be an absolute http(s) URL (the S3 endpoint)', (s) => isHttpUrl(s) && !s.includes('#') && !s.includes('?'), trimSlash),
  ),
  QUIRE_S3_BUCKET: v.optional(
    rule(
      'must be an S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
      (s) => /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s) && !s.includes('..'),
      String,
    ),
  ),
  QUIRE_S3_REGION: v.optional(
    rule('must be a region name such as us-east-1', (s) => /^[a-z0-9-]{1,32}$/.test(s), String),
    'us-east-1',
  ),
  QUIRE_S3_ACCESS_KEY_ID: v.optional(rule('must be an access key id without spaces', (s) => /^[\x21-\x7e]{1,256}$/.test(s), String)),
  QUIRE_S3_SECRET_ACCESS_KEY: v.optional(rule('must be a secret access key without spaces', (s) => /^[\x21-\x7e]{1,512}$/.test(s), String)),
  QUIRE_S3_PREFIX: v.optional(
    rule(
      'must be a key prefix of letters, digits, . _ - separated by / (such as quire/)',
      (s) => /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/?$/.test(s) && !s.split('/').some((p) => p === '.' || p === '..'),
      (s) => (s.endsWith('/') ? s : `${s}/`),
    ),
  ),
  QUIRE_S3_PATH_STYLE: v.optional(flag),
  QUIRE_STORAGE_SERVE: v.optional(v.picklist(['proxy', 'redirect'], 'must be proxy or redirect'), 'proxy'),
  QUIRE_STORAGE_URL_TTL: v.optional(
    rule('must be a number of seconds between 10 and 604800', (s) => /^\d{2,6}$/.test(s) && +s >= 10 && +s <= 604_800, Number),
    '300',
  ),
  QUIRE_STORAGE_CACHE_MB: v.optional(
    rule('must be a number of megabytes between 0 and 10485760', (s) => /^\d{1,8}$/.test(s) && +s <= 10_485_760, Number),
    '4096',
  ),
  QUIRE_BILLING_PROVIDERS: v.optional(
    rule(
      `must be a comma-separated list of ${PAYMENT_PROVIDERS.join(', ')}`,
      (s) => s.split(',').every((p) => (PAYMENT_PROVIDERS as readonly string[]).includes(p.trim())),
      (s) => [...new Set(s.split(',').map((p) => p.trim() as PaymentProvider))],
    ),
  ),
  QUIRE_BILLING_TAX_RATE: v.optional(
    rule(
      'must be a percentage between 0 and 100 (at most two decimals), such as 20 or 8.1',
      (s) => /^\d{1,3}(\.\d{1,2})?$/.test(s) && +s <= 100,
      (s) => Math.round(Number(s) * 100),
    ),
    '0',
  ),
  QUIRE_BILLING_SELLER_NAME: v.optional(
    rule(
      'must be at most 200 characters',
      (s) => s.length <= 200,
      (s) => s.trim(),
    ),
  ),
  QUIRE_BILLING_SELLER_ADDRESS: v.optional(
    rule(
      'must be address lines separated by ; (at most 500 characters)',
      (s) => s.length <= 500,
      (s) =>
        s
          .split(';')
          .map((l) => l.trim())
          .filter(Boolean),
    ),
  ),
  QUIRE_BILLING_SELLER_COUNTRY: v.optional(rule('must be an ISO 3166-1 alpha-2 country code such as FR', (s) => isCountryCode(s), String)),
  QUIRE_BILLING_SELLER_VAT_ID: v.optional(
    rule('must be a VAT number such as FR12345678901', (s) => /^[A-Z]{2}[0-9A-Z]{2,18}$/.test(s), String),
  ),
  QUIRE_BILLING_BANK: v.optional(
    rule(
      'must be at most 500 characters',
      (s) => s.length <= 500,
      (s) => s.trim(),
    ),
  ),
  QUIRE_BILLING_INVOICE_PREFIX: v.optional(
    rule('must be at most 12 letters, digits, - or /', (s) => /^[A-Za-z0-9/-]{0,12}$/.test(s), String),
    'INV-',
  ),
  QUIRE_BILLING_DEMO_DAYS: v.optional(
    rule('must be a number of days between 1 and 365', (s) => /^\d{1,3}$/.test(s) && +s >= 1 && +s <= 365, Number),
    '14',
  ),
  QUIRE_BILLING_FONT: v.optional(
    rule(
      'must be the path of a TrueType font file',
      (s) => s.trim() !== '',
      (s) => path.resolve(s),
    ),
  ),
  QUIRE_STRIPE_SECRET_KEY: v.optional(rule('must be a Stripe secret key (sk_… or rk_…)', (s) => /^(sk|rk)_[\w]{4,250}$/.test(s), String)),
  QUIRE_STRIPE_WEBHOOK_SECRET: v.optional(
    rule('must be a webhook signing secret (whsec_…)', (s) => /^whsec_[\w+/=]{4,250}$/.test(s), String),
  ),
  QUIRE_STRIPE_API_URL: v.optional(rule('must be an absolute http(s) URL', (s) => isHttpUrl(s), trimSlash)),
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
  // The bucket's variables go together: keys in pairs, and none of them without a bucket.
  if (Boolean(e.QUIRE_S3_ACCESS_KEY_ID) !== Boolean(e.QUIRE_S3_SECRET_ACCESS_KEY)) {
    const name = e.QUIRE_S3_ACCESS_KEY_ID ? 'QUIRE_S3_SECRET_ACCESS_KEY' : 'QUIRE_S3_ACCESS_KEY_ID';
    throw new ConfigError(
      `${name}: is required with ${name === 'QUIRE_S3_ACCESS_KEY_ID' ? 'QUIRE_S3_SECRET_ACCESS_KEY' : 'QUIRE_S3_ACCESS_KEY_ID'}`,
      [name],
    );
  }
  if (!e.QUIRE_S3_BUCKET) {
    const orphan = (['QUIRE_S3_URL', 'QUIRE_S3_ACCESS_KEY_ID', 'QUIRE_S3_PREFIX'] as const).find((name) => e[name] !== undefined);
    if (orphan) throw new ConfigError(`${orphan}: is only used with an S3 bucket (QUIRE_S3_BUCKET)`, [orphan]);
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

type Env = v.InferOutput<typeof EnvSchema>;

/** QUIRE_BILLING_*: off without providers; with them, every setting a provider and an invoice need (ConfigError otherwise). */
function billingConfig(e: Env): BillingConfig | undefined {
  const providers = e.QUIRE_BILLING_PROVIDERS;
  if (!providers) return undefined;
  const problems: [string, string][] = [];
  const plans = e.QUIRE_PRICES?.plans ?? [];
  if (plans.length === 0)
    problems.push(['QUIRE_PRICES', 'must name at least one PREMIUM or PLATINUM price when QUIRE_BILLING_PROVIDERS is set']);
  const currencies = new Set(plans.map((p) => p.currency));
  if (currencies.size > 1) problems.push(['QUIRE_PRICES', 'must use one currency when QUIRE_BILLING_PROVIDERS is set']);
  if (!e.QUIRE_BILLING_SELLER_NAME) problems.push(['QUIRE_BILLING_SELLER_NAME', 'is required when QUIRE_BILLING_PROVIDERS is set']);
  if (!e.QUIRE_BILLING_SELLER_COUNTRY) problems.push(['QUIRE_BILLING_SELLER_COUNTRY', 'is required when QUIRE_BILLING_PROVIDERS is set']);
  if (providers.includes('manual') && !e.QUIRE_BILLING_BANK)
    problems.push(['QUIRE_BILLING_BANK', 'is required with the manual provider (the bank transfer instructions)']);
  if (providers.includes('stripe')) {
    if (!e.QUIRE_STRIPE_SECRET_KEY) problems.push(['QUIRE_STRIPE_SECRET_KEY', 'is required with the stripe provider']);
    if (!e.QUIRE_STRIPE_WEBHOOK_SECRET) problems.push(['QUIRE_STRIPE_WEBHOOK_SECRET', 'is required with the stripe provider']);
  }
  if (problems.length > 0)
    throw new ConfigError(
      problems.map(([name, text]) => `${name}: ${text}`).join('; '),
      problems.map(([name]) => name),
    );
  return {
    plans,
    currency: plans[0]?.currency ?? 'EUR',
    taxRateBp: e.QUIRE_BILLING_TAX_RATE,
    seller: {
      name: e.QUIRE_BILLING_SELLER_NAME ?? '',
      address: e.QUIRE_BILLING_SELLER_ADDRESS ?? [],
      country: e.QUIRE_BILLING_SELLER_COUNTRY ?? '',
      vatId: e.QUIRE_BILLING_SELLER_VAT_ID ?? '',
    },
    providers,
    bank: e.QUIRE_BILLING_BANK ?? '',
    invoicePrefix: e.QUIRE_BILLING_INVOICE_PREFIX,
    demoDays: e.QUIRE_BILLING_DEMO_DAYS,
    font: e.QUIRE_BILLING_FONT,
    stripe:
      providers.includes('stripe') && e.QUIRE_STRIPE_SECRET_KEY && e.QUIRE_STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.QUIRE_STRIPE_SECRET_KEY, webhookSecret: e.QUIRE_STRIPE_WEBHOOK_SECRET, apiUrl: e.QUIRE_STRIPE_API_URL }
        : undefined,
  };
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
    prices: e.QUIRE_PRICES?.prices ?? {},
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
    storage: {
      s3: e.QUIRE_S3_BUCKET
        ? {
            url: e.QUIRE_S3_URL,
            bucket: e.QUIRE_S3_BUCKET,
            region: e.QUIRE_S3_REGION,
            credentials:
              e.QUIRE_S3_ACCESS_KEY_ID && e.QUIRE_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.QUIRE_S3_ACCESS_KEY_ID, secretAccessKey: e.QUIRE_S3_SECRET_ACCESS_KEY }
                : undefined,
            prefix: e.QUIRE_S3_PREFIX ?? '',
            pathStyle: e.QUIRE_S3_PATH_STYLE ?? e.QUIRE_S3_URL !== undefined,
          }
        : undefined,
      serve: e.QUIRE_STORAGE_SERVE,
      urlTtlSeconds: e.QUIRE_STORAGE_URL_TTL,
      cacheBytes: e.QUIRE_STORAGE_CACHE_MB * 1024 * 1024,
    },
    billing: billingConfig(e),
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
    billing: config.billing ? [...config.billing.providers] : [],
  };
}
