/**
 * The network boundary of the model-based UI tests: a `fetch` the real API client (src/api/client.ts,
 * ky) is given instead of the browser's. Every request is held until the test answers it, with a real
 * HTTP response in the API's envelope (SPEC §7 `{status, content, id, ats}`) — so what runs between
 * the view and the wire (the provided actors, the API client, its schemas and its error mapping) is
 * the product's own code.
 */

import { TimeoutError } from 'ky';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { XhrLike } from '../../../src/api/publish';

export interface HeldRequest {
  request: Request;
  method: string;
  /** Path below the API base, without the query (`profile/session`). */
  path: string;
  url: URL;
  /** The parsed JSON body, or the raw body (FormData, text) when it is not JSON. */
  body: unknown;
  signal: AbortSignal | null;
  settled: boolean;
  resolve(response: Response): void;
  reject(error: unknown): void;
}

/** What an `xstate.error.actor.*` event of the generated paths carries: the API client's ApiCallError, as JSON. */
export interface ApiErrorLike {
  kind?: 'server' | 'timeout' | 'parse' | 'network' | 'abort';
  status?: number;
  type?: string;
  code?: number | string;
  content?: Record<string, unknown>;
}

let requestSeq = 0;

/** A held file upload (src/api/publish.ts `uploadDocument` sends with XMLHttpRequest for the byte progress). */
export class FakeXhr implements XhrLike {
  method = '';
  url = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = '';
  settled = false;
  readonly upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData): void {
    this.body = body;
  }
  abort(): void {
    if (this.settled) return;
    this.settled = true;
    this.onabort?.();
  }
  /** The browser reports bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 });
  }
  respond(response: { status: number; body: unknown }): void {
    this.settled = true;
    this.status = response.status;
    this.responseText = JSON.stringify(response.body);
    this.onload?.();
  }
  /** No answer at all (status 0). */
  fail(): void {
    this.settled = true;
    this.onerror?.();
  }
}

export class FakeNetwork {
  /** Every request made, answered or not, in order. */
  readonly requests: HeldRequest[] = [];
  /** Every file upload started, in order. */
  readonly uploads: FakeXhr[] = [];
  /** The `createXhr` to hand to the upload (`uploadDocument({ createXhr })`). */
  readonly createXhr = (): FakeXhr => {
    const xhr = new FakeXhr();
    this.uploads.push(xhr);
    return xhr;
  };

  constructor(readonly apiBase = 'http://api.quire.test/') {}

  /** The `fetch` to hand to `createApiClient({ fetch })`. */
  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const signal = init?.signal ?? request.signal ?? null;
    return new Promise<Response>((resolve, reject) => {
      const held: HeldRequest = {
        request,
        method: request.method,
        path: url.href.startsWith(this.apiBase) ? url.pathname.slice(new URL(this.apiBase).pathname.length) : url.href,
        url,
        body,
        signal,
        settled: false,
        resolve: (r) => {
          held.settled = true;
          resolve(r);
        },
        reject: (e) => {
          held.settled = true;
          reject(e);
        },
      };
      signal?.addEventListener('abort', () => held.reject(signal.reason ?? new DOMException('aborted', 'AbortError')), { once: true });
      this.requests.push(held);
    });
  };

  /** Requests still waiting for an answer. */
  pending(): HeldRequest[] {
    return this.requests.filter((r) => !r.settled);
  }

  /** Waits for the first unanswered request to `method path` (the view or an actor must have made it). */
  async take(method: string, path: string, which: (r: HeldRequest) => boolean = () => true): Promise<HeldRequest> {
    let found: HeldRequest | undefined;
    await expect
      .poll(
        () => {
          found = this.pending().find((r) => r.method === method && r.path === path && which(r));
          return found !== undefined;
        },
        { message: `a pending ${method} ${path} request (pending: ${this.describePending()})`, timeout: 5000, interval: 5 },
      )
      .toBe(true);
    return found as HeldRequest;
  }

  describePending(): string {
    return (
      this.pending()
        .map((r) => `${r.method} ${r.path}`)
        .join(', ') || 'none'
    );
  }

  /** Waits for the first upload still being sent. */
  async takeUpload(): Promise<FakeXhr> {
    let found: FakeXhr | undefined;
    await expect
      .poll(
        () => {
          found = this.uploads.find((x) => !x.settled && x.body);
          return found !== undefined;
        },
        { message: 'an upload being sent', timeout: 5000, interval: 5 },
      )
      .toBe(true);
    return found as FakeXhr;
  }

  /** Answers `200 {status: 'ok', content}`. */
  ok(request: HeldRequest, content: unknown, extra: { ats?: number } = {}): void {
    request.resolve(json(200, { status: 'ok', content: content ?? null, id: nextId(), ...extra }));
  }

  /** Answers as the server would for the path's error: an error envelope, or a transport failure. */
  fail(request: HeldRequest, error: ApiErrorLike): void {
    const kind = error.kind ?? 'server';
    if (kind === 'server') {
      const content = { type: error.type, code: error.code, ...error.content };
      request.resolve(json(error.status || 400, { status: 'error', content, id: nextId() }));
    } else if (kind === 'parse') request.resolve(new Response('<html>not an envelope</html>', { status: 200 }));
    // What ky throws when its own timer gives up on the request.
    else if (kind === 'timeout') request.reject(new TimeoutError(request.request));
    else if (kind === 'abort') request.reject(new DOMException('aborted', 'AbortError'));
    else request.reject(new TypeError('Failed to fetch'));
  }

  /** Answers a request with what an invoke event of a generated path says it ended with (`content` maps the output to the wire). */
  answer(request: HeldRequest, event: EventObject, content: (output: unknown) => unknown = (o) => o): void {
    if (event.type.startsWith('xstate.done.actor.')) this.ok(request, content((event as { output?: unknown }).output));
    else if (event.type.startsWith('xstate.error.actor.')) this.fail(request, (event as unknown as { error: ApiErrorLike }).error);
    else throw new Error(`not an invoke result: ${event.type}`);
  }

  /** Answers an upload as the server would: the created book, an error envelope, or no answer (status 0). */
  answerUpload(xhr: FakeXhr, result: { book: unknown } | { error: ApiErrorLike }, content: (book: unknown) => unknown): void {
    if ('book' in result) {
      xhr.respond({ status: 200, body: { status: 'ok', content: content(result.book), id: nextId() } });
      return;
    }
    const { kind = 'server', status, type, code, content: extra } = result.error;
    if (kind !== 'server') xhr.fail();
    else xhr.respond({ status: status || 400, body: { status: 'error', content: { type, code, ...extra }, id: nextId() } });
  }
}

const nextId = () => `req-${(++requestSeq).toString(16).padStart(8, '0')}`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
