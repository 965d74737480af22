// What the session machine and the API client share of the error catalogue (./errors.ts), without the
// catalogue itself: the app's first load imports these (through machines/), the catalogue loads with
// the API client (esbuild places a file's code in one chunk).

/** The SESSION codes that mean the session expired (SPEC §8: 301, 302, 149 → the sign-in flow). */
export const SESSION_EXPIRED_CODES: readonly number[] = [301, 302, 149];

/** SPEC §8 message ids of failed calls without a server answer (shared by the API client and the machines). */
export const TRANSPORT_MESSAGE_IDS = {
  timeout: 'commons.requestTooLong',
  parse: 'commons.parseError',
  network: 'commons.requestError',
} as const;

/** The message id of a server error: `errors.{type}.{code}`. */
export const serverMessageId = (type: string | undefined, code: number | string | undefined) => `errors.${type}.${code}`;
