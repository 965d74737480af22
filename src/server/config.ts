import path from 'node:path';
import * as v from 'valibot';
import type { ClientConfig } from '../contracts/client-config';

/** Server configuration, read once from the environment at start (DESIGN §9). */
export interface Config {
  /** Absolute path of the data folder (SQLite file, files/, outbox/). */
  dataDir: string;
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  smtpUrl: string | undefined;
  dev: boolean;
  publicUrl: string | undefined;
  logLevel: LogLevel;
  /** Absolute path of the built client (index.html, assets/). */
  publicDir: string;
  trustProxy: boolean;
  hosts: Hosts;
}

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

/** One variable: a rule (used as the error message) checked on the raw string, then a transform. */
const rule = <T>(message: string, ok: (s: string) => boolean, map: (s: string) => T) =>
  v.pipe(v.string(), v.check(ok, message), v.transform(map));

const flag = rule(
  'must be 0 or 1',
  (s) => s === '0' || s === '1',
  (s) => s === '1',
);
const baseUrl = rule('must be an absolute http(s) URL or a path starting with /', isBaseUrl, trimSlash);

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
  QUIRE_PUBLIC_DIR: v.optional(
    rule(
      'must be a folder path',
      (s) => s.trim() !== '',
      (s) => path.resolve(s),
    ),
    'dist/public',
  ),
  QUIRE_TRUST_PROXY: v.optional(flag, '0'),
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
});

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
    publicUrl: e.QUIRE_PUBLIC_URL,
    logLevel: e.QUIRE_LOG_LEVEL,
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
  };
}

/** What the browser needs (the shared ClientConfig contract); injected into index.html as JSON, never secrets. */
export type PublicClientConfig = ClientConfig;

export function publicClientConfig(config: Config): PublicClientConfig {
  const { thumbs, ...hosts } = config.hosts;
  return { ...hosts, thumbnails: thumbs, dev: config.dev };
}
