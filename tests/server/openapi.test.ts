import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { JsonSchema } from '@valibot/to-json-schema';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { API_KEY_RIGHTS, API_PUBLIC_KEY_PATTERN, API_SECRET_PATTERN, canonicalRequest } from '../../src/contracts/api-keys';
import { API_V1_OPERATIONS, API_WEBHOOK_EVENTS, V1WebhookPayloadSchema } from '../../src/contracts/api-v1';
import { ERRORS } from '../../src/contracts/errors';
import { SIGN_FUNCTION, signingExample } from '../../src/server/api-docs/examples';
import {
  buildOpenApi,
  caseInsensitivePattern,
  jsonSchemaOf,
  type OpenApiDocument,
  operationErrors,
} from '../../src/server/api-docs/openapi';
import { REDOC_REMOTE_LOGO } from '../../src/server/api-docs/routes';
import { newKeyPair, sealSigningKey, secretHash, signCanonical, signingKeyOf } from '../../src/server/api-keys/crypto';
import { newId } from '../../src/server/auth/crypto';
import { nextIp, setMode, signedIn, useAccountsApp } from './accounts-support';
import { insertBook } from './fixtures/books';
import { makePdf } from './fixtures/pdf';
import { DIALECTS, useApp } from './helpers';

/**
 * The public API's description (issue 18): the OpenAPI 3.1 document generated from the contracts
 * (src/server/api-docs/openapi.ts) is served, valid, complete and true to the contracts, the reference
 * page is offline under a strict policy, and — once the API itself is there (src/server/routes/v1) — a
 * property-based run generates requests from the served document for every operation and checks each
 * answer against it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const HAS_V1 = existsSync(path.join(root, 'src/server/routes/v1/index.ts'));

const fetchDocument = async (app: FastifyInstance): Promise<OpenApiDocument> => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json', remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as OpenApiDocument;
};

/** A `$ref`'d component, or the schema itself. */
const resolve = (doc: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(doc, target);
};

/** The keys of a valibot object schema (through pipes), or undefined for another kind. */
const entryKeys = (schema: v.GenericSchema): string[] | undefined => {
  const s = schema as unknown as { type: string; entries?: Record<string, unknown>; pipe?: v.GenericSchema[] };
  if (s.entries) return Object.keys(s.entries);
  if (s.pipe?.[0]) return entryKeys(s.pipe[0]);
  return undefined;
};

describe('the OpenAPI document, built from the contracts', () => {
  const doc = buildOpenApi({ publicUrl: 'https://books.example.com', hosts: { api: '/api' } as never });

  it('passes an independent validator (swagger-parser, OpenAPI 3.1)', async () => {
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('holds every operation of the table with its method, path, id, tag, right and success status — and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ p, method, op })));
    expect(listed).toHaveLength(API_V1_OPERATIONS.length);
    for (const op of API_V1_OPERATIONS) {
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry, op.id).toBeDefined();
      if (!entry) continue;
      expect(entry.operationId).toBe(op.id);
      expect(entry.summary).toBe(op.summary);
      expect(entry.tags).toEqual([op.tag]);
      expect(entry['x-quire-right']).toBe(op.right);
      const success = Object.keys(entry.responses).filter((s) => s.startsWith('2'));
      expect(success, op.id).toEqual([String(op.status ?? 200)]);
      expect(entry.security).toEqual([{ quireKey: [], quireExpires: [], quireSignature: [] }, { bearer: [] }]);
      // Every error of the operation, under its catalogue status, with its type and code.
      for (const name of operationErrors(op)) {
        const answer = entry.responses[String(ERRORS[name].http)];
        expect(answer?.description, `${op.id} ${name}`).toContain(`${ERRORS[name].type} ${ERRORS[name].code}`);
      }
      expect(entry.responses['429']?.headers?.['Retry-After']).toBeDefined();
      expect(entry.responses['401']).toBeDefined();
      expect(entry.responses['403']).toBeDefined();
      if (op.params || op.query || op.body) expect(entry.responses['400'], op.id).toBeDefined();
    }
  });

  it('takes every schema from the contracts: each field of a contract appears in the document (by construction over the table)', () => {
    for (const op of API_V1_OPERATIONS) {
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      if (!entry) throw new Error(op.id);
      const params = entry.parameters as { name: string; in: string }[];
      expect(params.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(op.params ? entryKeys(op.params) : []);
      expect(params.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(op.query ? entryKeys(op.query) : []);
      const success = entry.responses[String(op.status ?? 200)]?.content['application/json']?.schema;
      const content = success?.properties?.content as JsonSchema;
      // The answer's content is the converted contract, as is (the envelope around it is added by rule).
      expect(content, op.id).toEqual(jsonSchemaOf(op.response, 'output'));
      const responseKeys = entryKeys(op.response);
      if (responseKeys) expect(Object.keys(resolve(doc, content).properties ?? {}), op.id).toEqual(responseKeys);
      if (op.body) {
        const body = entry.requestBody?.content['application/json']?.schema;
        expect(body).toEqual(jsonSchemaOf(op.body, 'input'));
        expect(Object.keys(body?.properties ?? {})).toEqual(entryKeys(op.body));
      }
      if (op.multipart) {
        const form = entry.requestBody?.content['multipart/form-data']?.schema;
        expect(Object.keys(form?.properties ?? {})).toEqual(['file', ...(entryKeys(op.multipart) ?? [])]);
        expect(form?.required).toContain('file');
      }
      if (op.publishes) expect(params.find((p) => p.in === 'header')?.name).toBe('Idempotency-Key');
    }
  });

  it('describes query numbers as the integers clients send, with the contract range and default', () => {
    const list = doc.paths['/publications']?.get?.parameters as { name: string; schema: JsonSchema }[];
    expect(list.find((p) => p.name === 'page')?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 });
    expect(list.find((p) => p.name === 'per_page')?.schema).toMatchObject({ type: 'integer', minimum: 1, default: 25 });
    expect(list.find((p) => p.name === 'sort')?.schema).toMatchObject({ type: 'string', default: 'created_desc' });
    // A case-insensitive contract regex keeps its meaning without the flag.
    expect(caseInsensitivePattern('^https?:\\/\\/')).toBe('^[hH][tT][tT][pP][sS]?:\\/\\/');
    const url = doc.paths['/webhooks']?.post?.requestBody?.content['application/json']?.schema.properties?.url as JsonSchema;
    expect(new RegExp(url.pattern ?? '').test('HTTPS://example.org/hook')).toBe(true);
  });

  it('describes the webhooks (OpenAPI 3.1) from the payload contract, with their signature header', () => {
    const webhooks = doc.webhooks as Record<
      string,
      { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: JsonSchema }> } } }
    >;
    expect(Object.keys(webhooks)).toEqual([...API_WEBHOOK_EVENTS]);
    V1WebhookPayloadSchema.options.forEach((option, i) => {
      const hook = webhooks[API_WEBHOOK_EVENTS[i] ?? ''];
      expect(hook?.post.parameters[0]?.name).toBe('x-quire-signature');
      expect(hook?.post.requestBody.content['application/json']?.schema).toEqual(jsonSchemaOf(option, 'output'));
    });
  });

  it('the reference page worked example is what the server computes, and its shell function signs the same', async () => {
    const example = signingExample();
    expect(example.publicKey).toMatch(API_PUBLIC_KEY_PATTERN);
    expect(example.secret).toMatch(API_SECRET_PATTERN);
    expect(example.canonical.split('\n')).toEqual([
      'GET',
      '/api/v1/publications',
      'page=2&per_page=10&status=DONE',
      String(example.expires),
      example.publicKey,
      createHash('sha256').update('').digest('hex'),
    ]);
    expect(example.signature).toBe(signCanonical(signingKeyOf(example.secret), example.canonical));
    const dir = await mkdtemp(path.join(tmpdir(), 'quire-sign-'));
    try {
      const body = path.join(dir, 'body.json');
      await writeFile(body, '{"name":"Annual report"}');
      const script = `${SIGN_FUNCTION}\nquire_sign "$1" "$2" "$3" "$4" "$5"\nprintf '%s' "$QUIRE_SIGNATURE"`;
      const env = { PATH: process.env.PATH ?? '', QUIRE_KEY: example.publicKey, QUIRE_SECRET: example.secret };
      const shell = (args: string[]) => execFileSync('bash', ['-c', script, 'sign', ...args], { env, encoding: 'utf8' });
      expect(shell(['GET', example.path, 'page=2&per_page=10&status=DONE', '/dev/null', String(example.expires)])).toBe(example.signature);
      const withBody = canonicalRequest({
        method: 'POST',
        path: '/api/v1/publications',
        query: [],
        expires: example.expires,
        publicKey: example.publicKey,
        bodySha256Hex: createHash('sha256').update('{"name":"Annual report"}').digest('hex'),
      });
      expect(shell(['POST', '/api/v1/publications', '', body, String(example.expires)])).toBe(
        signCanonical(signingKeyOf(example.secret), withBody),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('serving the document and the reference page', () => {
  const ctx = useApp('sqlite', { env: { QUIRE_PUBLIC_URL: 'https://books.example.com', QUIRE_TRUST_PROXY: '0' } });

  it('serves the document without a key or v=2, its server URL from configuration (never the Host header)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const doc = res.json() as OpenApiDocument;
    expect(doc.servers).toEqual([{ url: 'https://books.example.com/api/v1' }]);
    expect(res.body).not.toContain('evil.example');
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApi(ctx.config))));
    await SwaggerParser.validate(doc as never);
  });

  it('serves an offline reference page: strict policy with a style nonce, every asset from this server, cached for good', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.body).toContain(`data-nonce="${nonce}"`);
    // A new nonce each time.
    const again = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
    // The worked example and the curl examples, with the configured base URL.
    const example = signingExample();
    expect(res.body).toContain(example.signature);
    expect(res.body).toContain('curl &quot;https://books.example.com/api/v1/account&quot;');
    for (const op of API_V1_OPERATIONS.slice(0, 1)) expect(res.body).toContain(op.tag);
    // Scripts and stylesheets: only paths of this server, each answering, the renderer with no remote address left.
    const assets = [...res.body.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
    expect(assets.some((a) => /\/api\/v1\/docs\/redoc-[\d.]+\.js$/.test(a))).toBe(true);
    expect(res.body).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    for (const asset of assets) {
      const file = await ctx.app.inject({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
      if (asset.includes('/api/v1/docs/')) expect(file.headers['cache-control']).toContain('immutable');
      if (asset.includes('redoc-')) {
        expect(file.body).not.toContain(REDOC_REMOTE_LOGO);
        expect(file.body.length).toBeGreaterThan(100_000);
      }
    }
    const license = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs/redoc.standalone.js.LICENSE.txt' });
    expect(license.statusCode).toBe(200);
  });

  it('speaks the page language (cookie, as every site page) around code samples that stay as sent; the reference stays English', async () => {
    const page = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v1/docs', headers });
    const en = await page({ 'accept-language': 'en' });
    const de = await page({ cookie: 'lang=de', 'accept-language': 'en' });
    expect(de.statusCode).toBe(200);
    expect(de.body).toMatch(/<html[^>]*lang="de"/);
    expect(de.body).toContain('<h2 id="authentication-title">Authentifizierung</h2>');
    expect(de.body).toContain('<h2 id="limits-title">Limits und Idempotenz</h2>');
    expect(de.body).toContain('<title>Quire-API-v1-Referenz');
    expect(en.body).toContain('<h2 id="authentication-title">Authentication</h2>');
    // A whole sentence with its code and link in place; the durations in German words.
    expect(de.body).toMatch(
      /Erstellen Sie unter <a href="\/account\/apikey">Konto → API-Schlüssel<\/a> einen Schlüssel mit den Rechten, die er braucht \(<code>read<\/code>, <code>publish<\/code>/,
    );
    expect(de.body).toContain('höchstens 60 Minuten voraus');
    expect(de.body).not.toContain('\u0001');
    // Code samples, the worked example's values and the error codes: byte for byte the English page's.
    const blocks = (html: string) => [...html.matchAll(/<pre[^>]*>[\s\S]*?<\/pre>/g)].map((m) => m[0]);
    const codes = (html: string) => [...html.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1]).sort();
    expect(blocks(en.body).length).toBeGreaterThanOrEqual(6);
    expect(blocks(de.body)).toEqual(blocks(en.body));
    expect(codes(de.body)).toEqual(codes(en.body));
    expect(de.body).toContain(signingExample().signature);
    // Only the Redoc reference (the OpenAPI document's English) is marked English.
    expect(de.body).not.toMatch(/class="container site-page api-docs"[^>]*lang=/);
    expect(de.body).toMatch(/<section id="reference"[^>]*aria-label="Operationen"[^>]*lang="en"/);
  });
});

// ── Property-based: requests generated from the served document, answers checked against it ───────
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = JsonSchema & Record<string, unknown>;

/** Addresses the SSRF guard refuses without any network traffic (nothing leaves the machine). */
/** A real one-page PDF (publishing succeeds) besides random bytes (refused). */
const PDF = new Uint8Array(makePdf({ pages: 1, lines: 2 }));
const LOCAL_URLS = ['http://127.0.0.1:9/report.pdf', 'https://10.0.0.1/doc.pdf', 'http://[::1]/x', 'http://localhost/hook'];

/** Webhook endpoints are checked by literal address when added (names at each delivery): a public name is accepted. */
const WEBHOOK_URLS = ['https://hooks.example.org/quire', 'https://203.0.113.9/hook', ...LOCAL_URLS];
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** Real calendar days around now, and any digits the pattern takes. */
const days = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -400, max: 5 }).map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
);

/** Properties that name things of the account (`folder_id`): mostly one of them, sometimes any value the schema takes. */
type Hints = Record<string, fc.Arbitrary<Json>>;

/** A value the schema accepts (the subset the contracts produce). */
function valid(doc: OpenApiDocument, raw: JsonSchema, depth = 0, urls = LOCAL_URLS, hints: Hints = {}): fc.Arbitrary<Json> {
  const schema = resolve(doc, raw) as Schema;
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  if (schema.enum) return fc.constantFrom(...(schema.enum as Json[]));
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options) return fc.oneof(...options.map((o) => valid(doc, o, depth, urls, hints)));
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uri' || /\[hH\]\[tT\]/.test(schema.pattern ?? '')) return fc.constantFrom(...urls);
      if (schema.pattern === DAY_PATTERN) return days;
      const max = Math.min(schema.maxLength ?? 40, 300);
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: max });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1_000_000, 2_000_000_000) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(doc, (schema.items ?? {}) as JsonSchema, depth + 1, urls, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = Object.entries(schema.properties ?? {}) as [string, JsonSchema][];
      const required = new Set(schema.required ?? []);
      return fc.record(
        Object.fromEntries(
          props.map(([k, s]) => {
            const any = valid(doc, s, depth + 1, urls, hints);
            const hint = hints[k];
            return [k, hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: any }) : any];
          }),
        ),
        {
          requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
        },
      ) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue() as fc.Arbitrary<Json>;
  }
}

/** Values the schema refuses (for one field): another type, past a limit. */
function invalidValues(doc: OpenApiDocument, raw: JsonSchema): Json[] {
  const schema = resolve(doc, raw) as Schema;
  const out: Json[] = [];
  if (schema.enum) out.push('not-one-of-them');
  switch (schema.type) {
    case 'string':
      out.push(12345, true, { nested: 'x' });
      if (schema.maxLength !== undefined) out.push('x'.repeat(schema.maxLength + 1));
      if (schema.pattern) out.push('\u00e9 not matching %%');
      break;
    case 'integer':
      out.push('twelve', 1.5);
      if (schema.maximum !== undefined) out.push(schema.maximum + 1);
      if (schema.minimum !== undefined) out.push(schema.minimum - 1);
      break;
    case 'boolean':
      out.push('yes', 7);
      break;
    case 'array':
      out.push('not-a-list', [{ wrong: true }] as Json);
      break;
    default:
      break;
  }
  return out;
}

/** Query values refused: non-digits and out-of-range for integers, as for any field otherwise (strings only). */
function invalidQueryValues(doc: OpenApiDocument, raw: JsonSchema): string[] {
  const schema = resolve(doc, raw) as Schema;
  if (schema.type === 'integer') {
    return [
      'abc',
      '-1',
      '1.5',
      ...(schema.maximum !== undefined ? [String(schema.maximum + 1)] : []),
      String((schema.minimum ?? 0) - 1),
    ].filter((s) => s !== '-1' || (schema.minimum ?? 0) >= 0);
  }
  return invalidValues(doc, raw).filter((x): x is string => typeof x === 'string');
}

interface Key {
  id: string;
  publicKey: string;
  secret: string;
}

type AuthMode = 'bearer' | 'signed' | 'none' | 'tampered' | 'expired';

interface GeneratedRequest {
  method: string;
  url: string;
  pathOnly: string;
  query: [string, string][];
  headers: Record<string, string>;
  payload?: Buffer;
  /** Generated to break the document's rules: must be refused with a 4xx. */
  invalid: boolean;
  auth: AuthMode;
}

function multipartBody(fields: Record<string, Json>, file: Buffer): { boundary: string; body: Buffer } {
  const boundary = `quire${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { boundary, body: Buffer.concat(parts) };
}

function authenticate(request: GeneratedRequest, key: Key, now: number): void {
  const bodySha256Hex = createHash('sha256')
    .update(request.payload ?? Buffer.alloc(0))
    .digest('hex');
  const sign = (expires: number) => {
    const canonical = canonicalRequest({
      method: request.method,
      path: request.pathOnly,
      query: request.query,
      expires,
      publicKey: key.publicKey,
      bodySha256Hex,
    });
    return signCanonical(signingKeyOf(key.secret), canonical);
  };
  const expires = Math.floor(now / 1000) + 300;
  switch (request.auth) {
    case 'bearer':
      request.headers.authorization = `Bearer ${key.secret}`;
      break;
    case 'signed':
      Object.assign(request.headers, {
        'x-quire-key': key.publicKey,
        'x-quire-expires': String(expires),
        'x-quire-signature': sign(expires),
      });
      break;
    case 'tampered': {
      const signature = sign(expires);
      Object.assign(request.headers, {
        'x-quire-key': key.publicKey,
        'x-quire-expires': String(expires),
        'x-quire-signature': `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
      });
      break;
    }
    case 'expired': {
      const past = Math.floor(now / 1000) - 5;
      Object.assign(request.headers, { 'x-quire-key': key.publicKey, 'x-quire-expires': String(past), 'x-quire-signature': sign(past) });
      break;
    }
    case 'none':
      break;
  }
}

/** Requests of one operation, from the served document: valid ones, and ones with one rule broken. */
function requestsOf(doc: OpenApiDocument, opPath: string, method: string, ids: string[], hints: Hints): fc.Arbitrary<GeneratedRequest> {
  const op = doc.paths[opPath]?.[method];
  if (!op) throw new Error(`${method} ${opPath} missing from the document`);
  const params = op.parameters as { name: string; in: string; required: boolean; schema: JsonSchema }[];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const jsonBody = op.requestBody?.content['application/json']?.schema;
  const formBody = op.requestBody?.content['multipart/form-data']?.schema;

  const idValid = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) },
  );
  const urls = opPath === '/webhooks' ? WEBHOOK_URLS : LOCAL_URLS;
  const idInvalid = fc.constantFrom('x'.repeat(65), 'bad id!', '%C3%A9t%C3%A9');
  const queryValid = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valid(doc, p.schema).map((x) => String(x))])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Record<string, string>>;
  const bodyValid: fc.Arbitrary<{ kind: 'json' | 'form' | 'none'; value: Json; file?: Buffer }> = jsonBody
    ? formBody
      ? fc.oneof(
          valid(doc, jsonBody, 0, urls, hints).map((value) => ({ kind: 'json' as const, value })),
          fc
            .tuple(
              valid(
                doc,
                {
                  ...formBody,
                  properties: Object.fromEntries(Object.entries(formBody.properties ?? {}).filter(([k]) => k !== 'file')),
                  required: [],
                },
                0,
                urls,
                hints,
              ),
              fc.oneof(fc.constant(PDF), fc.uint8Array({ minLength: 1, maxLength: 2048 })),
            )
            .map(([value, file]) => ({ kind: 'form' as const, value, file: Buffer.from(file) })),
        )
      : valid(doc, jsonBody, 0, urls, hints).map((value) => ({ kind: 'json' as const, value }))
    : fc.constant({ kind: 'none' as const, value: null });

  // One broken rule: a path id, a query value, a body field, or the body's shape.
  type Break =
    | { where: 'id'; id: string }
    | { where: 'query'; name: string; value: string }
    | { where: 'field'; name: string; value: Json }
    | { where: 'shape'; value: Json }
    | { where: 'missing'; name: string };
  const breaks: fc.Arbitrary<Break>[] = [];
  if (pathParams.length > 0) breaks.push(idInvalid.map((id) => ({ where: 'id' as const, id })));
  for (const p of queryParams) {
    const values = invalidQueryValues(doc, p.schema);
    if (values.length > 0) breaks.push(fc.constantFrom(...values).map((value) => ({ where: 'query' as const, name: p.name, value })));
  }
  if (jsonBody) {
    const body = resolve(doc, jsonBody) as Schema;
    for (const [name, s] of Object.entries(body.properties ?? {}) as [string, JsonSchema][]) {
      const values = invalidValues(doc, s);
      if (values.length > 0) breaks.push(fc.constantFrom(...values).map((value) => ({ where: 'field' as const, name, value })));
    }
    for (const name of body.required ?? []) breaks.push(fc.constant({ where: 'missing' as const, name }));
    breaks.push(fc.constantFrom<Json>([], 'text', 42, null).map((value) => ({ where: 'shape' as const, value })));
  }

  const auth = fc.constantFrom<AuthMode>('bearer', 'signed', 'bearer', 'signed', 'bearer', 'signed', 'none', 'tampered', 'expired');
  const invalid = breaks.length > 0 ? fc.option(fc.oneof(...breaks), { nil: undefined, freq: 2 }) : fc.constant(undefined);

  return fc
    .record({
      id: idValid,
      query: queryValid,
      body: bodyValid,
      broken: invalid,
      auth,
      idempotency: fc.option(fc.stringMatching(/^[!-~]{1,40}$/)),
    })
    .map(({ id, query, body, broken, auth: mode, idempotency }) => {
      let pathOnly = `/api/v1${opPath}`;
      const pathId = broken?.where === 'id' ? broken.id : id;
      if (pathParams.length > 0) pathOnly = pathOnly.replace('{id}', broken?.where === 'id' ? pathId : encodeURIComponent(pathId));
      const q = { ...query };
      if (broken?.where === 'query') q[broken.name] = broken.value;
      const pairs = Object.entries(q);
      const search = pairs.map(([k, val]) => `${encodeURIComponent(k)}=${encodeURIComponent(val)}`).join('&');
      const headers: Record<string, string> = {};
      let payload: Buffer | undefined;
      if (body.kind === 'json' || (jsonBody && broken && broken.where !== 'id' && broken.where !== 'query')) {
        let value: Json = body.kind === 'json' ? body.value : {};
        if (broken?.where === 'shape') value = broken.value;
        else if (broken?.where === 'field' && value && typeof value === 'object' && !Array.isArray(value))
          value = { ...value, [broken.name]: broken.value };
        else if (broken?.where === 'missing' && value && typeof value === 'object' && !Array.isArray(value)) {
          const { [broken.name]: _gone, ...rest } = value;
          value = rest;
        }
        headers['content-type'] = 'application/json';
        payload = Buffer.from(JSON.stringify(value));
      } else if (body.kind === 'form' && body.file) {
        const form = multipartBody(body.value as Record<string, Json>, body.file);
        headers['content-type'] = `multipart/form-data; boundary=${form.boundary}`;
        payload = form.body;
      }
      if (idempotency !== null && op.parameters.some((p) => (p as { name: string }).name === 'Idempotency-Key'))
        headers['idempotency-key'] = idempotency;
      return {
        method: method.toUpperCase(),
        url: `${pathOnly}${search ? `?${search}` : ''}`,
        pathOnly,
        query: pairs,
        headers,
        payload,
        invalid: broken !== undefined,
        auth: mode,
      };
    });
}

describe.each(DIALECTS)('the API answers as its document says (property-based, %s)', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it.skipIf(!HAS_V1)(
    `every operation, valid and invalid requests, with a real key of a PREMIUM account: 0 mismatches, no 5xx${HAS_V1 ? '' : ' (skipped: src/server/routes/v1/index.ts, the API itself, is not in this tree yet)'}`,
    { timeout: 600_000 },
    async () => {
      const { app } = ctx;
      const doc = await fetchDocument(app);
      const { content } = await signedIn(ctx, 'api');
      const accountId = content.account.id as string;
      await setMode(app, accountId, 'PREMIUM');
      const profile = await app.db.selectFrom('profiles').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
      const now = app.clock();
      const pair = newKeyPair();
      const key: Key = { id: newId(), ...pair };
      await app.db
        .insertInto('api_keys')
        .values({
          id: key.id,
          account_id: accountId,
          profile_id: profile.id,
          name: 'property test',
          public_key: pair.publicKey,
          secret_hash: secretHash(pair.secret),
          signing_key: sealSigningKey(app.keys.apiKeys, key.id, signingKeyOf(pair.secret)),
          rights: API_KEY_RIGHTS.join(','),
          created_at: now,
          expires_at: null,
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
      // Things of the account for the generated ids to name (besides random ones).
      const books = await Promise.all(
        [1, 2, 3].map(() => insertBook(app.db, ctx.config.dataDir, accountId, { file: null, kind: 'pdf' }, { enqueue: false })),
      );
      const folder = await app.inject({
        method: 'POST',
        url: '/api/v1/folders',
        headers: { authorization: `Bearer ${pair.secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Fixtures' }),
        remoteAddress: nextIp(),
      });
      const folderId = (folder.json() as { content?: { id?: string } }).content?.id;
      const webhookId = newId();
      await app.db
        .insertInto('api_webhooks')
        .values({
          id: webhookId,
          account_id: accountId,
          url: 'https://hooks.example.org/quire',
          events: API_WEBHOOK_EVENTS.join(','),
          secret: sealSigningKey(app.keys.apiKeys, webhookId, randomBytes(32).toString('hex')),
          created_at: now,
          last_delivery_at: null,
          last_status: null,
        })
        .execute();
      const bookIds = books.map((b) => b.bookId);
      const folderIds = folderId ? [folderId] : [];
      expect(folderIds, `fixture folder: ${folder.body}`).toHaveLength(1);

      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      ajv.addSchema(doc as object, 'doc');
      const validators = new Map<string, ValidateFunction>();
      const validatorOf = (p: string, method: string, status: string) => {
        const ref = `doc#/paths/${p.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${status}/content/application~1json/schema`;
        let fn = validators.get(ref);
        if (!fn) {
          fn = ajv.compile({ $ref: ref });
          validators.set(ref, fn);
        }
        return fn;
      };

      const mismatches = new Map<string, string>();
      const note = (what: string, detail: string) => {
        if (!mismatches.has(what)) mismatches.set(what, detail);
      };
      let sent = 0;
      /** Answers by operation and status: the run's coverage, printed for the record. */
      const seen = new Map<string, number>();
      // Deletions last, so the fixtures serve the other operations first.
      const order = [...API_V1_OPERATIONS].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      for (const [index, operation] of order.entries()) {
        const method = operation.method.toLowerCase();
        const entry = doc.paths[operation.path]?.[method];
        if (!entry) {
          note(`${operation.id}: not in the document`, '');
          continue;
        }
        const idsOfTag = ({ Folders: folderIds, Webhooks: [webhookId] } as Record<string, string[]>)[operation.tag] ?? bookIds;
        await fc.assert(
          fc.asyncProperty(
            requestsOf(doc, operation.path, method, idsOfTag, { folder_id: fc.constantFrom(...folderIds) }),
            async (request) => {
              authenticate(request, key, app.clock());
              const res: LightMyRequestResponse = await app.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: request.headers,
                payload: request.payload,
                remoteAddress: nextIp(),
              });
              sent += 1;
              const status = String(res.statusCode);
              seen.set(`${operation.id} ${status}`, (seen.get(`${operation.id} ${status}`) ?? 0) + 1);
              // QUIRE_OPENAPI_DEBUG=1 prints valid requests refused (400/409): where the generator or the API is off.
              if (
                process.env.QUIRE_OPENAPI_DEBUG &&
                !request.invalid &&
                (res.statusCode === 400 || res.statusCode === 409) &&
                (request.auth === 'bearer' || request.auth === 'signed')
              )
                console.info(
                  'refused',
                  operation.id,
                  request.url,
                  request.headers['content-type'],
                  JSON.stringify(request.payload?.toString('latin1').slice(0, 160)),
                  res.body.slice(0, 200),
                );
              const label = `${operation.id} ${request.auth}${request.invalid ? ' invalid' : ''} → ${status}`;
              if (res.statusCode >= 500) note(`${label}: 5xx`, `${request.method} ${request.url} ${res.body.slice(0, 300)}`);
              // Without a valid key: 401 (a request that is also malformed may be refused for that first).
              if (
                request.auth !== 'bearer' &&
                request.auth !== 'signed' &&
                res.statusCode !== 401 &&
                !(request.invalid && res.statusCode === 400)
              )
                note(`${label}: expected 401`, `${request.method} ${request.url} ${res.body.slice(0, 200)}`);
              if (request.invalid && (request.auth === 'bearer' || request.auth === 'signed') && res.statusCode < 400)
                note(
                  `${label}: invalid request accepted`,
                  `${request.method} ${request.url} ${request.payload?.toString('utf8').slice(0, 200) ?? ''}`,
                );
              if (!entry.responses[status]) {
                note(`${label}: status not in the document`, `${request.method} ${request.url} ${res.body.slice(0, 300)}`);
                return;
              }
              if (status === '429' && res.headers['retry-after'] === undefined) note(`${label}: 429 without Retry-After`, '');
              let body: unknown;
              try {
                body = res.json();
              } catch {
                note(`${label}: not JSON`, res.body.slice(0, 200));
                return;
              }
              const validate = validatorOf(operation.path, method, status);
              if (!validate(body)) {
                note(
                  `${label}: body does not match the document`,
                  `${JSON.stringify(validate.errors?.slice(0, 3))} ${JSON.stringify(body).slice(0, 300)}`,
                );
              }
            },
          ),
          // A seed per operation: the same one would rename folders to exactly the names createFolder just made (409).
          { numRuns: operation.publishes ? 16 : 40, seed: 1800 + index },
        );
      }
      console.info(`${dialect}: ${sent} requests; answers by operation and status: ${[...seen].map(([k, n]) => `${k}×${n}`).join(', ')}`);
      // Every operation succeeded at least once: the success schemas were checked against real answers.
      const succeeded = new Set([...seen.keys()].filter((k) => / 2\d\d$/.test(k)).map((k) => k.split(' ')[0]));
      for (const op of API_V1_OPERATIONS)
        if (!succeeded.has(op.id)) note(`${op.id}: never answered 2xx (its success schema went unchecked)`, '');
      expect(sent).toBeGreaterThan(API_V1_OPERATIONS.length * 16);
      expect([...mismatches].map(([what, detail]) => `${what} — ${detail}`)).toEqual([]);
    },
  );
});
