import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { assertPublicLiteral } from './ssrf';

export interface FetchTextOptions {
  /** Time limit of the whole request, body included. */
  timeoutMs: number;
  /** The body is refused beyond this many bytes (Content-Length or as it arrives). */
  maxBytes: number;
  /** The SSRF guard's lookup (publicOnlyLookup); undefined only where private addresses are allowed. */
  lookup: LookupFunction | undefined;
  accept?: string;
}

/**
 * GET a configured URL's text through the SSRF guard (src/server/net/ssrf.ts): with `lookup`, an
 * address literal must be public and a name connects only where the guard's lookup allows. No
 * redirects are followed (configure the final URL), a status other than 200 fails, the body is
 * limited in size and time. Rejects with an Error naming the URL's host.
 */
export function fetchText(url: string, { timeoutMs, maxBytes, lookup, accept = '*/*' }: FetchTextOptions): Promise<string> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new Error(`unsupported protocol ${target.protocol}`));
  if (lookup) {
    try {
      assertPublicLiteral(target);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    const request = client.get(
      target,
      {
        headers: { accept, 'user-agent': 'Quire/1' },
        lookup,
        // One socket per request: a kept-alive socket would skip the guard's lookup of the next one.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const declared = Number(response.headers['content-length'] ?? 0);
        if (status !== 200 || declared > maxBytes) {
          response.destroy();
          reject(new Error(status !== 200 ? `HTTP ${status} from ${target.host}` : `${target.host}: body over ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new Error(`${target.host}: body over ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}
