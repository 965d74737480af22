import { Fragment, type ReactNode } from 'react';
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
import { DOCS_ERROR_MEANINGS, DOCS_MESSAGES as M } from './messages';
import { rich } from './rich';

/**
 * The API reference page (`{api}/v1/docs`, issue 18): a server-rendered introduction (authentication
 * with a worked signing example, curl examples, limits, idempotency, errors, webhooks) above the
 * reference itself, which the bundled Redoc renders from the served OpenAPI document (./routes.ts).
 * The introduction speaks the page language (./messages.ts; code, header names and identifiers stay as
 * they are sent); the reference below it is the OpenAPI document's English, marked `lang="en"`.
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

/** A duration in the page language's words ("60 minutes", "24 Stunden", "60 минут"). */
const duration = (lang: string, value: number, unit: 'minute' | 'hour') =>
  new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);

/** The catalogue's codes the API answers, with their HTTP status (their meaning: ./messages.ts). */
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
  const { t, lang } = ctx;
  const c = (code: string | number) => <code>{code}</code>;
  /** Identifiers joined by commas, each as code. */
  const codes = (list: readonly string[]) =>
    list.map((item, i) => (
      <Fragment key={item}>
        {i > 0 && ', '}
        <code>{item}</code>
      </Fragment>
    ));
  const signatureTtl = duration(lang, API_SIGNATURE_MAX_TTL_S / 60, 'minute');
  const sections = [
    ['authentication', M.authTitle],
    ['signing', M.signingTitle],
    ['shell', M.shellTitle],
    ['limits', M.limitsTitle],
    ['errors', M.errorsTitle],
    ['webhooks', M.webhooksTitle],
  ] as const;
  const title = (id: (typeof sections)[number][0]) => t(sections.find(([s]) => s === id)?.[1] ?? M.title);
  const errorValues: Record<string, ReactNode> = {
    fields: c('fields'),
    url: c('url'),
    header: c('X-Quire-Expires'),
    duration: signatureTtl,
  };
  const errorHeader: Partial<Record<ErrorName, string>> = {
    apiIdempotencyConflict: 'Idempotency-Key',
    apiRateLimited: 'Retry-After',
  };

  return (
    <SitePage
      ctx={ctx}
      title={t(M.title)}
      description={t(M.description)}
      head={
        <>
          <link rel="stylesheet" href={props.cssUrl} />
          <meta name="robots" content="noindex" />
          <script src={props.redocUrl} defer />
          <script src={props.scriptUrl} defer />
        </>
      }
    >
      <div className="container site-page api-docs">
        <header className="legal__head">
          <h1>Quire API v1</h1>
          <p>{rich(t, M.intro, { base: c(base) })}</p>
          <p className="api-docs__links">
            <a href="/account/apikey">{t(M.createKey)}</a>
            <a href={props.specUrl}>{t(M.specLink)}</a>
            <a href="#reference">{t(M.operationsLink, { count: API_V1_OPERATIONS.length })}</a>
          </p>
        </header>

        <nav className="legal__toc" aria-labelledby="api-docs-toc">
          <h2 id="api-docs-toc">{t(M.onThisPage)}</h2>
          <ol>
            {sections.map(([id, heading]) => (
              <li key={id}>
                <a href={`#${id}`}>{t(heading)}</a>
              </li>
            ))}
            <li>
              <a href="#reference">{t(M.referenceToc, { tags: tags.join(', ') })}</a>
            </li>
          </ol>
        </nav>

        <div className="prose">
          <section id="authentication" aria-labelledby="authentication-title">
            <h2 id="authentication-title">{title('authentication')}</h2>
            <p>
              {rich(t, M.authKeys, { rights: codes(API_KEY_RIGHTS), publicKey: c('qk_…'), secret: c('qs_…') }, [
                (text) => <a href="/account/apikey">{text}</a>,
              ])}
            </p>
            <p>{t(M.authWays)}</p>
            <ul>
              <li>{rich(t, M.authBearer, { header: c('Authorization: Bearer qs_…') }, [(text) => <strong>{text}</strong>])}</li>
              <li>
                {rich(
                  t,
                  M.authSigned,
                  {
                    keyHeader: c('X-Quire-Key'),
                    expiresHeader: c('X-Quire-Expires'),
                    signatureHeader: c('X-Quire-Signature'),
                    duration: signatureTtl,
                  },
                  [(text) => <strong>{text}</strong>],
                )}
              </li>
            </ul>
          </section>

          <section id="signing" aria-labelledby="signing-title">
            <h2 id="signing-title">{title('signing')}</h2>
            <ol>
              <li>
                {rich(t, M.signingKeyStep, { formula: c(`signingKey = hex(HMAC-SHA256(key = secret, "${API_SIGNING_KEY_LABEL}"))`) })}
              </li>
              <li>
                {rich(t, M.signingCanonicalStep, {
                  newline: c('\\n'),
                  pair: c('encodeURIComponent(name)=encodeURIComponent(value)'),
                  amp: c('&'),
                })}
              </li>
              <li>
                <code>X-Quire-Signature = hex(HMAC-SHA256(key = signingKey, canonical request))</code>
              </li>
            </ol>
            <p>
              {rich(t, M.signingExample, {
                secret: c(example.secret),
                publicKey: c(example.publicKey),
                call: c(`${example.method} ${example.path}?${query}`),
                expires: c(example.expires),
              })}
            </p>
            <dl className="api-docs__example">
              <dt>{t(M.signingKey)}</dt>
              <dd>
                <code>{example.signingKey}</code>
              </dd>
              <dt>{t(M.sortedQuery)}</dt>
              <dd>
                <code>{canonicalQuery}</code>
              </dd>
              <dt>{t(M.canonicalRequest)}</dt>
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
            <h2 id="shell-title">{title('shell')}</h2>
            <p>{t(M.shellBearer)}</p>
            <Code>{bearer}</Code>
            <p>{t(M.shellSigned)}</p>
            <Code>{signedList}</Code>
            <p>{rich(t, M.shellJson, { header: c('Idempotency-Key') })}</p>
            <Code>{signedJson}</Code>
            <p>{t(M.shellUpload)}</p>
            <Code>{signedUpload}</Code>
          </section>

          <section id="limits" aria-labelledby="limits-title">
            <h2 id="limits-title">{title('limits')}</h2>
            <ul>
              <li>
                {rich(t, M.limitsRate, {
                  requests: API_RATE_REQUESTS,
                  requestsWindow: duration(lang, API_RATE_REQUESTS_WINDOW_MS / 60_000, 'minute'),
                  publications: API_RATE_PUBLISH,
                  publishWindow: duration(lang, API_RATE_PUBLISH_WINDOW_MS / 60_000, 'minute'),
                  retryAfter: c('Retry-After'),
                  account: c('GET /account'),
                })}
              </li>
              <li>
                {rich(t, M.limitsLists, {
                  page: c('page'),
                  perPage: c('per_page'),
                  shape: c('{items, page, per_page, total}'),
                  day: c('YYYY-MM-DD'),
                })}
              </li>
              <li>
                {rich(t, M.limitsIdempotency, {
                  operation: c('POST /publications'),
                  header: c('Idempotency-Key'),
                  max: API_IDEMPOTENCY_KEY_MAX,
                  duration: duration(lang, API_IDEMPOTENCY_TTL_MS / 3_600_000, 'hour'),
                })}
              </li>
              <li>{rich(t, M.limitsAsync, { status: c('status') })}</li>
            </ul>
          </section>

          <section id="errors" aria-labelledby="errors-title">
            <h2 id="errors-title">{title('errors')}</h2>
            <p>
              {rich(t, M.errorsEnvelope, {
                ok: c("{status: 'ok', content, id}"),
                error: c("{status: 'error', content: {type, code, message?, fields?}, id}"),
                id: c('id'),
                header: c('X-Request-Id'),
              })}
            </p>
            <div className="api-docs__table-wrap">
              <table className="legal-table">
                <thead>
                  <tr>
                    <th scope="col">HTTP</th>
                    <th scope="col">
                      <code>type</code>, <code>code</code>
                    </th>
                    <th scope="col">{t(M.errorsMeaning)}</th>
                  </tr>
                </thead>
                <tbody>
                  {API_ERROR_NAMES.map((name) => {
                    const meaning = DOCS_ERROR_MEANINGS[name];
                    const header = errorHeader[name];
                    return (
                      <tr key={name}>
                        <td>{ERRORS[name].http}</td>
                        <td>
                          <code>
                            {ERRORS[name].type} {ERRORS[name].code}
                          </code>
                        </td>
                        <td>{meaning && rich(t, meaning, header ? { ...errorValues, header: c(header) } : errorValues)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>

          <section id="webhooks" aria-labelledby="webhooks-title">
            <h2 id="webhooks-title">{title('webhooks')}</h2>
            <p>
              {rich(t, M.webhooksText, {
                operation: c('POST /webhooks'),
                events: codes(API_WEBHOOK_EVENTS),
                header: c('X-Quire-Signature: sha256=…'),
                id: c('id'),
              })}
            </p>
            <Code>{webhookCheck}</Code>
          </section>
        </div>
      </div>
      {/* Redoc renders the OpenAPI document, whose summaries and descriptions (from the contracts) are English. */}
      <section
        id="reference"
        className="api-docs__reference"
        aria-label={t(M.operations)}
        lang="en"
        data-spec-url={props.specUrl}
        data-nonce={props.nonce}
      >
        <noscript>
          <p className="container" lang={lang}>
            {rich(t, M.noscript, {}, [(text) => <a href={props.specUrl}>{text}</a>])}
          </p>
        </noscript>
      </section>
    </SitePage>
  );
}

export const docsPageHtml = (props: DocsPageProps): string => renderDocument(<DocsPage {...props} />);
