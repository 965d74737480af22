import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, CallOptions } from '../../src/api';
import { ApiCallError } from '../../src/api/errors';
import {
  getBookProgress,
  preflight,
  readUploadResponse,
  type UploadOptions,
  uploadDocument,
  uploadUrl,
  type XhrLike,
} from '../../src/api/publish';

/** A fake XMLHttpRequest: records what the upload did and lets the test play the network. */
class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  responseText = '';
  readonly upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    // Like the browser: an abort ends with status 0 and the abort event (not the error event).
    this.aborted = true;
    this.status = 0;
    this.onabort?.();
  }
  // ── the network ──
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  dropConnection() {
    this.status = 0;
    this.onerror?.();
  }
}

const bookContent = {
  id: 'b-1',
  name: 'Report',
  document: { status: 'QUEUED', error_code: null, pages_done: 0, pages_total: 0, pages: 0, direction: 'ltr' },
  image: { small: null, medium: null, large: null },
};

function start(patch: Partial<UploadOptions> = {}) {
  const xhr = new FakeXhr();
  const file = new File(['%PDF-1.7 hello'], 'Report.pdf', { type: 'application/pdf' });
  const onProgress = vi.fn();
  const promise = uploadDocument({
    url: uploadUrl('/api/'),
    file,
    fileName: file.name,
    fields: { name: 'Report', publishing_mode: 2, start_time: 1700000000000, delay: 3, upload_mode: 'html' },
    token: 'tok',
    associationId: 'acc-7',
    onProgress,
    createXhr: () => xhr,
    ...patch,
  });
  return { xhr, file, onProgress, promise };
}

async function rejection(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiCallError);
  return error as ApiCallError;
}

describe('uploadDocument (SPEC §7 Upload, §8 status 0)', () => {
  it('posts multipart to {host}/pinwheel/document/create?v=2 with the fields before the file, the token and credentials', async () => {
    const { xhr, file, promise } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/pinwheel/document/create?v=2');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.authorization).toBe('Bearer tok');
    expect(xhr.headers['x-quire-account']).toBe('acc-7');
    const entries = [...(xhr.body as FormData).entries()];
    expect(entries.map(([k]) => k)).toEqual(['name', 'publishing_mode', 'start_time', 'delay', 'upload_mode', 'file']);
    expect(Object.fromEntries(entries.slice(0, 5))).toEqual({
      name: 'Report',
      publishing_mode: '2',
      start_time: '1700000000000',
      delay: '3',
      upload_mode: 'html',
    });
    const sent = entries[5]?.[1] as File;
    expect(sent.name).toBe('Report.pdf');
    expect(sent.size).toBe(file.size);
    xhr.respond(200, { status: 'ok', content: bookContent, id: 'r1' });
    await expect(promise).resolves.toEqual({ id: 'b-1', status: 'QUEUED', errorCode: null, pagesDone: 0, pagesTotal: 0, thumbnail: null });
  });

  it('reports byte progress (the file size when the length is not computable)', async () => {
    const { xhr, file, onProgress, promise } = start();
    xhr.progress(5, 14);
    xhr.progress(9, 0, false);
    expect(onProgress.mock.calls).toEqual([
      [5, 14],
      [9, file.size],
    ]);
    xhr.respond(200, { status: 'ok', content: bookContent, id: 'r1' });
    await promise;
  });

  it('a dropped connection is network status 0 (the proxy-error case)', async () => {
    const { xhr, promise } = start();
    xhr.dropConnection();
    const error = await rejection(promise);
    expect({ kind: error.kind, status: error.status }).toEqual({ kind: 'network', status: 0 });
  });

  it('an abort through the signal is an abort, not status 0', async () => {
    const controller = new AbortController();
    const { xhr, promise } = start({ signal: controller.signal });
    controller.abort();
    expect(xhr.aborted).toBe(true);
    expect((await rejection(promise)).kind).toBe('abort');
  });

  it('a signal aborted before the start sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const createXhr = vi.fn(() => new FakeXhr());
    const error = await rejection(start({ signal: controller.signal, createXhr }).promise);
    expect(error.kind).toBe('abort');
    expect(createXhr).not.toHaveBeenCalled();
  });

  it('a time-out is a time-out', async () => {
    const { xhr, promise } = start();
    xhr.ontimeout?.();
    expect((await rejection(promise)).kind).toBe('timeout');
  });

  it('a server error keeps type, code and request id (the file shows errors.PUBLISH.211)', async () => {
    const { xhr, promise } = start();
    xhr.respond(413, { status: 'error', content: { type: 'PUBLISH', code: 211, message: 'too large' }, id: 'r9' });
    const error = await rejection(promise);
    expect({ kind: error.kind, status: error.status, type: error.type, code: error.code, requestId: error.requestId }).toEqual({
      kind: 'server',
      status: 413,
      type: 'PUBLISH',
      code: 211,
      requestId: 'r9',
    });
  });

  it('an answer that is not an envelope: parse error on 2xx, transport failure with its status otherwise', () => {
    const parse = (() => {
      try {
        readUploadResponse(200, '<html>');
      } catch (e) {
        return e as ApiCallError;
      }
    })();
    expect({ kind: parse?.kind, status: parse?.status }).toEqual({ kind: 'parse', status: 200 });
    const gateway = (() => {
      try {
        readUploadResponse(502, 'Bad gateway');
      } catch (e) {
        return e as ApiCallError;
      }
    })();
    // A proxy that answered is not "status 0": no proxy-error modal, the file shows the transport message.
    expect({ kind: gateway?.kind, status: gateway?.status }).toEqual({ kind: 'network', status: 502 });
  });

  it('an ok envelope without a book is a parse error', () => {
    expect(() => readUploadResponse(200, JSON.stringify({ status: 'ok', content: { nope: 1 }, id: 'r' }))).toThrow(ApiCallError);
  });
});

describe('preflight and progress calls (DESIGN §8)', () => {
  function fakeApi(content: unknown) {
    const call = vi.fn(async (_path: string, options?: CallOptions<unknown>) => {
      const schema = options?.schema;
      if (!schema) return content;
      const { parse } = await import('valibot');
      return parse(schema, content);
    });
    return { api: { call, model: vi.fn(), ky: {} } as unknown as ApiClient, call };
  }

  it('preflight: GET account/book/preflight on the secure data host, silent (the file shows the error)', async () => {
    const { api, call } = fakeApi({ host: '/api', limit: 100 });
    await expect(preflight(api, { name: 'Report.pdf', size: 14, publishing_mode: 1 })).resolves.toMatchObject({ host: '/api', limit: 100 });
    const [path, options] = call.mock.calls[0] ?? [];
    expect(path).toBe('account/book/preflight');
    expect(options).toMatchObject({
      host: 'dataSecure',
      ignoreAlerts: true,
      searchParams: { name: 'Report.pdf', size: 14, publishing_mode: 1 },
    });
  });

  it('book progress: GET account/book/get?id= → pages done / total and the thumbnail', async () => {
    const { api, call } = fakeApi({
      ...bookContent,
      document: { status: 'CONVERTING', error_code: null, pages_done: 3, pages_total: 12 },
      image: { small: '/t/b-1/s.webp' },
    });
    await expect(getBookProgress(api, 'b-1')).resolves.toEqual({
      id: 'b-1',
      status: 'CONVERTING',
      errorCode: null,
      pagesDone: 3,
      pagesTotal: 12,
      thumbnail: '/t/b-1/s.webp',
    });
    expect(call.mock.calls[0]?.[1]).toMatchObject({ searchParams: { id: 'b-1' }, ignoreAlerts: true });
  });
});
