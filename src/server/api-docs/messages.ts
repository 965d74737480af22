import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorName } from '../../contracts/errors';

/**
 * Strings of the API reference page's introduction (./page.tsx), in the page language. Code, header
 * names, identifiers and URLs are values (`{header}`), rendered as code and never translated; `<0>…</0>`
 * wraps translated words in a link or emphasis (./rich.tsx). Durations arrive already worded in the
 * page language (Intl), counts as numbers for the plural forms.
 */
export const DOCS_MESSAGES = {
  title: msg({ id: 'apidocs.title', message: 'Quire API v1 reference' }),
  description: msg({ id: 'apidocs.description', message: 'The Quire REST API: authentication, limits, errors and every operation.' }),
  intro: msg({
    id: 'apidocs.intro',
    message:
      'Automate publishing: your account, folders, publications (list, change, activate, delete, table of contents, comments, statistics), publishing by upload or from a URL, subscribers and webhooks. Base URL: {base}.',
  }),
  createKey: msg({ id: 'apidocs.createKey', message: 'Create a key' }),
  specLink: msg({ id: 'apidocs.specLink', message: 'OpenAPI 3.1 document (JSON)' }),
  operationsLink: msg({ id: 'apidocs.operationsLink', message: 'Operations ({count})' }),
  onThisPage: msg({ id: 'apidocs.onThisPage', message: 'On this page' }),
  referenceToc: msg({ id: 'apidocs.referenceToc', message: 'Reference: {tags}' }),
  operations: msg({ id: 'apidocs.operations', message: 'Operations' }),
  noscript: msg({ id: 'apidocs.noscript', message: 'The operations are rendered from the <0>OpenAPI document</0> with JavaScript.' }),

  authTitle: msg({ id: 'apidocs.auth.title', message: 'Authentication' }),
  authKeys: msg({
    id: 'apidocs.auth.keys',
    message:
      'Create a key at <0>Account → API keys</0> with the rights it needs ({rights}). A key is a pair: a public key {publicKey} and a secret {secret}, shown once. Each operation needs one right; a key without it is refused with 403.',
  }),
  /** The API keys section's own sentence (src/web/components/api-keys). */
  authWays: { id: 'apikey.howto.intro' } as MessageDescriptor,
  authBearer: msg({
    id: 'apidocs.auth.bearer',
    message: '<0>Bearer</0>: send the secret, {header}, over HTTPS only. Simple, but the secret travels with every call.',
  }),
  authSigned: msg({
    id: 'apidocs.auth.signed',
    message:
      '<0>Signed</0>: send {keyHeader} (the public key), {expiresHeader} (Unix seconds, at most {duration} ahead) and {signatureHeader}, together. The secret never travels, and a captured call cannot be replayed once it has expired.',
  }),

  signingTitle: msg({ id: 'apidocs.signing.title', message: 'Signing a call, worked example' }),
  signingKeyStep: msg({
    id: 'apidocs.signing.keyStep',
    message: 'The signing key is derived once from the secret: {formula}; its hex text is the key of the next step.',
  }),
  signingCanonicalStep: msg({
    id: 'apidocs.signing.canonicalStep',
    message:
      'The canonical request is six lines joined by {newline} (no final newline): the method in upper case; the path as sent, without the query; the query parameters sorted by name then value, each {pair}, joined by {amp} (an empty line when there is none); the expiry as in the header; the public key; the hex SHA-256 of the raw body (of nothing when there is no body; of the exact multipart bytes for an upload).',
  }),
  signingExample: msg({
    id: 'apidocs.signing.example',
    message: 'With the example secret {secret} and public key {publicKey}, the call {call} expiring at {expires}:',
  }),
  signingKey: msg({ id: 'apidocs.signing.signingKey', message: 'Signing key' }),
  sortedQuery: msg({ id: 'apidocs.signing.sortedQuery', message: 'Sorted query' }),
  canonicalRequest: msg({ id: 'apidocs.signing.canonicalRequest', message: 'Canonical request' }),

  shellTitle: msg({ id: 'apidocs.shell.title', message: 'From the shell (curl and openssl)' }),
  shellBearer: msg({ id: 'apidocs.shell.bearer', message: 'With the secret as a bearer token:' }),
  shellSigned: msg({
    id: 'apidocs.shell.signed',
    message:
      'Signed: this function computes the headers with openssl (arguments: method, path, query in canonical order, the file of the body), then curl sends them.',
  }),
  shellJson: msg({ id: 'apidocs.shell.json', message: 'Publishing from a URL, safe to retry thanks to the {header} header:' }),
  shellUpload: msg({ id: 'apidocs.shell.upload', message: 'Uploading a document, signed:' }),

  limitsTitle: msg({ id: 'apidocs.limits.title', message: 'Limits and idempotency' }),
  limitsRate: msg({
    id: 'apidocs.limits.rate',
    message:
      '{requests, plural, one {# request} other {# requests}} per key per {requestsWindow}, and {publications, plural, one {# publication} other {# publications}} per key per {publishWindow}. Past a limit the API answers 429 with a {retryAfter} header (seconds). {account} tells what is left.',
  }),
  limitsLists: msg({
    id: 'apidocs.limits.lists',
    message: 'Lists are paged with {page} (from 1) and {perPage} and answer {shape}. Times are epoch milliseconds; days are {day} (UTC).',
  }),
  limitsIdempotency: msg({
    id: 'apidocs.limits.idempotency',
    message:
      "{operation} takes an {header} header (1–{max} printable ASCII characters): a retry with the same key and body within {duration} answers the first call's publication instead of publishing twice; another body with the same key answers 409.",
  }),
  limitsAsync: msg({
    id: 'apidocs.limits.async',
    message: 'A publication is converted after the call answers (202): follow its {status}, or subscribe to a webhook.',
  }),

  errorsTitle: msg({ id: 'apidocs.errors.title', message: 'Answers and errors' }),
  errorsEnvelope: msg({
    id: 'apidocs.errors.envelope',
    message:
      'Every answer is an envelope: {ok}, or {error}, with an HTTP status that means what it says. Keep {id} (also the {header} header) when you report a problem. The reference lists the errors of each operation; those of the API as a whole:',
  }),
  errorsMeaning: msg({ id: 'apidocs.errors.meaning', message: 'Meaning' }),

  webhooksTitle: msg({ id: 'apidocs.webhooks.title', message: 'Webhooks' }),
  webhooksText: msg({
    id: 'apidocs.webhooks.text',
    message:
      "Add an endpoint with {operation} for the events {events}. Each delivery is a JSON POST signed in {header} (HMAC-SHA256 of the raw body keyed by the endpoint's secret, shown once when the endpoint is added); a delivery not answered with 2xx is retried with backoff, with the same {id}. Checking a delivery:",
  }),
};

/** What each error of the API means to a caller (the table of ./page.tsx); code names are values. */
export const DOCS_ERROR_MEANINGS: Partial<Record<ErrorName, MessageDescriptor>> = {
  validation: msg({ id: 'apidocs.error.validation', message: 'An input fails its contract; {fields} names them.' }),
  badRequest: msg({ id: 'apidocs.error.badRequest', message: 'The body is not valid JSON (or not the multipart form).' }),
  apiKeyInvalid: msg({
    id: 'apidocs.error.apiKeyInvalid',
    message: 'Missing, unknown, revoked or expired key; or a bearer secret over plain HTTP.',
  }),
  apiSignatureInvalid: msg({ id: 'apidocs.error.apiSignatureInvalid', message: 'The signature does not match the canonical request.' }),
  apiRequestExpired: msg({
    id: 'apidocs.error.apiRequestExpired',
    message: '{header} has passed, or lies more than {duration} ahead.',
  }),
  apiRightMissing: msg({ id: 'apidocs.error.apiRightMissing', message: "The key lacks the operation's right." }),
  featureLocked: msg({ id: 'apidocs.error.featureLocked', message: "The account's plan does not include the API." }),
  bookNotFound: msg({ id: 'apidocs.error.bookNotFound', message: "No such publication in the key's account." }),
  folderNotFound: msg({ id: 'apidocs.error.folderNotFound', message: "No such folder in the key's account." }),
  webhookNotFound: msg({ id: 'apidocs.error.webhookNotFound', message: "No such webhook endpoint in the key's account." }),
  apiIdempotencyConflict: msg({
    id: 'apidocs.error.apiIdempotencyConflict',
    message: 'The same {header} with another body, or while the first call still runs.',
  }),
  payloadTooLarge: msg({ id: 'apidocs.error.payloadTooLarge', message: 'The request body is too large.' }),
  fileTooLarge: msg({ id: 'apidocs.error.fileTooLarge', message: "The document exceeds the account's upload limit." }),
  apiFetchFailed: msg({
    id: 'apidocs.error.apiFetchFailed',
    message: 'The document at {url} could not be fetched (not public, failed, or no document).',
  }),
  apiRateLimited: msg({ id: 'apidocs.error.apiRateLimited', message: 'A limit of the key was reached: wait {header} seconds.' }),
};
