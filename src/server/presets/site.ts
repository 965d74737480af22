import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC } from '../auth/rules';
import { CACHE_IMMUTABLE } from '../plugins/static';
import { type AssetFile, assetFile, skinPreviewFile } from './catalogue';

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → [start, end] inclusive, or null when unsatisfiable / not one range. */
export function byteRange(header: string | undefined, size: number): [number, number] | null | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Math.min(Number(m[2]), size);
    return n === 0 ? null : [size - n, size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start > end || start >= size ? null : [start, end];
}

/**
 * Sends a generated asset: immutable (its URL carries the asset version), usable from other origins
 * (the skins host may be a CDN; embeds show the reader elsewhere), and with byte ranges, which audio
 * elements use to seek and loop. SVGs get a policy of their own so they can never run anything.
 */
function send(request: FastifyRequest, reply: FastifyReply, file: AssetFile): FastifyReply {
  reply
    .header('cache-control', CACHE_IMMUTABLE)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('accept-ranges', 'bytes')
    .type(file.type);
  if (file.type.startsWith('image/svg')) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const size = file.body.length;
  const range = byteRange(request.headers.range, size);
  if (range === null) return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (range === undefined) return reply.send(file.body);
  const [start, end] = range;
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(file.body.subarray(start, end + 1));
}

/**
 * The preset assets outside the API, at the skins host (default: the origin root): catalogue files at
 * `/resources/<hex>.svg|.wav` and skin previews at `/skins/<id>/preview.svg`. No session: readers load
 * them. Registered at the root by app.ts.
 */
const presetSiteRoutes: FastifyPluginAsync = async (app) => {
  app.get('/resources/:file', { config: PUBLIC }, async (request, reply) => {
    const file = assetFile((request.params as { file: string }).file);
    return file ? send(request, reply, file) : notFound(reply);
  });
  app.get('/skins/:id/preview.svg', { config: PUBLIC }, async (request, reply) => {
    const file = skinPreviewFile((request.params as { id: string }).id);
    return file ? send(request, reply, file) : notFound(reply);
  });
};

export default presetSiteRoutes;
