import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { nextIp } from './accounts-support';
import { multipartBody } from './publish-support';

/** Images made in the tests (no fixtures on disk) and the library calls. */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG (8-bit RGB, one colour with a diagonal stripe), any size: rows of zeros compress to
 * almost nothing, so a 9000-pixel-wide one stays small. `corrupt` replaces the image data with noise
 * (a valid header over pixels nothing can decode).
 */
export function makePng(width: number, height: number, { corrupt = false } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height, 0x40);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    const x = Math.floor((y / height) * width);
    raw.fill(0xe0, y * row + 1 + x * 3, y * row + 1 + Math.min(width, x + 8) * 3);
  }
  const idat = corrupt ? Buffer.from('this is not deflated image data at all'.repeat(20)) : deflateSync(raw);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST {api}/account/<page>/create with one file (multipart, field `file`) and fields. */
export async function uploadImage(
  app: FastifyInstance,
  token: string | undefined,
  page: 'background' | 'logo',
  file: { name: string; data: Buffer; type?: string } | undefined,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: `/api/account/${page}/create?v=2`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
}

/** GET a library file (path as the API answers it, root-relative), with a bearer token or a cookie. */
export async function fetchBrand(app: FastifyInstance, url: string, auth: { token?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  return app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
}
