import { type ConversionConfig, type JsonSchema, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import {
  API_EXPIRES_HEADER,
  API_IDEMPOTENCY_HEADER,
  API_IDEMPOTENCY_KEY_MAX,
  API_IDEMPOTENCY_TTL_MS,
  API_KEY_HEADER,
  API_KEY_RIGHTS,
  API_RATE_PUBLISH,
  API_RATE_PUBLISH_WINDOW_MS,
  API_RATE_REQUESTS,
  API_RATE_REQUESTS_WINDOW_MS,
  API_SIGNATURE_HEADER,
  API_SIGNATURE_MAX_TTL_S,
} from '../../contracts/api-keys';
import {
  API_V1_OPERATIONS,
  API_V1_PREFIX,
  API_WEBHOOK_SIGNATURE_HEADER,
  V1AccountSchema,
  V1CommentSchema,
  V1DeletedSchema,
  V1FolderSchema,
  V1LeadSchema,
  type V1Operation,
  V1PublicationSchema,
  V1StatisticsSchema,
  V1SubscriberSchema,
  V1TocEntrySchema,
  V1WebhookCreatedSchema,
  V1WebhookPayloadSchema,
  V1WebhookSchema,
} from '../../contracts/api-v1';
import { ACCEPTED_EXTENSIONS } from '../../contracts/books';
import { ERRORS, type ErrorName } from '../../contracts/errors';
import type { Config } from '../config';
import { API_PREFIX } from '../envelope';
import { VERSION } from '../version';

/**
 * The OpenAPI 3.1 document of the public API v1 (issue 18), generated from the contracts: every path,
 * parameter, body and answer comes from API_V1_OPERATIONS (src/contracts/api-v1.ts) converted with
 * @valibot/to-json-schema (JSON Schema draft 2020-12, OpenAPI 3.1's dialect). Nothing here describes a
 * field by hand: a field added to a contract appears in the document. What the conversion cannot know is
 * added by rule, from the same contracts: the envelope around every answer, the errors of each operation
 * (from the one catalogue, src/contracts/errors.ts), authentication, limits and the webhooks.
 *
 * Requests are described as clients send them (`typeMode: 'input'`), answers as the server writes them
 * (`'output'`). A query value arrives as a string and the contract turns digits into a number: such a
 * parameter is described by its output (an integer with its range), which is what a client sends
 * (OpenAPI serializes an integer query parameter as its digits).
 */

export type OpenApiDocument = Record<string, unknown> & {
  openapi: '3.1.0';
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: Record<string, unknown>[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; encoding?: Record<string, unknown> }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content: Record<string, { schema: JsonSchema }> }>;
  security: Record<string, string[]>[];
  'x-quire-right': string;
}

/** Resources answered by several operations: components.schemas, referenced by `$ref`. */
const COMPONENTS = {
  V1Account: V1AccountSchema,
  V1Folder: V1FolderSchema,
  V1Publication: V1PublicationSchema,
  V1TocEntry: V1TocEntrySchema,
  V1Comment: V1CommentSchema,
  V1Statistics: V1StatisticsSchema,
  V1Subscriber: V1SubscriberSchema,
  V1Webhook: V1WebhookSchema,
  V1WebhookCreated: V1WebhookCreatedSchema,
  V1Lead: V1LeadSchema,
  V1Deleted: V1DeletedSchema,
} as const satisfies Record<string, v.GenericSchema>;

const TRIMMED = 'Leading and trailing white space is removed before the other rules apply.';

const baseConfig = (typeMode: 'input' | 'output'): ConversionConfig => ({
  target: 'draft-2020-12',
  typeMode,
  // Every schema and action converts; a contract that grows one that does not fails the build of the document (tests).
  errorMode: 'throw',
  // `trim` changes a string into a string: the rules after it apply to the trimmed value.
  overrideAction: ({ valibotAction, jsonSchema }) => {
    if (valibotAction.type === 'trim') return { ...jsonSchema, description: TRIMMED };
    // A custom check (a real calendar day, distinct items…) has no JSON Schema form: the server applies it (400).
    if (valibotAction.type === 'check') return jsonSchema;
    // JSON Schema patterns have no flags: a case-insensitive regex is spelled out (`h` → `[hH]`).
    if (valibotAction.type === 'regex' && (valibotAction as unknown as { requirement: RegExp }).requirement.flags === 'i') {
      return { ...jsonSchema, pattern: caseInsensitivePattern((valibotAction as unknown as { requirement: RegExp }).requirement.source) };
    }
    return undefined;
  },
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
});

/**
 * The pattern of a case-insensitive regex without the flag: each letter outside an escape becomes a
 * class of both cases. A pattern with a character class of its own is refused (not needed yet).
 */
export function caseInsensitivePattern(source: string): string {
  if (source.includes('[')) throw new Error(`case-insensitive pattern with a class: ${source}`);
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i] ?? '';
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
    } else if (c.toLowerCase() !== c.toUpperCase()) out += `[${c.toLowerCase()}${c.toUpperCase()}]`;
    else out += c;
  }
  return out;
}

/** A contract schema as JSON Schema; reused resources as `$ref`s to components.schemas. */
export function jsonSchemaOf(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const converted = toJsonSchema(schema, { ...baseConfig(typeMode), definitions: typeMode === 'output' ? COMPONENTS : undefined });
  const { $schema: _schema, $defs: _defs, ...rest } = converted;
  return rest;
}

/**
 * A query object's properties: as sent (input), except values the contract reads as integers, which are
 * described as integers with their range and default (the output of the contract's digits-to-number step).
 */
function queryProperties(schema: v.GenericSchema): { name: string; required: boolean; schema: JsonSchema }[] {
  const input = jsonSchemaOf(schema, 'input');
  const output = jsonSchemaOf(schema, 'output');
  const required = new Set(input.required ?? []);
  return Object.entries(input.properties ?? {}).map(([name, raw]) => {
    const asSent = raw as JsonSchema;
    const asRead = output.properties?.[name] as JsonSchema | undefined;
    if (asSent.type === 'string' && asRead?.type === 'integer') {
      const { default: fallback, ...range } = asRead;
      return { name, required: required.has(name), schema: { ...range, ...(fallback !== undefined && { default: Number(fallback) }) } };
    }
    return { name, required: required.has(name), schema: asSent };
  });
}

// ── Errors ───────────────────────────────────────────────────────────────────────────────────
/** Every operation: authentication (401), right or plan (403), request limit (429). */
const COMMON_ERRORS: ErrorName[] = [
  'apiKeyInvalid',
  'apiSignatureInvalid',
  'apiRequestExpired',
  'apiRightMissing',
  'featureLocked',
  'apiRateLimited',
];
/** What an operation's thing is when its `{id}` names nothing of the key's account. */
const NOT_FOUND_BY_TAG: Partial<Record<V1Operation['tag'], ErrorName>> = {
  Folders: 'folderNotFound',
  Publications: 'bookNotFound',
  Statistics: 'bookNotFound',
  Webhooks: 'webhookNotFound',
};
/** Errors particular to an operation (conflicts, limits, the publishing pipeline). */
const OPERATION_ERRORS: Record<string, ErrorName[]> = {
  createFolder: ['folderExists', 'folderLimit'],
  updateFolder: ['folderExists'],
  // A publication blocked by moderation is not changed.
  updatePublication: ['folderNotFound', 'bookBlocked'],
  activatePublication: ['bookBlocked'],
  deactivatePublication: ['bookBlocked'],
  renewPrivateLink: ['bookBlocked'],
  createPublication: [
    'folderNotFound',
    'fileMissing',
    'fileEmpty',
    'fileUnsafe',
    'fileTooLarge',
    'fileUnsupported',
    'apiIdempotencyConflict',
    'apiFetchFailed',
  ],
  createWebhook: ['webhookLimit'],
};

/** The errors an operation can answer (catalogue names), in catalogue order. */
export function operationErrors(op: V1Operation): ErrorName[] {
  const names = new Set<ErrorName>(COMMON_ERRORS);
  if (op.params || op.query || op.body || op.multipart) names.add('validation');
  if (op.body || op.multipart) {
    // A body that is not JSON (or not the multipart form), too large, or of another type.
    names.add('badRequest');
    names.add('payloadTooLarge');
    names.add('unsupportedMediaType');
  }
  const notFound = NOT_FOUND_BY_TAG[op.tag];
  if (op.path.includes('{id}') && notFound) names.add(notFound);
  for (const name of OPERATION_ERRORS[op.id] ?? []) names.add(name);
  return (Object.keys(ERRORS) as ErrorName[]).filter((name) => names.has(name));
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed or fails validation (`fields` names the failing inputs).',
  401: 'No valid key: missing, unknown, revoked or expired key; bad signature; expired or too distant `X-Quire-Expires`.',
  403: "The key lacks the operation's right, or the account's plan does not include the API.",
  404: "Not found — also for another account's things.",
  409: 'Conflict with the current state.',
  423: 'The publication is blocked (moderation): it cannot be changed.',
  413: 'The request (or the uploaded file) is too large.',
  415: 'The body or the uploaded file is of a type this operation does not take.',
  422: 'The document at `url` could not be fetched.',
  429: 'A limit of the key was reached: wait `Retry-After` seconds.',
};

const ok = (content: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { status: { const: 'ok' }, content, id: { type: 'string', description: 'The request id (also in `X-Request-Id`).' } },
  required: ['status', 'content', 'id'],
});

/** The error envelope of one HTTP status: `content.type` and `content.code` are one of the listed pairs. */
function errorEnvelope(names: ErrorName[]): JsonSchema {
  return {
    type: 'object',
    properties: {
      status: { const: 'error' },
      content: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          code: { type: 'integer' },
          message: { type: 'string' },
          fields: { type: 'array', items: { type: 'string' }, description: 'Dot paths of the inputs that failed validation.' },
        },
        required: ['type', 'code'],
        oneOf: names.map((name) => ({
          title: name,
          properties: { type: { const: ERRORS[name].type }, code: { const: ERRORS[name].code } },
        })),
      },
      id: { type: 'string' },
    },
    required: ['status', 'content', 'id'],
  };
}

const REQUEST_ID_HEADER = { 'X-Request-Id': { description: 'The request id, as in the envelope.', schema: { type: 'string' } } };
const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds to wait before the limit lets the key through again.', schema: { type: 'integer', minimum: 0 } },
};

// ── Document ─────────────────────────────────────────────────────────────────────────────────
/** The absolute base of the API from configuration (QUIRE_API_URL when absolute, else the public URL + the API path). */
export function apiBaseUrl(config: Pick<Config, 'publicUrl' | 'hosts'>): string {
  const api = config.hosts.api;
  if (/^https?:\/\//i.test(api)) return api.replace(/\/+$/, '');
  return `${config.publicUrl.replace(/\/+$/, '')}${api || API_PREFIX}`;
}

/** The path part the signature covers for an operation path (`/publications/{id}` → `/api/v1/publications/{id}`). */
export const signedPathOf = (config: Pick<Config, 'publicUrl' | 'hosts'>, path: string): string =>
  `${new URL(apiBaseUrl(config)).pathname.replace(/\/+$/, '')}${API_V1_PREFIX}${path}`;

const SECURITY: Record<string, string[]>[] = [{ quireKey: [], quireExpires: [], quireSignature: [] }, { bearer: [] }];

const minutes = (ms: number) => `${ms / 60_000} minutes`;

function operationObject(op: V1Operation): OpenApiOperation {
  const parameters: Record<string, unknown>[] = [];
  if (op.params) {
    const params = jsonSchemaOf(op.params, 'input');
    for (const [name, schema] of Object.entries(params.properties ?? {})) parameters.push({ name, in: 'path', required: true, schema });
  }
  if (op.query) {
    for (const { name, required, schema } of queryProperties(op.query)) parameters.push({ name, in: 'query', required, schema });
  }
  if (op.publishes) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: `Makes a retry safe: the same key with the same request within ${API_IDEMPOTENCY_TTL_MS / 3_600_000} hours answers the first call's publication instead of publishing twice; with another body (or while the first call still runs) it answers 409.`,
      schema: { type: 'string', minLength: 1, maxLength: API_IDEMPOTENCY_KEY_MAX, pattern: '^[\\x20-\\x7E]+$' },
    });
  }

  let requestBody: OpenApiOperation['requestBody'];
  if (op.body || op.multipart) {
    const content: NonNullable<OpenApiOperation['requestBody']>['content'] = {};
    if (op.body) content['application/json'] = { schema: jsonSchemaOf(op.body, 'input') };
    if (op.multipart) {
      const fields = jsonSchemaOf(op.multipart, 'input');
      content['multipart/form-data'] = {
        schema: {
          ...fields,
          properties: {
            file: {
              type: 'string',
              contentMediaType: 'application/octet-stream',
              description: `The document (${ACCEPTED_EXTENSIONS.join(', ')}), within the account's upload limit.`,
            },
            ...fields.properties,
          },
          required: ['file', ...(fields.required ?? [])],
        },
        encoding: { file: { contentType: 'application/octet-stream' } },
      };
    }
    requestBody = { required: true, content };
  }

  const status = String(op.status ?? 200);
  const responses: OpenApiOperation['responses'] = {
    [status]: {
      description: op.status === 202 ? 'Accepted: the document is being converted (follow `status`).' : 'OK',
      headers: REQUEST_ID_HEADER,
      content: { 'application/json': { schema: ok(jsonSchemaOf(op.response, 'output')) } },
    },
  };
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of operationErrors(op)) byStatus.set(ERRORS[name].http, [...(byStatus.get(ERRORS[name].http) ?? []), name]);
  for (const [http, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = names.map((name) => `\`${ERRORS[name].type} ${ERRORS[name].code}\` (${name})`).join(', ');
    responses[String(http)] = {
      description: `${ERROR_DESCRIPTIONS[http] ?? 'Error.'} Codes: ${list}.`,
      headers: http === 429 ? { ...REQUEST_ID_HEADER, ...RETRY_AFTER_HEADER } : REQUEST_ID_HEADER,
      content: { 'application/json': { schema: errorEnvelope(names) } },
    };
  }

  const limits = op.publishes
    ? ` Counts against the publishing limit too (${API_RATE_PUBLISH} per ${minutes(API_RATE_PUBLISH_WINDOW_MS)} per key).`
    : '';
  return {
    operationId: op.id,
    summary: op.summary,
    description: `Needs the key right \`${op.right}\`.${limits}`,
    tags: [op.tag],
    parameters,
    ...(requestBody && { requestBody }),
    responses,
    security: SECURITY,
    'x-quire-right': op.right,
  };
}

function webhooks(): Record<string, unknown> {
  const entries = V1WebhookPayloadSchema.options.map((option) => {
    const event = option.entries.event.literal;
    return [
      event,
      {
        post: {
          operationId: `webhook.${event}`,
          summary: `The \`${event}\` event`,
          description:
            'Posted to each webhook endpoint subscribed to this event. `id` is the delivery: the same on every retry, so a receiver can drop duplicates. Answer 2xx quickly; any other answer (or none) is retried with backoff.',
          tags: ['Webhooks'],
          parameters: [
            {
              name: API_WEBHOOK_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description:
                "`sha256=` followed by the hex HMAC-SHA256 of the raw body, keyed by the endpoint's secret (answered once by createWebhook). Compare in constant time before trusting the body.",
              schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(option, 'output') } } },
          responses: { '2XX': { description: 'Received.' } },
        },
      },
    ] as const;
  });
  return Object.fromEntries(entries);
}

const DESCRIPTION = [
  "Quire's public REST API. Every answer is an envelope: `{status: 'ok', content, id}` or `{status: 'error', content: {type, code, message?, fields?}, id}`, with an HTTP status that means what it says.",
  '',
  `**Authentication.** Create a key at /account/apikey (rights: ${API_KEY_RIGHTS.join(', ')}). Either sign each call — headers \`X-Quire-Key\` (the public key), \`X-Quire-Expires\` (unix seconds, at most ${API_SIGNATURE_MAX_TTL_S / 60} minutes ahead) and \`X-Quire-Signature\` (hex HMAC-SHA256 of the canonical request under the signing key) — or send the secret as \`Authorization: Bearer qs_…\` over HTTPS. The three signing headers are used together.`,
  '',
  `**Limits.** ${API_RATE_REQUESTS.toLocaleString('en')} requests per key per ${minutes(API_RATE_REQUESTS_WINDOW_MS)}, ${API_RATE_PUBLISH} publications per key per ${minutes(API_RATE_PUBLISH_WINDOW_MS)}; past them 429 with \`Retry-After\`.`,
  '',
  '**Lists** page with `page` (from 1) and `per_page` and answer `{items, page, per_page, total}`. Times are epoch milliseconds; days are `YYYY-MM-DD` (UTC).',
].join('\n');

/** Builds the whole document (pure: the same configuration gives the same document). */
export function buildOpenApi(config: Pick<Config, 'publicUrl' | 'hosts'>): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const op of API_V1_OPERATIONS) {
    const item = paths[op.path] ?? {};
    item[op.method.toLowerCase()] = operationObject(op);
    paths[op.path] = item;
  }
  const components = toJsonSchemaDefs(COMPONENTS, baseConfig('output'));
  const tags = [...new Set(API_V1_OPERATIONS.map((op) => op.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Quire API',
      version: 'v1',
      'x-quire-server-version': VERSION,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${apiBaseUrl(config)}${API_V1_PREFIX}` }],
    security: SECURITY,
    tags,
    paths,
    webhooks: webhooks(),
    components: {
      schemas: components,
      securitySchemes: {
        quireKey: { type: 'apiKey', in: 'header', name: 'X-Quire-Key', description: 'The public key (`qk_…`) of a signed call.' },
        quireExpires: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Quire-Expires',
          description: `Unix seconds after which the signed call is refused; at most ${API_SIGNATURE_MAX_TTL_S} seconds ahead.`,
        },
        quireSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Quire-Signature',
          description:
            'Hex HMAC-SHA256 of the canonical request (METHOD, path, sorted query, expiry, public key, hex SHA-256 of the body; joined by newlines) under the signing key HMAC-SHA256(secret, "quire-api-signing-v1").',
        },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'qs_… (the secret; HTTPS only)' },
      },
    },
  };
}

/** Header names as the contracts spell them (lower case), for the reference page. */
export const SIGNED_HEADERS = {
  key: API_KEY_HEADER,
  expires: API_EXPIRES_HEADER,
  signature: API_SIGNATURE_HEADER,
  idempotency: API_IDEMPOTENCY_HEADER,
};
