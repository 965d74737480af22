import * as v from 'valibot';
import { CAPTCHA_KINDS, DEFAULT_CLIENT_CONFIG, HOST_KINDS, type HostKind } from './client-config';

/**
 * The client configuration as a schema (the server's tests check what it injects with it). The app and
 * the reader read it at boot without the validation library (src/api/hosts.ts `readClientConfig`,
 * which tests/unit/api/hosts.test.ts compares with this schema): ./client-config.ts is in their first load.
 */
/** A missing or malformed field falls back to its default; unknown fields are dropped. */
const withDefault = <T extends string | boolean>(schema: v.GenericSchema<T>, fallback: T) =>
  v.optional(v.fallback(schema, fallback), fallback);

export const ClientConfigSchema = v.object({
  ...(Object.fromEntries(HOST_KINDS.map((kind) => [kind, withDefault(v.string(), DEFAULT_CLIENT_CONFIG[kind])])) as Record<
    HostKind,
    ReturnType<typeof withDefault<string>>
  >),
  dev: withDefault(v.boolean(), false),
  /** ALTCHA challenges come from `GET {api}/public/captcha`; reCAPTCHA uses recaptchaSiteKey. */
  captcha: withDefault(v.picklist(CAPTCHA_KINDS), 'altcha'),
  recaptchaSiteKey: withDefault(v.string(), ''),
  social: v.optional(
    v.fallback(v.array(v.string()), () => []),
    () => [],
  ),
  helpUrl: withDefault(v.string(), ''),
  developersUrl: withDefault(v.string(), ''),
  scripts: v.optional(
    v.fallback(v.object({ support_chat: withDefault(v.string(), ''), page_testing: withDefault(v.string(), '') }), () => ({
      support_chat: '',
      page_testing: '',
    })),
    () => ({ support_chat: '', page_testing: '' }),
  ),
  tracker: withDefault(v.string(), ''),
  billing: v.optional(
    v.fallback(v.array(v.string()), () => []),
    () => [],
  ),
});
