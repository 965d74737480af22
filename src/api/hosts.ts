import * as v from 'valibot';
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig, ClientConfigSchema, DEFAULT_CLIENT_CONFIG } from '../contracts/client-config';

export {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  ClientConfigSchema,
  DEFAULT_CLIENT_CONFIG,
  HOST_KINDS,
  type HostKind,
} from '../contracts/client-config';

/** The part of `Document` this module needs (so node tests can pass a plain object). */
export interface ConfigSource {
  getElementById(id: string): { textContent: string | null } | null;
}

/** Reads the injected client configuration; anything unreadable gives the defaults. */
export function readClientConfig(doc: ConfigSource = document): ClientConfig {
  const text = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return { ...DEFAULT_CLIENT_CONFIG };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ...DEFAULT_CLIENT_CONFIG };
  }
  const parsed = v.safeParse(ClientConfigSchema, raw);
  return parsed.success ? parsed.output : { ...DEFAULT_CLIENT_CONFIG };
}

/** SPEC §9: the secure data host is used when the page is https or the user is logged in. */
export function dataHost(config: ClientConfig, { https, loggedIn }: { https: boolean; loggedIn: boolean }): string {
  return https || loggedIn ? config.dataSecure : config.data;
}
