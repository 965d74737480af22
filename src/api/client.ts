import type { KyInstance, Options as KyOptions } from 'ky';
import * as v from 'valibot';
import { API_VERSION } from '../contracts/envelope';
import { readCookie } from './cookies';
import { readEnvelope, serverError } from './envelope';
import { type Alert, ApiCallError, alertsFor, isSessionExpired } from './errors';
import type { SessionGate } from './gate';
import type { ClientConfig, HostKind } from './hosts';

/** Cookie holding the session token when no token is in memory (SPEC §6 fallback). */
export const TOKEN_COOKIE = 'quire_token';
/** Header naming the account a manager acts for (SPEC §6 association session; the server's src/contracts/managers.ts ACCOUNT_ID_HEADER). */
export const ASSOCIATION_HEADER = 'X-Quire-Account';
export const DEFAULT_TIMEOUT_MS = 30_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Id = string | number;

export interface CallOptions<T = unknown> {
  method?: HttpMethod;
  json?: unknown;
  /** Raw body (e.g. FormData for uploads); use `json` for everything else. */
  body?: BodyInit;
  /** `undefined`/`null` values are left out; `v` is always set by the client. */
  searchParams?: Record<string, QueryValue>;
  /** No Authorization/association header and `credentials: 'omit'`. */
  anonymous?: boolean;
  /** No association header: the signed-in person's own call inside an association session (the account switcher). */
  asSelf?: boolean;
  /** Do not wait for the session gate (the session check itself, login…). */
  skipSessionWait?: boolean;
  /**
   * An expired session (301/302/149) is this call's answer, not a reason to queue it for a sign-in
   * (`onSessionExpired`): the session check at start, which clears an expired stored token.
   */
  skipSessionExpiry?: boolean;
  /** No alert for any failure; the caller handles it. */
  ignoreAlerts?: boolean;
  /** Validates `content`; a mismatch is a parse error. */
  schema?: v.GenericSchema<unknown, T>;
  signal?: AbortSignal;
  /** Base URL kind for a relative path (default `api`). Absolute URLs are used as they are. */
  host?: HostKind;
  timeoutMs?: number;
}

export interface ApiClientOptions {
  config: ClientConfig;
  getToken?: () => string | undefined;
  /** Cookie reader for the token fallback (default: `document.cookie`). */
  readCookie?: (name: string) => string | undefined;
  getAssociationId?: () => string | undefined;
  /** Default: always open. */
  sessionGate?: SessionGate;
  onAlert?: (alert: Alert) => void;
  /** The stored account timestamp; `onAts` fires only when a response carries a newer one. */
  getAts?: () => number | undefined;
  onAts?: (ats: number) => void;
  /**
   * Session expired (codes 301/302/149). The handler runs the sign-in flow and then calls `retry`
   * (once) and resolves with its result, or rejects (e.g. the user cancelled). Without a handler the
   * error propagates. No alert is raised for these codes.
   */
  onSessionExpired?: <T>(retry: () => Promise<T>, error: ApiCallError) => Promise<T>;
  /**
   * The server refused the association header this call sent (MANAGER 1101: the account is no longer
   * the manager's child — detached in another tab or by its owner; issue 20), with the id it sent. The
   * app clears the stored association and returns the manager to its own account; no alert is raised
   * here for it (the app says why). A call without the header never reports it.
   */
  onAssociationRefused?: (account: string, error: ApiCallError) => void;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export type ListParams = { start?: number; step?: number; sortby?: string } & Record<string, QueryValue>;
type ModelData = Record<string, unknown>;
type ModelCallOptions<T> = Omit<CallOptions<T>, 'json' | 'body'>;

/** SPEC §7 / DESIGN §8 model calls: `url + action`, bare `url` (GET) for lists. */
export interface ModelApi {
  create<T = unknown>(data: ModelData, options?: ModelCallOptions<T>): Promise<T>;
  /** PATCH by default (pass `method: 'POST'` to post); `data.id` is one id or a list (bulk edit). */
  update<T = unknown>(data: ModelData & { id: Id | Id[] }, options?: ModelCallOptions<T>): Promise<T>;
  patch<T = unknown>(data: ModelData & { id: Id | Id[] }, options?: ModelCallOptions<T>): Promise<T>;
  remove<T = unknown>(id: Id, options?: ModelCallOptions<T>): Promise<T>;
  get<T = unknown>(id: Id, options?: ModelCallOptions<T>): Promise<T>;
  list<T = unknown>(params?: ListParams, options?: ModelCallOptions<T>): Promise<T>;
}

export interface ApiClient {
  /** The configured ky instance: v=2, bearer/association headers, credentials, no retries (loaded with the first call). */
  readonly ky: () => Promise<KyInstance>;
  call<T = unknown>(path: string, options?: CallOptions<T>): Promise<T>;
  model(url: string): ModelApi;
}

const isAbsoluteUrl = (path: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(path);

/** Any ky `searchParams` form → URLSearchParams with `v` set. */
function withVersion(params: KyOptions['searchParams']): URLSearchParams {
  let out: URLSearchParams;
  if (params instanceof URLSearchParams) out = new URLSearchParams(params);
  else if (typeof params === 'string') out = new URLSearchParams(params);
  else if (Array.isArray(params)) out = new URLSearchParams(params.map((pair) => pair.map(String)));
  else {
    out = new URLSearchParams();
    for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) out.append(key, String(value));
  }
  out.set('v', String(API_VERSION));
  return out;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** ky loads with the first call: a visitor's first page load makes none, so it stays out of the initial bundle. */
type KyModule = typeof import('ky');
let kyModule: Promise<KyModule> | null = null;
let kyLoaded: KyModule | null = null;
const loadKy = () => {
  kyModule ??= import('ky').then((m) => {
    kyLoaded = m;
    return m;
  });
  return kyModule;
};

function toApiCallError(error: unknown, signal: AbortSignal | undefined): ApiCallError {
  const isTimeoutError = kyLoaded?.isTimeoutError ?? (() => false);
  const isNetworkError = kyLoaded?.isNetworkError ?? (() => false);
  if (error instanceof ApiCallError) return error;
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
    return new ApiCallError('abort', { status: 0, cause: error });
  }
  if (isTimeoutError(error)) return new ApiCallError('timeout', { status: 0, cause: error });
  // NetworkError and anything unrecognised (SPEC §8 "other" → commons.requestError).
  return new ApiCallError('network', { status: 0, cause: isNetworkError(error) ? error.cause : error });
}

/** MANAGER 1101 (src/contracts/errors.ts managerHeaderRefused): the account id header was refused. */
const isAssociationRefused = (error: ApiCallError) => error.kind === 'server' && error.type === 'MANAGER' && Number(error.code) === 1101;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { config, sessionGate, onAlert, onSessionExpired } = options;
  const cookie = options.readCookie ?? ((name: string) => readCookie(name));

  let instance: Promise<KyInstance> | null = null;
  const getInstance = () => {
    instance ??= loadKy().then(({ default: ky }) => createInstance(ky));
    return instance;
  };
  const createInstance = (ky: KyModule['default']) =>
    ky.create({
      credentials: 'include',
      headers: { accept: 'application/json' },
      retry: 0,
      throwHttpErrors: false,
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      hooks: {
        init: [
          (kyOptions) => {
            kyOptions.searchParams = withVersion(kyOptions.searchParams);
          },
        ],
        beforeRequest: [
          ({ request, options: kyOptions }) => {
            if ((kyOptions.context as { anonymous?: boolean }).anonymous) {
              request.headers.delete('authorization');
              request.headers.delete(ASSOCIATION_HEADER);
              return;
            }
            const token = options.getToken?.() ?? cookie(TOKEN_COOKIE);
            if (token) request.headers.set('authorization', `Bearer ${token}`);
            // A call of this client names what it sends (`run`); a raw use of the ky instance reads it now.
            const context = kyOptions.context as { account?: string };
            const account = 'account' in context ? context.account : options.getAssociationId?.();
            if (account) request.headers.set(ASSOCIATION_HEADER, account);
            else request.headers.delete(ASSOCIATION_HEADER);
          },
        ],
      },
    });

  /** One round trip: gate, request, envelope; resolves with content or throws ApiCallError. */
  async function send<T>(path: string, call: CallOptions<T>, account: string | undefined): Promise<T> {
    if (!call.skipSessionWait && sessionGate) await abortable(sessionGate.wait(), call.signal);
    const searchParams = new URLSearchParams();
    for (const [key, value] of Object.entries(call.searchParams ?? {})) {
      if (value !== undefined && value !== null) searchParams.set(key, String(value));
    }
    const pending = (await getInstance())(path, {
      prefix: isAbsoluteUrl(path) ? undefined : config[call.host ?? 'api'],
      method: call.method ?? 'GET',
      searchParams,
      ...(call.json !== undefined ? { json: call.json } : {}),
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(call.anonymous ? { credentials: 'omit' as const } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.timeoutMs !== undefined ? { timeout: call.timeoutMs } : {}),
      context: { anonymous: call.anonymous === true, account },
    });
    const response = await pending;
    const text = await pending.text(); // body read is bounded by the timeout too

    const { envelope, raw } = readEnvelope(response.status, text);
    const { content, id, ats } = envelope;

    const knownAts = options.getAts?.();
    if (typeof ats === 'number' && knownAts !== undefined && ats > knownAts) options.onAts?.(ats);

    if (envelope.status === 'error') throw serverError(response.status, envelope, raw);
    if (!call.schema) return content as T;
    const parsed = v.safeParse(call.schema, content);
    if (!parsed.success) throw new ApiCallError('parse', { status: response.status, requestId: id, cause: parsed.issues });
    return parsed.output;
  }

  async function run<T>(path: string, call: CallOptions<T>, replay: boolean): Promise<T> {
    // The association header this call sends (read once: the refusal names what was sent).
    const account = call.anonymous || call.asSelf ? undefined : options.getAssociationId?.();
    try {
      return await send(path, call, account);
    } catch (caught) {
      const error = toApiCallError(caught, call.signal);
      if (isSessionExpired(error)) {
        if (onSessionExpired && !replay && !call.skipSessionExpiry) return onSessionExpired(() => run(path, call, true), error);
        throw error;
      }
      if (account !== undefined && isAssociationRefused(error) && options.onAssociationRefused) {
        options.onAssociationRefused(account, error);
        throw error;
      }
      if (!call.ignoreAlerts) for (const alert of alertsFor(error)) onAlert?.(alert);
      throw error;
    }
  }

  const call = <T = unknown>(path: string, callOptions: CallOptions<T> = {}) => run(path, callOptions, false);

  function model(url: string): ModelApi {
    return {
      create: (data, o) => call(`${url}create`, { ...o, method: 'POST', json: data }),
      update: (data, o) => call(`${url}update`, { ...o, method: o?.method ?? 'PATCH', json: data }),
      patch: (data, o) => call(`${url}update`, { ...o, method: 'PATCH', json: data }),
      remove: (id, o) => call(`${url}delete`, { ...o, method: 'DELETE', json: { id } }),
      get: (id, o) => call(`${url}get`, { ...o, method: 'GET', searchParams: { ...o?.searchParams, id } }),
      list: (params, o) => call(url, { ...o, method: 'GET', searchParams: { ...o?.searchParams, ...params } }),
    };
  }

  return { ky: getInstance, call, model };
}
