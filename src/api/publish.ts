import * as v from 'valibot';
import type { BookProgress, PreflightContent, PublishingMode } from '../contracts/books';
import { API_VERSION } from '../contracts/envelope';
import { type ApiClient, ASSOCIATION_HEADER } from './client';
import { readEnvelope, serverError } from './envelope';
import { ApiCallError } from './errors';

/**
 * Publishing calls (SPEC §7 Preflight, Upload; DESIGN §8). The preflight and the progress checks go
 * through the API client; the upload itself uses XMLHttpRequest, the one browser API that reports
 * upload progress, and maps its outcomes onto the client's ApiCallError so the machines read one
 * shape: status 0 without an abort is `kind: 'network', status: 0` (SPEC §8: proxy-error modal).
 */

export const PreflightContentSchema = v.looseObject({ host: v.string(), limit: v.number() });

/** The part of a Book (src/contracts/books.ts) the upload page reads; unknown fields are kept. */
export const BookStatusSchema = v.looseObject({
  id: v.string(),
  document: v.looseObject({
    status: v.string(),
    error_code: v.optional(v.nullable(v.string()), null),
    pages_done: v.optional(v.number(), 0),
    pages_total: v.optional(v.number(), 0),
  }),
  image: v.optional(v.looseObject({ small: v.optional(v.nullable(v.string()), null) }), { small: null }),
});
export type BookStatus = v.InferOutput<typeof BookStatusSchema>;

export const toBookProgress = (book: BookStatus): BookProgress => ({
  id: book.id,
  status: book.document.status,
  errorCode: book.document.error_code ?? null,
  pagesDone: book.document.pages_done,
  pagesTotal: book.document.pages_total,
  thumbnail: book.image.small ?? null,
});

export interface PreflightQuery {
  name: string;
  size: number;
  publishing_mode: PublishingMode;
}

/** GET {data}/account/book/preflight → {host, limit}. Logged in, so the secure data host (SPEC §9). */
export function preflight(api: ApiClient, query: PreflightQuery, signal?: AbortSignal): Promise<PreflightContent> {
  return api.call('account/book/preflight', {
    host: 'dataSecure',
    searchParams: { ...query },
    // The upload page shows the message under the file (SPEC §8), not as an alert.
    ignoreAlerts: true,
    signal,
    schema: PreflightContentSchema,
  });
}

/** GET {api}/account/book/get?id= → conversion progress. */
export async function getBookProgress(api: ApiClient, id: string, signal?: AbortSignal): Promise<BookProgress> {
  const book = await api.call('account/book/get', { searchParams: { id }, ignoreAlerts: true, signal, schema: BookStatusSchema });
  return toBookProgress(book);
}

/** `{host}/pinwheel/document/create?v=2` for the host the preflight answered. */
export function uploadUrl(host: string): string {
  return `${host.replace(/\/+$/, '')}/pinwheel/document/create?v=${API_VERSION}`;
}

/** What the upload needs of XMLHttpRequest (tests pass a fake). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
}

export interface UploadOptions {
  /** From uploadUrl(host). */
  url: string;
  file: Blob;
  fileName: string;
  /** SPEC §7: book settings, start_time, delay, upload_mode=html. Sent before the file, which the server streams. */
  fields: Readonly<Record<string, string | number>>;
  token?: string;
  associationId?: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  createXhr?: () => XhrLike;
}

/** Reads the upload answer: the created book, or the same errors as the API client. */
export function readUploadResponse(status: number, text: string): BookProgress {
  const { envelope, raw } = readEnvelope(status, text);
  if (envelope.status === 'error') throw serverError(status, envelope, raw);
  const { content, id } = envelope;
  const book = v.safeParse(BookStatusSchema, content);
  if (!book.success) throw new ApiCallError('parse', { status, requestId: id, cause: book.issues });
  return toBookProgress(book.output);
}

/** POST the file as multipart (field `file`) with byte progress; rejects with ApiCallError. */
export function uploadDocument(options: UploadOptions): Promise<BookProgress> {
  return uploadMultipart(options, readUploadResponse);
}

/**
 * POST a file as multipart (the fields first, then `file`) with byte progress, the answer read by
 * `read` (status, body text); rejects with ApiCallError. Shared by the document upload and the
 * library images (src/api/library.ts).
 */
export function uploadMultipart<T>(options: UploadOptions, read: (status: number, text: string) => T): Promise<T> {
  const { signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiCallError('abort', { status: 0, cause: signal.reason }));
      return;
    }
    const xhr = options.createXhr ? options.createXhr() : (new XMLHttpRequest() as unknown as XhrLike);
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', options.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (options.token) xhr.setRequestHeader('authorization', `Bearer ${options.token}`);
    if (options.associationId) xhr.setRequestHeader(ASSOCIATION_HEADER, options.associationId);
    xhr.upload.onprogress = (e) => options.onProgress?.(e.loaded, e.lengthComputable ? e.total : options.file.size);
    xhr.onload = () => {
      settle();
      try {
        resolve(read(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    // No answer at all: status 0 (a proxy, the network, CORS). An abort is told apart by its own event.
    xhr.onerror = () => {
      settle();
      reject(new ApiCallError('network', { status: 0 }));
    };
    xhr.onabort = () => {
      settle();
      reject(new ApiCallError('abort', { status: 0 }));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new ApiCallError('timeout', { status: 0 }));
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    for (const [key, value] of Object.entries(options.fields)) form.append(key, String(value));
    form.append('file', options.file, options.fileName);
    xhr.send(form);
  });
}
