import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../envelope';
import { assertPublicLiteral } from '../net/ssrf';
import { uploadsDir } from '../storage/paths';
import { ContentSniffer } from './detect';
import { PartFileWriter } from './part-file';
import { baseName, discardPart, newPartPath, type ReceivedFile } from './upload';

/**
 * A document the public API publishes from a URL (POST {api}/v1/publications with `url`): fetched by the
 * server through the SSRF guard of webhooks (src/server/net/ssrf.ts: an address literal must be public,
 * a name connects only to the public addresses its lookup answers; QUIRE_WEBHOOK_PRIVATE=1 lifts both,
 * as for webhooks), http(s) only, each redirect (at most MAX_REDIRECTS) checked again the same way,
 * within a time limit, and streamed to a part file like an upload, refused beyond the account's upload
 * limit (fileTooLarge). Any other failure is apiFetchFailed (its message names the host and the status,
 * never anything the server read). The caller recognises the file (recogniseDocument) and owns it.
 */

export const FETCH_TIMEOUT_MS = 60_000;
export const MAX_REDIRECTS = 3;

class TooLarge extends Error {}

export interface FetchOptions {
  dataDir: string;
  limit: number;
  /** The SSRF guard's lookup (publicOnlyLookup); undefined only where private addresses are allowed. */
  lookup: LookupFunction | undefined;
  timeoutMs?: number;
}

/** The file name a URL names (its last path segment), else `document`. */
function nameOf(url: URL, disposition: string | undefined): string {
  const fromHeader = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  let candidate = fromHeader ?? url.pathname.split('/').pop() ?? '';
  try {
    candidate = decodeURIComponent(candidate);
  } catch {
    // Kept as sent.
  }
  return baseName(candidate) || 'document';
}

function open(url: URL, options: FetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new ApiError('apiFetchFailed', { message: `unsupported protocol ${url.protocol}` }));
  if (options.lookup) assertPublicLiteral(url);
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      // One socket per request: a kept-alive socket would skip the guard's lookup of the next one.
      { headers: { accept: '*/*', 'user-agent': 'Quire/1' }, lookup: options.lookup, agent: false, signal },
      resolve,
    );
    request.on('error', reject);
  });
}

export async function fetchToPart(rawUrl: string, options: FetchOptions): Promise<ReceivedFile> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let url = new URL(rawUrl);
  let response: http.IncomingMessage | undefined;
  try {
    for (let hop = 0; ; hop += 1) {
      response = await open(url, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new ApiError('apiFetchFailed', { message: `too many redirects from ${url.host}` });
        url = new URL(location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new ApiError('apiFetchFailed', { message: `HTTP ${status} from ${url.host}` });
      }
      break;
    }
  } catch (error) {
    throw fetchError(error, url);
  }
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.limit) {
    response.destroy();
    throw new ApiError('fileTooLarge', { limit: options.limit });
  }
  const dir = uploadsDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const partPath = newPartPath(dir);
  const sniffer = new ContentSniffer();
  try {
    await pipeline(
      response,
      new PartFileWriter(partPath, (chunk) => {
        sniffer.push(chunk);
        if (sniffer.size > options.limit) throw new TooLarge();
      }),
    );
    if (sniffer.size === 0) throw new ApiError('fileEmpty');
  } catch (error) {
    response.destroy();
    await discardPart(partPath);
    if (error instanceof TooLarge) throw new ApiError('fileTooLarge', { limit: options.limit });
    throw fetchError(error, url);
  }
  return { partPath, filename: nameOf(url, response.headers['content-disposition']), sniffer, fields: {} };
}

function fetchError(error: unknown, url: URL): unknown {
  if (error instanceof ApiError) return error;
  const name = (error as { name?: string }).name;
  if (name === 'PrivateAddressError')
    return new ApiError('apiFetchFailed', { message: `the host ${url.hostname} is not a public address` });
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ApiError('apiFetchFailed', { message: `${url.host} did not answer in time` });
  return new ApiError('apiFetchFailed', { message: `could not fetch from ${url.host}` });
}
