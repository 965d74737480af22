import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClientOptions, DEFAULT_CLIENT_CONFIG } from '../../../src/api';
import { createLazyApiClient } from '../../../src/api/lazy';
import { ok, startServer } from './test-server';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer(() => ok({ hello: 'world' }));
});
afterAll(() => server.close());

const options = (): ApiClientOptions => ({
  config: { ...DEFAULT_CLIENT_CONFIG, api: `${server.origin}/api`, data: `${server.origin}/data` },
  readCookie: () => undefined,
});

describe('the lazily loaded API client', () => {
  it('loads the client once, from the first call or preload, and answers through it', async () => {
    let loads = 0;
    const api = createLazyApiClient(options(), () => {
      loads += 1;
      return import('../../../src/api/client');
    });
    expect(loads).toBe(0);
    api.preload();
    expect(loads).toBe(1);
    expect(await api.call('public/status')).toEqual({ hello: 'world' });
    expect(await api.model('account/book/').get('b1')).toEqual({ hello: 'world' });
    expect(server.requests.at(-1)?.path).toBe('/api/account/book/get');
    expect(server.requests.at(-1)?.query.get('id')).toBe('b1');
    expect(server.requests.at(-1)?.query.get('v')).toBe('2');
    expect(await (await api.ky()).get(`${server.origin}/api/raw`).json()).toMatchObject({ content: { hello: 'world' } });
    expect(loads).toBe(1);
  });

  it('loads the module again on the next call after a failed load (a new deployment)', async () => {
    let loads = 0;
    const api = createLazyApiClient(options(), () => {
      loads += 1;
      return loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : import('../../../src/api/client');
    });
    await expect(api.call('public/status')).rejects.toThrow('dynamically imported module');
    expect(await api.call('public/status')).toEqual({ hello: 'world' });
    expect(loads).toBe(2);
  });
});
