import { readFile, rm, writeFile } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/server/routes/reader/download';
import { bookPaths } from '../../src/server/storage/paths';
import { call, nextIp, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { linkToken, makeBook, makeReaderPublicDir } from './reader-support';

/**
 * GET {api}/public/book/download: the PDF as a file (or inline, to print) behind the reader's gates
 * and the book's download_mode / print_mode, the owner excepted.
 */
describe.each(DIALECTS)('reader download on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let owner = '';
  let stranger = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const a = await signedIn(ctx, 'download-owner');
    owner = a.token;
    stranger = (await signedIn(ctx, 'download-stranger')).token;
    const make = (spec: Parameters<typeof makeBook>[2] = {}) => makeBook(ctx.app, a.content.account.id, spec);
    ids.open = await make({ name: 'Open book', settings: { download_mode: 1, print_mode: 1 } });
    ids.closed = await make({ name: 'Closed book', settings: { download_mode: 0, print_mode: 0 } });
    ids.printOnly = await make({ settings: { download_mode: 0, print_mode: 2 } });
    ids.private = await make({ columns: { publishing_mode: 2 }, settings: { private_url: 1, download_mode: 1 } });
    ids.scheduled = await make({ columns: { publish_at: Date.now() + 86_400_000 }, settings: { download_mode: 1 } });
    ids.sourceOnly = await make({ settings: { download_mode: 1 } });
    ids.named = await make({ name: 'Le "Café"\r\nnoir/à 日本 (v2)', settings: { download_mode: 1 } });
    ids.converting = await make({ columns: { status: 'CONVERTING' }, settings: { download_mode: 1 } });
  });

  const download = (id: string, options: { token?: string; link?: string; inline?: boolean; ip?: string } = {}) =>
    call(
      ctx.app,
      `/public/book/download?id=${id}${options.link ? `&token=${options.link}` : ''}${options.inline ? '&disposition=inline' : ''}`,
      undefined,
      { token: options.token, ip: options.ip },
    );
  const error = (res: LightMyRequestResponse) => {
    const body = res.json();
    expect(body.status).toBe('error');
    return { http: res.statusCode, type: body.content.type, code: body.content.code };
  };
  const expectPdf = async (res: LightMyRequestResponse, id: string, file: 'pdf' | 'source' = 'pdf') => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toMatch(/^private\b/);
    const expected = await readFile(bookPaths(ctx.config.dataDir, id)[file]);
    expect(res.headers['content-length']).toBe(String(expected.length));
    expect(res.rawPayload.equals(expected)).toBe(true);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  };

  it('answers the PDF as an attachment to anyone when download is on', async () => {
    const res = await download(ids.open as string);
    await expectPdf(res, ids.open as string);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Open book.pdf"; filename*=UTF-8''Open%20book.pdf`);
  });

  it('refuses with the envelope when download is off, to visitors and other signed-in users', async () => {
    expect(error(await download(ids.closed as string))).toEqual({ http: 403, type: 'BOOK', code: 406 });
    expect(error(await download(ids.closed as string, { token: stranger }))).toEqual({ http: 403, type: 'BOOK', code: 406 });
  });

  it('lets the owner download and print even when both are off', async () => {
    await expectPdf(await download(ids.closed as string, { token: owner }), ids.closed as string);
    const inline = await download(ids.closed as string, { token: owner, inline: true });
    await expectPdf(inline, ids.closed as string);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('answers inline (print) by print_mode, not download_mode', async () => {
    const printed = await download(ids.printOnly as string, { inline: true });
    await expectPdf(printed, ids.printOnly as string);
    expect(printed.headers['content-disposition']).toMatch(/^inline; filename="A Test Book\.pdf"/);
    expect(error(await download(ids.printOnly as string))).toMatchObject({ code: 406 });
    expect(error(await download(ids.closed as string, { inline: true }))).toMatchObject({ code: 406 });
  });

  it('keeps the gates of the book call: private link, scheduled, unknown, converting', async () => {
    expect(error(await download(ids.private as string))).toEqual({ http: 403, type: 'BOOK', code: 403 });
    await expectPdf(
      await download(ids.private as string, { link: await linkToken(ctx.app, ids.private as string) }),
      ids.private as string,
    );
    expect(error(await download(ids.private as string, { link: await linkToken(ctx.app, ids.open as string) }))).toMatchObject({
      code: 403,
    });
    await expectPdf(await download(ids.private as string, { token: owner }), ids.private as string);
    expect(error(await download(ids.scheduled as string))).toEqual({ http: 404, type: 'BOOK', code: 404 });
    expect(error(await download('nosuchbook0000'))).toEqual({ http: 404, type: 'BOOK', code: 404 });
    expect(error(await download(ids.converting as string))).toMatchObject({ code: 409 });
    expect(error(await download('../../etc'))).toMatchObject({ type: 'VALIDATION' });
  });

  it('answers the uploaded PDF when no document.pdf copy exists', async () => {
    const paths = bookPaths(ctx.config.dataDir, ids.sourceOnly as string);
    await writeFile(paths.source, await readFile(paths.pdf));
    await rm(paths.pdf);
    await expectPdf(await download(ids.sourceOnly as string), ids.sourceOnly as string, 'source');
    await rm(paths.source);
    expect(error(await download(ids.sourceOnly as string))).toMatchObject({ code: 409 });
  });

  it('names the file safely from a name with quotes, a newline, a slash and non-ASCII', async () => {
    const res = await download(ids.named as string);
    expect(res.statusCode).toBe(200);
    const header = res.headers['content-disposition'] as string;
    expect(header).toBe(
      `attachment; filename="Le Cafe noir a _ (v2).pdf"; filename*=UTF-8''Le%20Caf%C3%A9%20noir%20%C3%A0%20%E6%97%A5%E6%9C%AC%20%28v2%29.pdf`,
    );
    const star = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] as string;
    expect(decodeURIComponent(star)).toBe('Le Café noir à 日本 (v2).pdf');
  });

  it('limits requests per client address', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await download(ids.closed as string, { ip })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 403)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('contentDisposition', () => {
  it('falls back to "publication" when nothing of the name is left', () => {
    expect(contentDisposition('attachment', '日本語')).toBe(
      `attachment; filename="publication.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.pdf`,
    );
    expect(contentDisposition('inline', ' \n"/ ')).toBe(`inline; filename="publication.pdf"; filename*=UTF-8''publication.pdf`);
  });

  it("encodes the characters RFC 5987 does not allow bare (' ( ) * !)", () => {
    expect(contentDisposition('attachment', "Bob's (best)*!")).toContain(`filename*=UTF-8''Bob%27s%20%28best%29%2A%21.pdf`);
  });
});
