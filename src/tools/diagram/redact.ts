/**
 * Hides secrets in event payloads and contexts before the Machines pages show them: a field whose
 * name has one of the words token, secret, password (passwd, pwd), hash, cookie, authorization,
 * credential(s), api key, otp/totp, or that is named `code` with a string value (a one-time code;
 * error codes in this project are numbers), is replaced by `redacted(value)`, at any depth (flags,
 * nulls and empty texts stay: they tell nothing secret).
 * `access_token`, `refreshToken`, `activationHash`, `Set-Cookie` all match by their words.
 */
import type { JsonValue } from './simulate';

export const REDACTED = '•••';

/**
 * What replaces a secret: `•••`, with the shape of a text (`••• 6 digits`, `••• 12 characters`) so
 * that the simulation's offered events (a valid and a too-short code) stay distinguishable.
 */
export function redacted(value: JsonValue): string {
  if (typeof value !== 'string') return REDACTED;
  const n = [...value].length;
  if (/^\d+$/.test(value)) return `${REDACTED} ${n} digit${n === 1 ? '' : 's'}`;
  return `${REDACTED} ${n} character${n === 1 ? '' : 's'}`;
}

const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'secret',
  'secrets',
  'password',
  'passwords',
  'passwd',
  'pwd',
  'hash',
  'cookie',
  'cookies',
  'authorization',
  'credential',
  'credentials',
  'otp',
  'totp',
  'apikey',
]);

function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a field with this name and value holds a secret. */
export function isSecretField(key: string, value: unknown): boolean {
  const w = keyWords(key);
  if (w.some((part) => SECRET_WORDS.has(part))) return true;
  if (w.join('') === 'apikey') return true;
  // `code`, `mfaCode`, `recoveryCode`: a one-time code when it is a string (error codes are numbers).
  return w[w.length - 1] === 'code' && typeof value === 'string';
}

/** A copy of a JSON value with every secret field's value replaced by `redacted(value)`. */
export function redactSecrets(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, v] of Object.entries(value)) {
    // A flag (`tokenSpent: false`) or an empty value tells nothing secret.
    out[key] = v !== null && v !== '' && typeof v !== 'boolean' && isSecretField(key, v) ? redacted(v) : redactSecrets(v);
  }
  return out;
}
