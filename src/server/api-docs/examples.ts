import { createHash } from 'node:crypto';
import { API_SIGNING_KEY_LABEL, canonicalRequest } from '../../contracts/api-keys';
import { signCanonical, signingKeyOf } from '../api-keys/crypto';

/**
 * The worked signing example of the reference page: fixed, clearly fake values run through the server's
 * own functions (canonicalRequest of the contract, signingKeyOf and signCanonical of api-keys/crypto.ts),
 * so what the page shows is what the server computes. Tests check the shell snippet below against it.
 */
export const EXAMPLE_KEY = 'qk_0123456789abcdef01234567';
export const EXAMPLE_SECRET = 'qs_EXAMPLE-secret-do-not-use-0123456789abcdefg';
export const EXAMPLE_EXPIRES = 1_893_456_000;
export const EXAMPLE_PATH = '/api/v1/publications';
/** As a client would pass them (unsorted): the canonical string sorts them. */
export const EXAMPLE_QUERY: [string, string][] = [
  ['status', 'DONE'],
  ['per_page', '10'],
  ['page', '2'],
];

export interface SigningExample {
  method: string;
  path: string;
  query: [string, string][];
  expires: number;
  publicKey: string;
  secret: string;
  bodySha256: string;
  canonical: string;
  signingKey: string;
  signature: string;
}

export function signingExample(): SigningExample {
  const bodySha256 = createHash('sha256').update('').digest('hex');
  const canonical = canonicalRequest({
    method: 'GET',
    path: EXAMPLE_PATH,
    query: EXAMPLE_QUERY,
    expires: EXAMPLE_EXPIRES,
    publicKey: EXAMPLE_KEY,
    bodySha256Hex: bodySha256,
  });
  const signingKey = signingKeyOf(EXAMPLE_SECRET);
  return {
    method: 'GET',
    path: EXAMPLE_PATH,
    query: EXAMPLE_QUERY,
    expires: EXAMPLE_EXPIRES,
    publicKey: EXAMPLE_KEY,
    secret: EXAMPLE_SECRET,
    bodySha256,
    canonical,
    signingKey,
    signature: signCanonical(signingKey, canonical),
  };
}

/**
 * A POSIX shell function that signs a call with openssl (the reference page shows it; tests run it).
 * Arguments: METHOD PATH QUERY BODY_FILE [EXPIRES]; QUERY already in canonical order (sorted, encoded);
 * BODY_FILE the exact bytes sent (/dev/null for none). Sets QUIRE_EXPIRES and QUIRE_SIGNATURE.
 */
export const SIGN_FUNCTION = `quire_sign() {
  QUIRE_EXPIRES=\${5:-$(( $(date +%s) + 300 ))}
  body_sha=$(openssl dgst -sha256 "$4" | awk '{print $NF}')
  signing_key=$(printf '%s' '${API_SIGNING_KEY_LABEL}' | openssl dgst -sha256 -hmac "$QUIRE_SECRET" | awk '{print $NF}')
  QUIRE_SIGNATURE=$(printf '%s\\n%s\\n%s\\n%s\\n%s\\n%s' "$1" "$2" "$3" "$QUIRE_EXPIRES" "$QUIRE_KEY" "$body_sha" \\
    | openssl dgst -sha256 -hmac "$signing_key" | awk '{print $NF}')
}`;
