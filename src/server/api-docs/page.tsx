import {
  API_IDEMPOTENCY_KEY_MAX,
  API_IDEMPOTENCY_TTL_MS,
  API_KEY_RIGHTS,
  API_RATE_PUBLISH,
  API_RATE_PUBLISH_WINDOW_MS,
  API_RATE_REQUESTS,
  API_RATE_REQUESTS_WINDOW_MS,
  API_SIGNATURE_MAX_TTL_S,
  API_SIGNING_KEY_LABEL,
} from '../../contracts/api-keys';
import { API_V1_OPERATIONS, API_WEBHOOK_EVENTS } from '../../contracts/api-v1';
import { ERRORS, type ErrorName } from '../../contracts/errors';
import { renderDocument } from '../html/render';
import type { PageContext } from '../site/context';
import { SitePage } from '../site/layout';
import { SIGN_FUNCTION, type SigningExample } from './examples';

/**
 * The API reference page (`{api}/v1/docs`, issue 18): a server-rendered introduction (authentication
 * with a worked signing example, curl examples, limits, idempotency, errors, webhooks) above the
 * reference itself, which the bundled Redoc renders from the served OpenAPI document (./routes.ts).
 * Developer documentation is written in English, like the OpenAPI document it introduces; the site's
 * header and footer around it speak the visitor's language.
 */
export interface DocsPageProps {
  ctx: PageContext;
  /** `https://host/api/v1`: the `servers` URL of the document. */
  base: string;
  /** The path the signature covers for `/publications` (the base's path + the operation's). */
  signedPublications: string;
  example: SigningExample;
  specUrl: string;
  redocUrl: string;
  scriptUrl: string;
  cssUrl: string;
  nonce: string;
}

const minutes = (ms: number) => `${ms / 60_000} minutes`;

/** The catalogue's codes the API answers, with their HTTP status. */
const API_ERROR_NAMES: ErrorName[] = [
  'validation',
  'badRequest',
  'apiKeyInvalid',
  'apiSignatureInvalid',
  'apiRequestExpired',
  'apiRightMissing',
  'featureLocked',
  'bookNotFound',
  'folderNotFound',
  'webhookNotFound',
  'apiIdempotencyConflict',
  'payloadTooLarge',
  'fileTooLarge',
  'apiFetchFailed',
  'apiRateLimited',
];
const ERROR_MEANINGS: Partial<Record<ErrorName, string>> = {
  validation: 'An input fails its contract; `fields` names them.',
  badRequest: 'The body is not valid JSON (or not the multipart form).',
  apiKeyInvalid: 'Missing, unknown, revoked or expired key; or a bearer secret over plain HTTP.',
  apiSignatureInvalid: 'The signature does not match the canonical request.',
  apiRequestExpired: `X-Quire-Expires has passed, or lies more than ${API_SIGNATURE_MAX_TTL_S / 60} minutes ahead.`,
  apiRightMissing: "The key lacks the operation's right.",
  featureLocked: "The account's plan does not include the API.",
  bookNotFound: "No such publication in the key's account.",
  folderNotFound: "No such folder in the key's account.",
  webhookNotFound: "No such webhook endpoint in the key's account.",
  apiIdempotencyConflict: 'The same Idempotency-Key with another body, or while the first call still runs.',
  payloadTooLarge: 'The request body is too large.',
  fileTooLarge: "The document exceeds the account's upload limit.",
  apiFetchFailed: 'The document at `url` could not be fetched (not public, failed, or no document).',
  apiRateLimited: 'A limit of the key was reached: wait Retry-After seconds.',
};

function Code({ children }: { children: string }) {
  return (
    <pre className="api-docs__code">
      <code>{children}</code>
    </pre>
  );
}

export function DocsPage(props: DocsPageProps) {
  const { ctx, base, example, signedPublications } = props;
  const query = example.query.map(([k, v]) => `${k}=${v}`).join('&');
  const canonicalQuery = example.canonical.split('\n')[2] ?? '';
  const signedList = `${SIGN_FUNCTION}

export QUIRE_KEY=qk_…  QUIRE_SECRET=qs_…
quire_sign GET ${signedPublications} 'page=2&per_page=10&status=DONE' /dev/null
curl "${base}/publications?page=2&per_page=10&status=DONE" \\
  -H "X-Quire-Key: $QUIRE_KEY" -H "X-Quire-Expires: $QUIRE_EXPIRES" -H "X-Quire-Signature: $QUIRE_SIGNATURE"`;
  const signedJson = `printf '%s' '{"url":"https://example.org/report.pdf","name":"Annual report"}' > body.json
quire_sign POST ${signedPublications} '' body.json
curl "${base}/publications" --data-binary @body.json -H 'Content-Type: application/json' \\
  -H 'Idempotency-Key: report-2026-11' \\
  -H "X-Quire-Key: $QUIRE_KEY" -H "X-Quire-Expires: $QUIRE_EXPIRES" -H "X-Quire-Signature: $QUIRE_SIGNATURE"`;
  const signedUpload = `# The signature covers the exact bytes sent: build the multipart body first.
boundary=quire$(openssl rand -hex 8)
{ printf -- '--%s\\r\\nContent-Disposition: form-data; name="file"; filename="report.pdf"\\r\\nContent-Type: application/pdf\\r\\n\\r\\n' "$boundary"
  cat report.pdf
  printf -- '\\r\\n--%s\\r\\nContent-Disposition: form-data; name="name"\\r\\n\\r\\nAnnual report\\r\\n--%s--\\r\\n' "$boundary" "$boundary"
} > body.bin
quire_sign POST ${signedPublications} '' body.bin
curl "${base}/publications" --data-binary @body.bin -H "Content-Type: multipart/form-data; boundary=$boundary" \\
  -H "X-Quire-Key: $QUIRE_KEY" -H "X-Quire-Expires: $QUIRE_EXPIRES" -H "X-Quire-Signature: $QUIRE_SIGNATURE"`;
  const bearer = `export QUIRE_SECRET=qs_…
curl "${base}/account" -H "Authorization: Bearer $QUIRE_SECRET"
curl "${base}/publications" -H "Authorization: Bearer $QUIRE_SECRET" \\
  -F file=@report.pdf -F name='Annual report' -H 'Idempotency-Key: report-2026-11'`;
  const webhookCheck = `# body.json: the raw body received; header: the X-Quire-Signature header's value
expected="sha256=$(openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" body.json | awk '{print $NF}')"
[ "$expected" = "$header" ] && echo genuine`;
  const tags = [...new Set(API_V1_OPERATIONS.map((op) => op.tag))];

  return (
    <SitePage
      ctx={ctx}
      title="Quire API v1 reference"
      description="The Quire REST API: authentication, limits, errors and every operation."
      head={
        <>
          <link rel="stylesheet" href={props.cssUrl} />
          <meta name="robots" content="noindex" />
          <script src={props.redocUrl} defer />
          <script src={props.scriptUrl} defer />
        </>
      }
    >
      <div className="container site-page api-docs" lang="en">
        <header className="legal__head">
          <h1>Quire API v1</h1>
          <p>
            Automate publishing: your account, folders, publications (list, change, activate, delete, table of contents, comments,
            statistics), publishing by upload or from a URL, subscribers and webhooks. Base URL: <code>{base}</code>.
          </p>
          <p className="api-docs__links">
            <a href="/account/apikey">Create a key</a>
            <a href={props.specUrl}>OpenAPI 3.1 document (JSON)</a>
            <a href="#reference">Operations ({API_V1_OPERATIONS.length})</a>
          </p>
        </header>

        <nav className="legal__toc" aria-label="On this page">
          <h2>On this page</h2>
          <ol>
            <li>
              <a href="#authentication">Authentication</a>
            </li>
            <li>
              <a href="#signing">Signing a call, worked example</a>
            </li>
            <li>
              <a href="#shell">From the shell (curl and openssl)</a>
            </li>
            <li>
              <a href="#limits">Limits and idempotency</a>
            </li>
            <li>
              <a href="#errors">Answers and errors</a>
            </li>
            <li>
              <a href="#webhooks">Webhooks</a>
            </li>
            <li>
              <a href="#reference">Reference: {tags.join(', ')}</a>
            </li>
          </ol>
        </nav>

        <div className="prose">
          <section id="authentication" aria-labelledby="authentication-title">
            <h2 id="authentication-title">Authentication</h2>
            <p>
              Create a key at <a href="/account/apikey">Account → API keys</a> with the rights it needs ({API_KEY_RIGHTS.join(', ')}). A key
              is a pair: a public key <code>qk_…</code> and a secret <code>qs_…</code>, shown once. Each operation needs one right; a key
              without it is refused with 403.
            </p>
            <p>Authenticate each call in one of two ways:</p>
            <ul>
              <li>
                <strong>Bearer</strong>: send the secret, <code>Authorization: Bearer qs_…</code>, over HTTPS only. Simple, but the secret
                travels with every call.
              </li>
              <li>
                <strong>Signed</strong>: send <code>X-Quire-Key</code> (the public key), <code>X-Quire-Expires</code> (unix seconds, at most{' '}
                {API_SIGNATURE_MAX_TTL_S / 60} minutes ahead) and <code>X-Quire-Signature</code>, together. The secret never travels, and a
                captured call cannot be replayed once it has expired.
              </li>
            </ul>
          </section>

          <section id="signing" aria-labelledby="signing-title">
            <h2 id="signing-title">Signing a call, worked example</h2>
            <ol>
              <li>
                The signing key is derived once from the secret:{' '}
                <code>signingKey = hex(HMAC-SHA256(key = secret, "{API_SIGNING_KEY_LABEL}"))</code>; its hex text is the key of the next
                step.
              </li>
              <li>
                The canonical request is six lines joined by <code>\n</code> (no final newline): the method in upper case; the path as sent,
                without the query; the query parameters sorted by name then value, each{' '}
                <code>encodeURIComponent(name)=encodeURIComponent(value)</code>, joined by <code>&amp;</code> (an empty line when there is
                none); the expiry as in the header; the public key; the hex SHA-256 of the raw body (of nothing when there is no body; of
                the exact multipart bytes for an upload).
              </li>
              <li>
                <code>X-Quire-Signature = hex(HMAC-SHA256(key = signingKey, canonical request))</code>.
              </li>
            </ol>
            <p>
              With the example secret <code>{example.secret}</code> and public key <code>{example.publicKey}</code>, the call{' '}
              <code>
                {example.method} {example.path}?{query}
              </code>{' '}
              expiring at <code>{example.expires}</code>:
            </p>
            <dl className="api-docs__example">
              <dt>Signing key</dt>
              <dd>
                <code>{example.signingKey}</code>
              </dd>
              <dt>Sorted query</dt>
              <dd>
                <code>{canonicalQuery}</code>
              </dd>
              <dt>Canonical request</dt>
              <dd>
                <Code>{example.canonical}</Code>
              </dd>
              <dt>X-Quire-Signature</dt>
              <dd>
                <code>{example.signature}</code>
              </dd>
            </dl>
          </section>

          <section id="shell" aria-labelledby="shell-title">
            <h2 id="shell-title">From the shell (curl and openssl)</h2>
            <p>With the secret as a bearer token:</p>
            <Code>{bearer}</Code>
            <p>
              Signed: this function computes the headers with openssl (arguments: method, path, query in canonical order, the file of the
              body), then curl sends them.
            </p>
            <Code>{signedList}</Code>
            <p>Publishing from a URL, safe to retry thanks to the Idempotency-Key:</p>
            <Code>{signedJson}</Code>
            <p>Uploading a document, signed:</p>
            <Code>{signedUpload}</Code>
          </section>

          <section id="limits" aria-labelledby="limits-title">
            <h2 id="limits-title">Limits and idempotency</h2>
            <ul>
              <li>
                {API_RATE_REQUESTS.toLocaleString('en')} requests per key per {minutes(API_RATE_REQUESTS_WINDOW_MS)}, and {API_RATE_PUBLISH}{' '}
                publications per key per {minutes(API_RATE_PUBLISH_WINDOW_MS)}. Past a limit the API answers 429 with a{' '}
                <code>Retry-After</code> header (seconds). <code>GET /account</code> tells what is left.
              </li>
              <li>
                Lists page with <code>page</code> (from 1) and <code>per_page</code> and answer{' '}
                <code>{'{items, page, per_page, total}'}</code>. Times are epoch milliseconds; days are <code>YYYY-MM-DD</code> (UTC).
              </li>
              <li>
                <code>POST /publications</code> takes an <code>Idempotency-Key</code> header (1–{API_IDEMPOTENCY_KEY_MAX} printable ASCII
                characters): a retry with the same key and body within {API_IDEMPOTENCY_TTL_MS / 3_600_000} hours answers the first call's
                publication instead of publishing twice; another body with the same key answers 409.
              </li>
              <li>
                A publication is converted after the call answers (202): follow its <code>status</code>, or subscribe to a webhook.
              </li>
            </ul>
          </section>

          <section id="errors" aria-labelledby="errors-title">
            <h2 id="errors-title">Answers and errors</h2>
            <p>
              Every answer is an envelope: <code>{"{status: 'ok', content, id}"}</code>, or{' '}
              <code>{"{status: 'error', content: {type, code, message?, fields?}, id}"}</code>, with an HTTP status that means what it says.
              Keep <code>id</code> (also the <code>X-Request-Id</code> header) when you report a problem. The reference lists the errors of
              each operation; the ones of the API:
            </p>
            <div className="api-docs__table-wrap">
              <table className="legal-table">
                <thead>
                  <tr>
                    <th scope="col">HTTP</th>
                    <th scope="col">type, code</th>
                    <th scope="col">Meaning</th>
                  </tr>
                </thead>
                <tbody>
                  {API_ERROR_NAMES.map((name) => (
                    <tr key={name}>
                      <td>{ERRORS[name].http}</td>
                      <td>
                        <code>
                          {ERRORS[name].type} {ERRORS[name].code}
                        </code>
                      </td>
                      <td>{ERROR_MEANINGS[name]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section id="webhooks" aria-labelledby="webhooks-title">
            <h2 id="webhooks-title">Webhooks</h2>
            <p>
              Add an endpoint with <code>POST /webhooks</code> for the events {API_WEBHOOK_EVENTS.join(', ')}. Each delivery is a JSON POST
              signed in <code>X-Quire-Signature: sha256=…</code> (HMAC-SHA256 of the raw body keyed by the endpoint's secret, answered
              once); a delivery not answered 2xx is retried with backoff, with the same <code>id</code>. Checking a delivery:
            </p>
            <Code>{webhookCheck}</Code>
          </section>
        </div>
      </div>
      <section
        id="reference"
        className="api-docs__reference"
        aria-label="Operations"
        data-spec-url={props.specUrl}
        data-nonce={props.nonce}
      >
        <noscript>
          <p className="container">
            The operations are rendered from the <a href={props.specUrl}>OpenAPI document</a> with JavaScript.
          </p>
        </noscript>
      </section>
    </SitePage>
  );
}

export const docsPageHtml = (props: DocsPageProps): string => renderDocument(<DocsPage {...props} />);
