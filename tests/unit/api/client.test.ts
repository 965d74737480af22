import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Alert,
  ApiCallError,
  type ApiClientOptions,
  createApiClient,
  createGate,
  DEFAULT_CLIENT_CONFIG,
  readCookie,
} from '../../../src/api';
import { fail, type Handler, ok, type Recorded, startServer } from './test-server';

let server: Awaited<ReturnType<typeof startServer>>;
let route: Handler;

beforeAll(async () => {
  server = await startServer((req) => route(req));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  route = () => ok({ hello: 'world' });
});

function setup(overrides: Partial<ApiClientOptions> = {}) {
  const alerts: Alert[] = [];
  const sent: Request[] = [];
  const client = createApiClient({
    config: { ...DEFAULT_CLIENT_CONFIG, api: `${server.origin}/api`, data: `${server.origin}/data` },
    onAlert: (alert) => alerts.push(alert),
    readCookie: () => undefined,
    fetch: (input, init) => {
      sent.push(input as Request);
      return globalThis.fetch(input, init);
    },
    ...overrides,
  });
  return { client, alerts, sent };
}

const last = (): Recorded => {
  const req = server.requests.at(-1);
  if (!req) throw new Error('no request reached the server');
  return req;
};

describe('request shape', () => {
  it('sends v=2 on every call, next to the caller’s query, and a JSON body', async () => {
    const { client } = setup();
    await client.call('account/book/', { searchParams: { start: 0, sortby: 'title', skip: undefined } });
    expect(last().path).toBe('/api/account/book/');
    expect(Object.fromEntries(last().query)).toEqual({ start: '0', sortby: 'title', v: '2' });
    await client.call('contact/send', { method: 'POST', json: { text: 'hi' }, searchParams: { v: 9 } });
    expect(last().query.getAll('v')).toEqual(['2']);
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().body).toEqual({ text: 'hi' });
    await (await client.ky()).get('raw', { prefix: `${server.origin}/api` }).text();
    expect(last().query.get('v')).toBe('2');
  });

  it('sends the bearer token, and none for anonymous calls', async () => {
    const { client, sent } = setup({ getToken: () => 'tok-1' });
    await client.call('profile/session');
    expect(last().headers.authorization).toBe('Bearer tok-1');
    expect(sent.at(-1)?.credentials).toBe('include');
    await client.call('profile/session', { method: 'POST', anonymous: true, json: { login: 'a' } });
    expect(last().headers.authorization).toBeUndefined();
    expect(sent.at(-1)?.credentials).toBe('omit');
  });

  it('falls back to the token cookie', async () => {
    const asked: string[] = [];
    const readCookieSpy = (name: string) => {
      asked.push(name);
      return 'cookie-tok';
    };
    const { client } = setup({ getToken: () => undefined, readCookie: readCookieSpy });
    await client.call('profile/session');
    expect(asked).toEqual(['quire_token']);
    expect(last().headers.authorization).toBe('Bearer cookie-tok');
    expect(readCookie('quire_token', 'a=1; quire_token=x%20y; b=2')).toBe('x y');
    expect(readCookie('missing', 'a=1')).toBeUndefined();
  });

  it('sends the association header when an association session is active', async () => {
    let account: string | undefined = 'acc-7';
    const { client } = setup({ getAssociationId: () => account });
    await client.call('account/book/');
    expect(last().headers['x-quire-account']).toBe('acc-7');
    await client.call('public/blog/post/', { anonymous: true });
    expect(last().headers['x-quire-account']).toBeUndefined();
    account = undefined;
    await client.call('account/book/');
    expect(last().headers['x-quire-account']).toBeUndefined();
  });

  it('reports a refused association header once per call that sent it, without an alert; a call without the header never does (issue 20)', async () => {
    const refused: string[] = [];
    let account: string | undefined = 'gone-child';
    const { client, alerts } = setup({ getAssociationId: () => account, onAssociationRefused: (id) => refused.push(id) });
    route = () => fail({ type: 'MANAGER', code: 1101 }, 403);
    await expect(client.call('account/book/')).rejects.toMatchObject({ type: 'MANAGER', code: 1101 });
    expect(last().headers['x-quire-account']).toBe('gone-child');
    expect(refused).toEqual(['gone-child']);
    expect(alerts).toEqual([]);
    // As itself (the switcher's call), or with nothing stored: no header sent, so nothing to report.
    await expect(client.call('account/manager/association/', { asSelf: true })).rejects.toBeInstanceOf(ApiCallError);
    expect(last().headers['x-quire-account']).toBeUndefined();
    account = undefined;
    await expect(client.call('account/book/')).rejects.toBeInstanceOf(ApiCallError);
    expect(refused).toEqual(['gone-child']);
    // Another refusal of the header's call is not this one.
    account = 'child';
    route = () => fail({ type: 'MANAGER', code: 1103 }, 403);
    await expect(client.call('account/privacy/export')).rejects.toBeInstanceOf(ApiCallError);
    expect(refused).toEqual(['gone-child']);
    // A raw use of the ky instance still sends the stored association.
    route = () => ok({});
    await (await client.ky()).get('raw', { prefix: `${server.origin}/api` }).text();
    expect(last().headers['x-quire-account']).toBe('child');
  });

  it('uses the requested host kind and leaves absolute URLs alone', async () => {
    const { client } = setup();
    await client.call('account/book/preflight', { host: 'data' });
    expect(last().path).toBe('/data/account/book/preflight');
    await client.call(`${server.origin}/pinwheel/document/create`, { method: 'POST', host: 'upload' });
    expect(last().path).toBe('/pinwheel/document/create');
  });
});

describe('envelope', () => {
  it('resolves with the unwrapped content', async () => {
    route = () => ok({ list: [1, 2], total: 2 });
    const { client, alerts } = setup();
    await expect(client.call('account/book/')).resolves.toEqual({ list: [1, 2], total: 2 });
    expect(alerts).toEqual([]);
  });

  it('validates content with the given schema', async () => {
    route = () => ok({ host: 'https://up.example', extra: 1 });
    const { client, alerts } = setup();
    const content = await client.call('x', { schema: v.object({ host: v.string() }) });
    expect(content).toEqual({ host: 'https://up.example' });

    route = () => ok({ host: 42 });
    const error = await client.call('x', { schema: v.object({ host: v.string() }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ kind: 'parse', requestId: 'req-ok', status: 200 });
    expect(alerts).toEqual([expect.objectContaining({ message: { id: 'commons.parseError' }, requestId: 'req-ok' })]);
  });

  it('calls onAts only when the response carries a newer ats', async () => {
    const seen: number[] = [];
    let stored: number | undefined = 100;
    const { client } = setup({ getAts: () => stored, onAts: (ats) => seen.push(ats) });
    for (const ats of [150, 100, 50]) {
      route = () => ok({}, { ats });
      await client.call('x');
    }
    route = () => fail({ type: 'API', code: 400 }, 400, { ats: 200 });
    await client.call('x').catch(() => {});
    route = () => ok({});
    await client.call('x');
    stored = undefined;
    route = () => ok({}, { ats: 999 });
    await client.call('x');
    expect(seen).toEqual([150, 200]);
  });
});

describe('session gate', () => {
  it('holds requests until the gate opens; skipSessionWait bypasses it', async () => {
    const gate = createGate();
    const { client } = setup({ sessionGate: gate });
    const held = client.call('account/book/');
    await client.call('profile/session', { skipSessionWait: true });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests.map((r) => r.path)).toEqual(['/api/profile/session']);
    gate.open();
    await expect(held).resolves.toEqual({ hello: 'world' });
    expect(server.requests.map((r) => r.path)).toEqual(['/api/profile/session', '/api/account/book/']);
    expect(gate.isOpen).toBe(true);
    gate.close();
    expect(gate.isOpen).toBe(false);
  });

  it('an abort while waiting at the gate is silent', async () => {
    const gate = createGate();
    const { client, alerts } = setup({ sessionGate: gate });
    const controller = new AbortController();
    const pending = client.call('x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'abort' });
    expect(alerts).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('session expiry', () => {
  it('replays the request once after the handler (sign-in) resolves', async () => {
    let token = 'old';
    route = (req) => (req.headers.authorization === 'Bearer new' ? ok({ done: true }) : fail({ type: 'SESSION', code: 302 }, 401));
    const handled: ApiCallError[] = [];
    const { client, alerts } = setup({
      getToken: () => token,
      onSessionExpired: async (retry, error) => {
        handled.push(error);
        token = 'new';
        return retry();
      },
    });
    await expect(client.call('account/book/update', { method: 'PATCH', json: { id: 1 } })).resolves.toEqual({ done: true });
    expect(handled.map((e) => e.code)).toEqual([302]);
    expect(server.requests.map((r) => [r.method, r.headers.authorization, r.body])).toEqual([
      ['PATCH', 'Bearer old', { id: 1 }],
      ['PATCH', 'Bearer new', { id: 1 }],
    ]);
    expect(alerts).toEqual([]);
  });

  it('does not loop when the replay expires again, and propagates without a handler', async () => {
    route = () => fail({ type: 'SESSION', code: 149 }, 401);
    let calls = 0;
    const withHandler = setup({
      onSessionExpired: (retry) => {
        calls++;
        return retry();
      },
    });
    await expect(withHandler.client.call('x')).rejects.toMatchObject({ kind: 'server', code: 149 });
    expect(calls).toBe(1);
    expect(server.requests).toHaveLength(2);

    const bare = setup();
    await expect(bare.client.call('x')).rejects.toMatchObject({ kind: 'server', code: 149, status: 401 });
    expect([...withHandler.alerts, ...bare.alerts]).toEqual([]);
  });

  it('lets a call whose answer is the session itself (the session check) get the expired error, not wait for a sign-in', async () => {
    route = () => fail({ type: 'SESSION', code: 302 }, 401);
    let calls = 0;
    const { client, alerts } = setup({
      onSessionExpired: (retry) => {
        calls++;
        return retry();
      },
    });
    await expect(client.call('profile/session', { method: 'GET', skipSessionExpiry: true })).rejects.toMatchObject({
      kind: 'server',
      code: 302,
    });
    expect(calls).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(alerts).toEqual([]);
  });
});

describe('model helpers', () => {
  it('build paths and methods per SPEC §7 / DESIGN §8', async () => {
    route = (req) => ok({ path: req.path });
    const { client } = setup();
    const books = client.model('account/book/');
    await books.create({ name: 'A' });
    await books.update({ id: 3, name: 'B' });
    await books.update({ id: [3, 4], private: true }, { method: 'POST' });
    await books.patch({ id: 5, name: 'C' });
    await books.remove(6);
    await books.get(7);
    await expect(books.list({ start: 0, step: 25, sortby: 'title', folder: 'f1' })).resolves.toEqual({ path: '/api/account/book/' });
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/account/book/create', { name: 'A' }],
      ['PATCH', '/api/account/book/update', { id: 3, name: 'B' }],
      ['POST', '/api/account/book/update', { id: [3, 4], private: true }],
      ['PATCH', '/api/account/book/update', { id: 5, name: 'C' }],
      ['DELETE', '/api/account/book/delete', { id: 6 }],
      ['GET', '/api/account/book/get', undefined],
      ['GET', '/api/account/book/', undefined],
    ]);
    expect(Object.fromEntries(server.requests[5]?.query ?? [])).toEqual({ id: '7', v: '2' });
    expect(Object.fromEntries(server.requests[6]?.query ?? [])).toEqual({ start: '0', step: '25', sortby: 'title', folder: 'f1', v: '2' });
  });
});
