import type { ApiClient, ApiClientOptions, ModelApi } from './client';

type Loader = () => Promise<{ createApiClient: (options: ApiClientOptions) => ApiClient }>;

/**
 * The API client with its implementation (request shape, envelope, error alerts: ./client.ts,
 * ./errors.ts) loaded apart: `createLazyApiClient` returns at once, every call waits for the module,
 * and `preload()` starts loading without waiting (the app does at boot, after its first render is
 * under way), so the client is not part of the app's first load. A module that failed to load is
 * loaded again by the next call.
 */
export function createLazyApiClient(
  options: ApiClientOptions,
  load: Loader = () => import('./client'),
): ApiClient & { preload: () => void } {
  let client: Promise<ApiClient> | null = null;
  const ready = () => {
    client ??= load()
      .then((m) => m.createApiClient(options))
      .catch((error: unknown) => {
        client = null;
        throw error;
      });
    return client;
  };
  const model = (url: string): ModelApi => ({
    create: (data, o) => ready().then((c) => c.model(url).create(data, o)),
    update: (data, o) => ready().then((c) => c.model(url).update(data, o)),
    patch: (data, o) => ready().then((c) => c.model(url).patch(data, o)),
    remove: (id, o) => ready().then((c) => c.model(url).remove(id, o)),
    get: (id, o) => ready().then((c) => c.model(url).get(id, o)),
    list: (params, o) => ready().then((c) => c.model(url).list(params, o)),
  });
  return {
    ky: () => ready().then((c) => c.ky()),
    call: (path, o) => ready().then((c) => c.call(path, o)),
    model,
    preload: () => {
      ready().catch(() => {});
    },
  };
}
