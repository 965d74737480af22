import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Book } from '../../src/contracts/books';
import { demoPdf } from '../../src/server/publish/demo-pdf';
import { bookPaths } from '../../src/server/storage/paths';
import { type AccountsCtx, call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS, tempDir } from './helpers';
import {
  makeDocx,
  makeElf,
  makeOdf,
  makeZip,
  makeZipBomb,
  multipartBody,
  partFiles,
  sofficeConvert,
  upload,
  waitFor,
  writeTemp,
} from './publish-support';

const MB = 1024 * 1024;
/** Real office files written by LibreOffice once for every dialect (a modern and a legacy format). */
const office: { docx?: Buffer; doc?: Buffer } = {};

beforeAll(async () => {
  const dir = await tempDir('quire-office-');
  await writeTemp(dir, 'letter.txt', 'Dear reader,\nthis letter was written by LibreOffice.\n');
  const [docx] = await sofficeConvert(dir, ['letter.txt'], 'docx');
  const [doc] = await sofficeConvert(dir, ['letter.txt'], 'doc');
  office.docx = await readFile(docx as string);
  office.doc = await readFile(doc as string);
}, 180_000);

async function counts(ctx: AccountsCtx) {
  const n = async (table: 'books' | 'jobs') =>
    Number(
      (
        await ctx.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { books: await n('books'), jobs: await n('jobs') };
}

describe.each(DIALECTS)('publishing: preflight and upload on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_FILESIZE_LIMITS: 'FREE=1M,PREMIUM=8M' } });
  let token = '';
  beforeAll(async () => {
    token = (await signedIn(ctx, 'publisher')).token;
  });

  const preflight = (query: string, t = token) => call(ctx.app, `/account/book/preflight?${query}`, undefined, { token: t });

  it('preflight: refuses an empty file, a file over the limit (with the limit), an unsupported name; answers the upload host', async () => {
    expect((await preflight('name=a.pdf&size=0')).json().content).toMatchObject({ type: 'PUBLISH', code: 210 });
    const big = await preflight(`name=a.pdf&size=${MB + 1}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().content).toEqual({ type: 'PUBLISH', code: 211, limit: MB });
    expect((await preflight('name=setup.exe&size=10')).json().content).toMatchObject({ type: 'PUBLISH', code: 212 });
    expect((await preflight('name=&size=10')).json().content).toMatchObject({ type: 'VALIDATION', fields: ['name'] });
    expect((await preflight('name=a.pdf&size=10&publishing_mode=3')).json().content).toMatchObject({
      type: 'VALIDATION',
      fields: ['publishing_mode'],
    });
    const fine = await preflight(`name=Report.PDF&size=${MB}&publishing_mode=2`);
    expect(fine.json()).toMatchObject({ status: 'ok', content: { host: '/api', limit: MB } });
    expect((await preflight('name=a.pdf&size=10', '')).json().content.code).toBe(301);
  });

  it('preflight: the limit follows the account mode', async () => {
    const premium = await signedIn(ctx, 'premium');
    await ctx.app.db.updateTable('accounts').set({ mode: 'PREMIUM' }).where('id', '=', premium.content.account.id).execute();
    expect((await preflight(`name=a.pdf&size=${2 * MB}`, premium.token)).json().content).toEqual({ host: '/api', limit: 8 * MB });
  });

  it('uploads a PDF: a QUEUED book with the SPEC defaults (free: no download/print), its job, the file in place', async () => {
    const wake = vi.spyOn(ctx.app.jobs, 'wake');
    const pdf = demoPdf();
    const res = await upload(ctx.app, token, { name: 'Annual report.pdf', data: pdf });
    expect(res.json().status).toBe('ok');
    const book: Book = res.json().content;
    expect(book).toMatchObject({
      name: 'Annual report',
      files: [{ name: 'Annual report.pdf', size: pdf.length, kind: 'pdf' }],
      document: { status: 'QUEUED', error_code: null, pages_done: 0, pages_total: 0 },
      image: { small: null, medium: null, large: null },
      'document.view': 'auto',
      read_mode: 0,
      publishing_mode: 1,
      share_mode: 1,
      comment_mode: 4,
      download_mode: 0,
      print_mode: 0,
      'skin.url': '2021',
      date: new Date(ctx.app.clock()).toISOString().slice(0, 10),
      is_scheduled: false,
      is_published: true,
      url: { overview: `/publication/${book.id}`, viewer: `/read/${book.id}` },
    });
    const job = await ctx.app.db.selectFrom('jobs').selectAll().where('book_id', '=', book.id).executeTakeFirstOrThrow();
    expect(job.kind).toBe('convert');
    expect(wake).toHaveBeenCalled();
    expect((await readFile(path.join(ctx.config.dataDir, 'files', 'books', book.id, 'source'))).equals(pdf)).toBe(true);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });

  it('uploads office documents recognised from their content, whatever their names', async () => {
    const cases: [string, Buffer, string][] = [
      ['minimal.docx', makeDocx(), 'docx'],
      ['letter.docx', office.docx as Buffer, 'docx'],
      ['legacy.doc', office.doc as Buffer, 'doc'],
      ['notes.odt', makeOdf('application/vnd.oasis.opendocument.text'), 'odt'],
      ['notes.txt', Buffer.from('Plain text, ünïcödé.\n'), 'txt'],
      ['letter.rtf', Buffer.from('{\\rtf1\\ansi Hello}'), 'rtf'],
      // The name says Word, the content says PDF: the content wins.
      ['misnamed.docx', demoPdf(), 'pdf'],
    ];
    for (const [name, data, kind] of cases) {
      const res = await upload(ctx.app, token, { name, data });
      expect(res.json().content.files?.[0]?.kind, name).toBe(kind);
    }
  });

  it('applies the settings posted with the file (the saved presets) over the defaults', async () => {
    const res = await upload(
      ctx.app,
      token,
      { name: 'x.txt', data: Buffer.from('hello') },
      {
        name: 'My title',
        description: 'About it',
        publishing_mode: 2,
        download_mode: 2,
        comment_mode: 0,
        'document.view': 'slide',
        upload_mode: 'html',
        start_time: ctx.app.clock() - 5000,
        delay: 1,
      },
    );
    expect(res.json().content).toMatchObject({
      name: 'My title',
      description: 'About it',
      publishing_mode: 2,
      download_mode: 2,
      print_mode: 0,
      comment_mode: 0,
      'document.view': 'slide',
    });
    expect(res.json().content.start_time).toBeLessThan(ctx.app.clock() - 4000);
    const bad = await upload(ctx.app, token, { name: 'x.txt', data: Buffer.from('hello') }, { comment_mode: 3 });
    expect(bad.json().content).toMatchObject({ type: 'VALIDATION', fields: ['comment_mode'] });
    // Scheduling is premium-gated.
    const later = Math.floor(ctx.app.clock() / 1000) + 86_400;
    const scheduled = await upload(ctx.app, token, { name: 'x.txt', data: Buffer.from('hello') }, { publish_date: later });
    expect(scheduled.json().content).toMatchObject({ type: 'VALIDATION', fields: ['publish_date'] });
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });

  it('turns content that is no document into a book in ERROR (UNSUPPORTED) without keeping the bytes', async () => {
    const jobsBefore = (await counts(ctx)).jobs;
    for (const [name, data] of [
      ['random.pdf', Buffer.concat([Buffer.from([0x00, 0x9c]), randomBytes(64 * 1024)])],
      ['archive.docx', makeZip([{ name: 'readme.txt', data: 'not a document', deflate: true }])],
    ] as const) {
      const res = await upload(ctx.app, token, { name, data });
      const book = res.json().content;
      expect(book.document, name).toMatchObject({ status: 'ERROR', error_code: 'UNSUPPORTED' });
      expect(existsSync(bookPaths(ctx.config.dataDir, book.id).source), name).toBe(false);
    }
    expect((await counts(ctx)).jobs).toBe(jobsBefore);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });

  it('refuses unsafe content and keeps nothing of it', async () => {
    const before = await counts(ctx);
    const refused: [string, Buffer, number][] = [
      ['program.pdf', makeElf(), 213],
      ['bomb.docx', makeZipBomb(100), 213],
      ['liar.docx', makeZipBomb(20, { lie: true }), 213],
      ['empty.pdf', Buffer.alloc(0), 210],
    ];
    for (const [name, data, code] of refused) {
      const res = await upload(ctx.app, token, { name, data });
      expect(res.json().content.code, name).toBe(code);
    }
    expect(await counts(ctx)).toEqual(before);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });

  it('refuses a form without a file, and a caller without a session (nothing read, nothing written)', async () => {
    const body = multipartBody({ name: 'nothing' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': body.contentType };
    const none = await ctx.app.inject({ method: 'POST', url: '/api/pinwheel/document/create?v=2', headers, payload: body.payload });
    expect(none.json().content.code).toBe(214);
    const anonymous = await upload(ctx.app, '', { name: 'a.pdf', data: demoPdf() });
    expect(anonymous.json().content.code).toBe(301);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });

  it('refuses a body declared over the limit before reading it', async () => {
    const res = await upload(ctx.app, token, { name: 'big.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * MB)]) });
    expect(res.statusCode).toBe(413);
    expect(res.json().content).toEqual({ type: 'PUBLISH', code: 211, limit: MB });
  });

  describe('over a real connection', () => {
    let port = 0;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as net.AddressInfo).port;
    });

    it('stops a streamed body at the limit while it arrives (no Content-Length) and removes the part file', async () => {
      const before = await counts(ctx);
      const { contentType, boundary } = multipartBody({});
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/pinwheel/document/create?v=2',
            headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n\r\n%PDF-1.4\n`);
        // 4 MB in 64 KB chunks, chunked encoding: the server only learns the size by counting.
        let sent = 0;
        const pump = () => {
          while (sent < 4 * MB) {
            sent += 64 * 1024;
            if (!req.write(Buffer.alloc(64 * 1024, 0x41))) return void req.once('drain', pump);
          }
          req.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).content).toEqual({ type: 'PUBLISH', code: 211, limit: MB });
      await waitFor(async () => (await partFiles(ctx.config.dataDir)).length === 0, 5000, 'the part file to go');
      expect(await counts(ctx)).toEqual(before);
    });

    it('leaves no book and no file when the client disconnects in the middle of the body', async () => {
      const before = await counts(ctx);
      const { boundary, contentType } = multipartBody({});
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\n\r\n%PDF-1.4\n`);
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/pinwheel/document/create?v=2 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${900 * 1024}\r\n\r\n`,
      );
      socket.write(head);
      socket.write(Buffer.alloc(400 * 1024, 0x42));
      // The part file exists and grows: the server is in the middle of receiving it.
      await waitFor(async () => (await partFiles(ctx.config.dataDir)).length === 1, 5000, 'the part file');
      socket.destroy();
      await waitFor(async () => (await partFiles(ctx.config.dataDir)).length === 0, 5000, 'the part file to go');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await counts(ctx)).toEqual(before);
      expect(await partFiles(ctx.config.dataDir)).toEqual([]);
    });
  });

  afterAll(() => {
    vi.restoreAllMocks();
  });
});
