import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EnvelopeSchema } from '../../src/contracts/envelope';
import { buildApp } from '../../src/server/app';
import { PUBLIC } from '../../src/server/auth/rules';
import { createDb } from '../../src/server/db/index';
import { ApiError, ok, parse } from '../../src/server/envelope';
import { rateLimit } from '../../src/server/plugins/security';
import { DIALECTS, testConfig, useApp } from './helpers';

/** Test-only API area, written like src/server/routes/<area>/index.ts. */
const testRoutes: FastifyPluginAsync = async (app) => {
  // Every route declares who may call it (src/server/auth/rules.ts); these are public.
  app.addHook('onRoute', (route) => {
    route.config = { ...PUBLIC, ...route.config };
  });
  app.post('/test/echo', async (request, reply) => ok(reply, { body: request.body }));
  const Contact = v.object({ name: v.pipe(v.string(), v.minLength(1)), email: v.pipe(v.string(), v.email()) });
  app.post('/test/contact', async (request, reply) => ok(reply, parse(Contact, request.body)));
  app.get('/test/boom', async () => {
    throw new Error('secret internal detail');
  });
  app.get('/test/expired', async () => {
    throw new ApiError('sessionExpired');
  });
  app.get('/test/ats', async (_request, reply) => ok(reply, { fine: true }, { ats: 1234 }));
  app.get('/test/limited', { config: rateLimit(2, '1 minute') }, async (_request, reply) => ok(reply, 'fine'));
};

const CSP =
  "default-src 'self';script-src 'self';style-src 'self';style-src-attr 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'self'";

describe.each(DIALECTS)('app on %s', (dialect) => {
  const ctx = useApp(dialect, { routes: [testRoutes] });

  it('answers the status call with the ok envelope, the request id and the dialect', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/status?v=2' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(v.is(EnvelopeSchema, body)).toBe(true);
    expect(body).toMatchObject({ status: 'ok', content: { name: 'Quire', dialect } });
    expect(typeof body.content.version).toBe('string');
    expect(typeof body.content.time).toBe('number');
    expect(body.id).toMatch(/^[\w-]{6,16}$/);
    expect(res.headers['x-request-id']).toBe(body.id);
  });

  it('gives every request its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      ids.add((await ctx.app.inject({ method: 'GET', url: '/api/public/status?v=2' })).json().id);
    }
    expect(ids.size).toBe(5);
  });

  it('carries ats when a handler gives it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/ats?v=2' });
    expect(res.json()).toMatchObject({ status: 'ok', content: { fine: true }, ats: 1234 });
  });

  it.each(['GET', 'POST', 'DELETE', 'PATCH'] as const)('answers an unknown %s call with API 404 and an id', async (method) => {
    for (const url of ['/api/no/such/call?v=2', '/api/nothing', '/api']) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expect(v.is(EnvelopeSchema, body)).toBe(true);
      expect(body).toMatchObject({ status: 'error', content: { type: 'API', code: 404 } });
      expect(body.id).toBe(res.headers['x-request-id']);
    }
  });

  it.each(['', '?v=1', '?v=3', '?version=2', '?v=2&v=2'])('requires v=2 (query %j)', async (query) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/status${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 426 } });
    expect(res.json().id).toBe(res.headers['x-request-id']);
  });

  it('parses JSON bodies', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo?v=2', payload: { a: 1, b: ['x'] } });
    expect(res.json()).toMatchObject({ status: 'ok', content: { body: { a: 1, b: ['x'] } } });
  });

  it('parses form bodies, repeated keys as lists', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo?v=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ana+Lima&email=ana%40example.com&ids%5B%5D=1&tag=a&tag=b',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.body).toEqual({ name: 'Ana Lima', email: 'ana@example.com', ids: ['1'], tag: ['a', 'b'] });
  });

  it('validates with parse() and names the failing fields', async () => {
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/contact?v=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ana&email=ana%40example.com',
    });
    expect(good.json()).toMatchObject({ status: 'ok', content: { name: 'Ana', email: 'ana@example.com' } });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/test/contact?v=2', payload: { name: '', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body).toMatchObject({ status: 'error', content: { type: 'VALIDATION', code: 1 } });
    expect(body.content.fields.sort()).toEqual(['email', 'name']);
    expect(body.id).toBe(bad.headers['x-request-id']);
  });

  it('answers bad JSON with the API 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo?v=2',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 400 } });
    expect(res.json().id).toBe(res.headers['x-request-id']);
  });

  it('answers an unsupported content type with the API 415 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo?v=2',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 415 } });
  });

  it('answers a body over 1 MB with the API 413 envelope (JSON and form)', async () => {
    const big = 'x'.repeat(1_100_000);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/test/echo?v=2', payload: { big } });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 413 } });
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo?v=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `big=${big}`,
    });
    expect(form.statusCode).toBe(413);
    expect(form.json().content.code).toBe(413);
  });

  it('answers a malformed URL with the API 400 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/%E0%A4%A?v=2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 400 } });
    expect(res.json().id).toBe(res.headers['x-request-id']);
  });

  it('hides 5xx details', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom?v=2' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'SERVER', code: 500 } });
    expect(res.body).not.toContain('secret');
  });

  it('turns a thrown ApiError into its catalogue entry', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/expired?v=2' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'SESSION', code: 302 } });
  });

  it('maps the rate limit to the API 429 envelope', async () => {
    const call = () => ctx.app.inject({ method: 'GET', url: '/api/test/limited?v=2' });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const res = await call();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 429 } });
    expect(res.json().id).toBe(res.headers['x-request-id']);
    expect(res.headers['retry-after']).toBeDefined();
    // Routes without the option are not limited.
    for (let i = 0; i < 5; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/public/status?v=2' })).statusCode).toBe(200);
    }
  });

  it('answers /healthz without an envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('sends a strict CSP and security headers, no X-Powered-By, no HSTS over http', async () => {
    for (const url of ['/api/public/status?v=2', '/healthz', '/api/nope']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe.each(DIALECTS)('app edge cases on %s', (dialect) => {
  it('answers /healthz 503 when the database does not answer', async () => {
    const config = await testConfig(dialect);
    const handle = createDb(config);
    const app = await buildApp(config, { db: handle });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await handle.destroy();
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false });
      const status = await app.inject({ method: 'GET', url: '/api/public/status?v=2' });
      expect(status.statusCode).toBe(500);
      expect(status.json()).toMatchObject({ status: 'error', content: { type: 'SERVER', code: 500 } });
    } finally {
      await app.close();
    }
  });

  it('sends HSTS when the public URL is https', async () => {
    const config = await testConfig(dialect, { QUIRE_PUBLIC_URL: 'https://books.example.com' });
    const app = await buildApp(config);
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await app.close();
    }
  });
});
