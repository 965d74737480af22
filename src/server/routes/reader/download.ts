import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ReaderBookQuerySchema } from '../../../contracts/reader';
import { reader } from '../../auth/rules';
import { authenticate, requestToken } from '../../auth/session';
import { ApiError, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';
import { type ReaderAccess, requireAccess } from '../../reader/access';
import { readerKeys } from '../../reader/files';
import { sendStored, stored } from '../../storage/serve';

const DownloadQuerySchema = v.object({
  ...ReaderBookQuerySchema.entries,
  /** `inline` opens the PDF in the browser's viewer to print it (print_mode); the default saves it. */
  disposition: v.optional(v.picklist(['attachment', 'inline'])),
});

/** Longest ASCII filename stem kept (browsers and file systems cut long names differently). */
const NAME_MAX = 100;

/**
 * The `Content-Disposition` value for a book name: a plain ASCII `filename` every client understands
 * (accents dropped, anything that could end the quoted string or the header replaced) and the exact
 * name in RFC 5987 `filename*`, which current browsers prefer.
 */
export function contentDisposition(kind: 'attachment' | 'inline', bookName: string): string {
  // Control characters (a newline would split the header), path separators and quotes never belong
  // in a saved file's name, whatever the encoding.
  const clean = bookName
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f/\\"]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX)
    .trim();
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[\s._]+|[\s._]+$/g, '');
  const stem = ascii === '' ? 'publication' : ascii;
  const full = `${clean === '' ? 'publication' : clean}.pdf`;
  // encodeURIComponent leaves ' ( ) * ! unencoded; RFC 5987 attr-char does not allow ' ( ) *.
  const encoded = encodeURIComponent(full).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${stem}.pdf"; filename*=UTF-8''${encoded}`;
}

/**
 * Whether the signed-in caller owns the book. requireAccess only looks at the session when a visitor
 * gate refuses, so for a public book the owner is not known yet; download and print off still let the
 * owner have the file.
 */
async function callerOwns(app: FastifyInstance, request: FastifyRequest, access: ReaderAccess): Promise<boolean> {
  if (access.owner) return true;
  if (!requestToken(request)) return false;
  try {
    return (await authenticate(app, request)).account.id === access.row.account_id;
  } catch {
    return false;
  }
}

/** The PDF the pages were made from; for a PDF upload the source itself when no copy was kept. From the file store (issue 19). */
async function pdfKey(app: FastifyInstance, access: ReaderAccess): Promise<string | undefined> {
  const keys = readerKeys(access.row.id);
  const candidates = access.row.source_kind === 'pdf' ? [keys.pdf, keys.source] : [keys.pdf];
  for (const key of candidates) if (await stored(app.storage.stat(key))) return key;
  return undefined;
}

/**
 * GET {api}/public/book/download?id=&token=&disposition=   → the publication's PDF (no envelope)
 * The gates of the public book call first (reader/access.ts), then the book's download_mode — or its
 * print_mode for `disposition=inline`, the copy the reader's Print button opens — must be on, unless
 * the caller owns the book. Refusals are the error envelope.
 */
const readerDownloadRoutes: FastifyPluginAsync = async (app) => {
  const rule = reader({ book: 'query.id', token: 'query.token', key: 'link' });
  app.get('/public/book/download', { config: { ...rule, ...rateLimit(30, '1 minute') } }, async (request, reply) => {
    const query = parse(DownloadQuerySchema, request.query);
    const access = await requireAccess(app, request, query.id, query.token);
    const inline = query.disposition === 'inline';
    const allowed = inline ? access.settings.print_mode !== 0 : access.settings.download_mode !== 0;
    if (!allowed && !(await callerOwns(app, request, access))) throw new ApiError('downloadRefused');
    const key = await pdfKey(app, access);
    // DONE without its PDF: files lost or being replaced, as the book call answers without a manifest.
    if (!key) throw new ApiError('bookConverting');
    // Streamed from the store as is (not kept in a bucket's cache), in ranges when asked; or a redirect.
    return sendStored(app, request, reply, key, {
      contentType: 'application/pdf',
      cacheControl: 'private, no-cache',
      disposition: contentDisposition(inline ? 'inline' : 'attachment', access.row.name),
      ranges: true,
      cache: false,
      notFound: () => {
        throw new ApiError('bookConverting');
      },
    });
  });
};

export default readerDownloadRoutes;
