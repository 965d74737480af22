import * as v from 'valibot';
import { API_VERSION } from '../contracts/envelope';
import {
  type ImageItem,
  ImageItemSchema,
  type ImageKind,
  LIBRARY_PAGE,
  type LibraryDeleteResult,
  LibraryDeleteResultSchema,
  type LibraryItem,
  type LibraryKind,
  type LibraryList,
  libraryListSchema,
  type SkinInput,
  type SkinItem,
  SkinItemSchema,
} from '../contracts/library';
import type { ApiClient } from './client';
import { readEnvelope, serverError } from './envelope';
import { ApiCallError } from './errors';
import { uploadMultipart, type XhrLike } from './publish';

/**
 * The account libraries' calls (issue 16; DESIGN §8 model calls under `{api}/account/<page>/`):
 * list, get (the usage count before a delete), delete; skins create and update; images are uploaded
 * with XMLHttpRequest for its byte progress (`uploadLibraryImage`, the upload host). Not silent: a
 * refused list, count or delete raises the API client's alert while the page restores its list; the
 * upload's refusals show under the file.
 */

const schemaOf = (kind: LibraryKind) => (kind === 'skin' ? SkinItemSchema : ImageItemSchema);

export interface LibraryApi {
  list(signal?: AbortSignal): Promise<LibraryList<LibraryItem>>;
  get(id: string, signal?: AbortSignal): Promise<LibraryItem>;
  remove(id: string, signal?: AbortSignal): Promise<LibraryDeleteResult>;
  /** Skins only: a new skin, or the saved one (id given). Silent: the editor shows a refusal. */
  saveSkin(id: string | null, values: SkinInput, signal?: AbortSignal): Promise<SkinItem>;
}

export function libraryApi(api: ApiClient, kind: LibraryKind): LibraryApi {
  const base = `account/${LIBRARY_PAGE[kind]}/`;
  const item = schemaOf(kind) as v.GenericSchema<LibraryItem>;
  const listSchema = libraryListSchema(item) as v.GenericSchema<LibraryList<LibraryItem>>;
  const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    list: (signal) => api.call(base, { method: 'GET', schema: listSchema, ...signalOf(signal) }),
    get: (id, signal) => api.call(`${base}get`, { method: 'GET', searchParams: { id }, schema: item, ...signalOf(signal) }),
    remove: (id, signal) =>
      api.call(`${base}delete`, { method: 'POST', json: { id }, schema: LibraryDeleteResultSchema, ...signalOf(signal) }),
    saveSkin: (id, values, signal) =>
      api.call(id ? `${base}update` : `${base}create`, {
        method: 'POST',
        json: id ? { id, ...values } : values,
        schema: SkinItemSchema,
        // The skin editor shows why a save was refused.
        ignoreAlerts: true,
        ...signalOf(signal),
      }),
  };
}

/** `{upload}/account/<page>/create?v=2`. */
export const libraryUploadUrl = (uploadHost: string, kind: ImageKind) =>
  `${uploadHost.replace(/\/+$/, '')}/account/${LIBRARY_PAGE[kind]}/create?v=${API_VERSION}`;

/** Reads an image upload's answer: the new item, or the same errors as the API client. */
export function readImageResponse(status: number, text: string): ImageItem {
  const { envelope, raw } = readEnvelope(status, text);
  if (envelope.status === 'error') throw serverError(status, envelope, raw);
  const parsed = v.safeParse(ImageItemSchema, envelope.content);
  if (!parsed.success) throw new ApiCallError('parse', { status, requestId: envelope.id, cause: parsed.issues });
  return parsed.output;
}

export interface ImageUploadOptions {
  uploadHost: string;
  kind: ImageKind;
  file: Blob;
  fileName: string;
  name: string;
  token?: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  createXhr?: () => XhrLike;
}

/** POST an image (field `file`, its `name` first) with byte progress; rejects with ApiCallError. */
export function uploadLibraryImage(options: ImageUploadOptions): Promise<ImageItem> {
  return uploadMultipart(
    {
      url: libraryUploadUrl(options.uploadHost, options.kind),
      file: options.file,
      fileName: options.fileName,
      fields: { name: options.name },
      ...(options.token ? { token: options.token } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.createXhr ? { createXhr: options.createXhr } : {}),
    },
    readImageResponse,
  );
}
