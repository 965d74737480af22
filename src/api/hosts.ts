import {
  CAPTCHA_KINDS,
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  DEFAULT_CLIENT_CONFIG,
  HOST_KINDS,
  type HostKind,
} from '../contracts/client-config';

export {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  DEFAULT_CLIENT_CONFIG,
  HOST_KINDS,
  type HostKind,
} from '../contracts/client-config';

/** The part of `Document` this module needs (so node tests can pass a plain object). */
export interface ConfigSource {
  getElementById(id: string): { textContent: string | null } | null;
}

/**
 * Reads the injected client configuration; anything unreadable gives the defaults. The same reading as
 * `ClientConfigSchema` (contracts/client-config-schema.ts: a missing or malformed field keeps its default, unknown fields are dropped;
 * tests/unit/api/hosts.test.ts compares them), without the validation library: this runs at boot, in
 * the app's and the reader's first load.
 */
export function readClientConfig(doc: ConfigSource = document): ClientConfig {
  const text = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return { ...DEFAULT_CLIENT_CONFIG };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ...DEFAULT_CLIENT_CONFIG };
  }
  if (!isRecord(raw)) return { ...DEFAULT_CLIENT_CONFIG };
  const d = DEFAULT_CLIENT_CONFIG;
  const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const hosts = Object.fromEntries(HOST_KINDS.map((kind) => [kind, str(raw[kind], d[kind])])) as Record<HostKind, string>;
  const scripts = isRecord(raw.scripts) ? raw.scripts : {};
  return {
    ...hosts,
    dev: typeof raw.dev === 'boolean' ? raw.dev : d.dev,
    captcha: (CAPTCHA_KINDS as readonly unknown[]).includes(raw.captcha) ? (raw.captcha as ClientConfig['captcha']) : d.captcha,
    recaptchaSiteKey: str(raw.recaptchaSiteKey, d.recaptchaSiteKey),
    social: Array.isArray(raw.social) && raw.social.every((s) => typeof s === 'string') ? [...raw.social] : [],
    helpUrl: str(raw.helpUrl, d.helpUrl),
    developersUrl: str(raw.developersUrl, d.developersUrl),
    scripts: { support_chat: str(scripts.support_chat, ''), page_testing: str(scripts.page_testing, '') },
    tracker: str(raw.tracker, d.tracker),
    billing: Array.isArray(raw.billing) && raw.billing.every((s) => typeof s === 'string') ? [...raw.billing] : [],
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** SPEC §9: the secure data host is used when the page is https or the user is logged in. */
export function dataHost(config: ClientConfig, { https, loggedIn }: { https: boolean; loggedIn: boolean }): string {
  return https || loggedIn ? config.dataSecure : config.data;
}
