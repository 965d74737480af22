import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Alert, type ApiClientOptions, CLIENT_MESSAGE_IDS, createApiClient, DEFAULT_CLIENT_CONFIG } from '../../../src/api';
import { fail, type Handler, ok, refusedOrigin, startServer } from './test-server';

let server: Awaited<ReturnType<typeof startServer>>;
let route: Handler;

beforeAll(async () => {
  server = await startServer((req) => route(req));
});
afterAll(() => server.close());
beforeEach(() => {
  route = () => ok({});
});

function setup(overrides: Partial<ApiClientOptions> = {}, origin = server.origin) {
  const alerts: Alert[] = [];
  const client = createApiClient({
    config: { ...DEFAULT_CLIENT_CONFIG, api: `${origin}/api` },
    onAlert: (alert) => alerts.push(alert),
    readCookie: () => undefined,
    ...overrides,
  });
  return { client, alerts };
}

const warning = (id: string, requestId?: string) => ({
  type: 'warning',
  delay: 3000,
  closable: true,
  message: { id },
  ...(requestId ? { requestId } : {}),
});

describe('SPEC §8 error → alert mapping', () => {
  it('server error → errors.{type}.{code} with the request id', async () => {
    route = () => fail({ type: 'VALIDATION', code: 1, message: 'bad', fields: ['name'] });
    const { client, alerts } = setup();
    const error = await client.call('x', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'server', type: 'VALIDATION', code: 1, requestId: 'req-err', status: 400 });
    expect(error).toHaveProperty('content.fields', ['name']);
    expect(alerts).toEqual([warning('errors.VALIDATION.1', 'req-err')]);
  });

  it('bulk error → errors.BULK.{code} per failing item', async () => {
    const items = [
      { id: 1, status: 'ok' },
      { id: 2, status: 'error', code: 7 },
      { id: 3, status: 'error', code: 8 },
    ];
    route = () => fail({ type: 'BOOK', code: 9, items });
    const { client, alerts } = setup();
    await expect(client.call('account/book/update', { method: 'POST' })).rejects.toMatchObject({ kind: 'server', items });
    expect(alerts).toEqual([warning('errors.BULK.7', 'req-err'), warning('errors.BULK.8', 'req-err')]);
  });

  it('timeout → commons.requestTooLong', async () => {
    route = () => ({ hang: true });
    const { client, alerts } = setup({ timeoutMs: 80 });
    await expect(client.call('x')).rejects.toMatchObject({ kind: 'timeout', status: 0 });
    expect(alerts).toEqual([warning('commons.requestTooLong')]);
  });

  it('a per-call timeout overrides the client default', async () => {
    route = () => ({ hang: true });
    const { client } = setup();
    await expect(client.call('x', { timeoutMs: 50 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('invalid JSON, non-envelope or empty 2xx body → commons.parseError', async () => {
    const { client, alerts } = setup();
    for (const raw of ['{"status":', '{"hello":"world"}', '']) {
      route = () => ({ raw, contentType: 'application/json' });
      await expect(client.call('x')).rejects.toMatchObject({ kind: 'parse', status: 200 });
    }
    expect(alerts).toEqual([warning('commons.parseError'), warning('commons.parseError'), warning('commons.parseError')]);
  });

  it('connection refused → commons.requestError', async () => {
    const { client, alerts } = setup({}, await refusedOrigin());
    await expect(client.call('x')).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(alerts).toEqual([warning('commons.requestError')]);
  });

  it('non-JSON 5xx → commons.requestError', async () => {
    route = () => ({ raw: '<h1>Bad gateway</h1>', status: 502 });
    const { client, alerts } = setup();
    await expect(client.call('x')).rejects.toMatchObject({ kind: 'network', status: 502 });
    expect(alerts).toEqual([warning('commons.requestError')]);
  });

  it('abort is silent', async () => {
    route = () => ({ hang: true });
    const { client, alerts } = setup();
    const controller = new AbortController();
    const pending = client.call('x', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toMatchObject({ kind: 'abort' });
    expect(alerts).toEqual([]);
  });

  it('ignoreAlerts is silent for every kind', async () => {
    const { client, alerts } = setup({ timeoutMs: 50 });
    route = () => fail({ type: 'API', code: 404 }, 404);
    await expect(client.call('x', { ignoreAlerts: true })).rejects.toMatchObject({ kind: 'server', code: 404 });
    route = () => ({ raw: 'nope', contentType: 'text/plain' });
    await expect(client.call('x', { ignoreAlerts: true })).rejects.toMatchObject({ kind: 'parse' });
    route = () => ({ hang: true });
    await expect(client.call('x', { ignoreAlerts: true })).rejects.toMatchObject({ kind: 'timeout' });
    expect(alerts).toEqual([]);
  });

  it('155 (second factor required) is silent and carries its content', async () => {
    route = () => fail({ type: 'SESSION', code: 155, hash: 'h1' }, 401);
    const { client, alerts } = setup();
    const error = await client.call('profile/session', { method: 'POST', anonymous: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'server', code: 155, content: { hash: 'h1' } });
    expect(alerts).toEqual([]);
  });
});

describe('CLIENT_MESSAGE_IDS', () => {
  it('lists the transport ids and the catalogue ids the client can emit', () => {
    expect(CLIENT_MESSAGE_IDS).toEqual(
      expect.arrayContaining([
        'commons.requestTooLong',
        'commons.parseError',
        'commons.requestError',
        'errors.API.404',
        'errors.VALIDATION.1',
      ]),
    );
    expect(CLIENT_MESSAGE_IDS.filter((id) => id.startsWith('errors.SESSION.'))).toEqual([]);
    expect(new Set(CLIENT_MESSAGE_IDS).size).toBe(CLIENT_MESSAGE_IDS.length);
  });
});
