import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateRawSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { nextIp } from './accounts-support';

/** Documents made in the test setup (no fixtures on disk) and calls of the publishing API. */

// ── ZIP (stored or deflated entries; sizes can be declared wrongly, to build bombs) ───────────────
export interface ZipInput {
  name: string;
  data: Buffer | string;
  deflate?: boolean;
  /** Written into the headers instead of the real uncompressed size (a lying archive). */
  declaredSize?: number;
  /** Already-deflated bytes (with `uncompressedSize`), for large bombs built by streaming. */
  raw?: { deflated: Buffer; uncompressedSize: number; crc: number };
}

export function makeZip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const method = entry.raw || entry.deflate ? 8 : 0;
    const body = entry.raw?.deflated ?? (entry.deflate ? deflateRawSync(data) : data);
    const crc = entry.raw?.crc ?? crc32(data);
    const size = entry.declaredSize ?? entry.raw?.uncompressedSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = (main: string, part: string, prefix = 'application/vnd.openxmlformats-officedocument.') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${prefix}${main}"/></Types>`;
const RELS = (part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/></Relationships>`;

/** A minimal but valid Word document (one paragraph). */
export function makeDocx(text = 'Hello from a test document'): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES('wordprocessingml.document.main+xml', 'word/document.xml'), deflate: true },
    { name: '_rels/.rels', data: RELS('word/document.xml'), deflate: true },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      deflate: true,
    },
  ]);
}

/** The OOXML skeleton of another kind (content types + the main part's folder); `prefix` of the content type. */
export function makeOoxml(main: string, part: string, prefix?: string): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES(main, part, prefix), deflate: true },
    { name: '_rels/.rels', data: RELS(part) },
    { name: part, data: '<?xml version="1.0"?><x/>', deflate: true },
  ]);
}

/** An OpenDocument package: `mimetype` first, stored. */
export function makeOdf(mimetype: string): Buffer {
  return makeZip([
    { name: 'mimetype', data: mimetype },
    { name: 'META-INF/manifest.xml', data: '<?xml version="1.0"?><manifest:manifest/>', deflate: true },
    { name: 'content.xml', data: '<?xml version="1.0"?><office:document-content/>', deflate: true },
  ]);
}

/** A zip bomb named like a Word document: `megabytes` of zeros in one deflated part. */
export function makeZipBomb(megabytes: number, options: { lie?: boolean } = {}): Buffer {
  const zeros = Buffer.alloc(megabytes * 1024 * 1024);
  const deflated = deflateRawSync(zeros, { level: 1 });
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES('wordprocessingml.document.main+xml', 'word/document.xml'), deflate: true },
    {
      name: 'word/document.xml',
      data: Buffer.alloc(0),
      raw: { deflated, uncompressedSize: options.lie ? 1000 : zeros.length, crc: crc32(zeros) },
    },
  ]);
}

// ── OLE2 (a compound file whose root holds the given streams, all empty) ─────────────────────────
export function makeOle(streams: string[]): Buffer {
  const sector = 512;
  const header = Buffer.alloc(sector, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory at sector 1
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 is the FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1 (directory) ends its chain
  const directory = Buffer.alloc(sector, 0);
  const entry = (index: number, name: string, type: number, child: number, right: number) => {
    const at = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, at);
    directory.writeUInt16LE(encoded.length, at + 64);
    directory.writeUInt8(type, at + 66);
    directory.writeUInt32LE(0xffffffff, at + 68);
    directory.writeUInt32LE(right, at + 72);
    directory.writeUInt32LE(child, at + 76);
  };
  entry(0, 'Root Entry', 5, streams.length > 0 ? 1 : 0xffffffff, 0xffffffff);
  streams.slice(0, 3).forEach((name, i) => {
    entry(i + 1, name, 2, 0xffffffff, i + 2 <= Math.min(3, streams.length) ? i + 2 : 0xffffffff);
  });
  return Buffer.concat([header, fat, directory]);
}

/** An ELF executable header followed by machine-code-like bytes. */
export function makeElf(): Buffer {
  const elf = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(elf, 0);
  for (let i = 64; i < elf.length; i++) elf[i] = (i * 31) & 0xff;
  return elf;
}

// ── LibreOffice, for real office files (legacy formats included) ──────────────────────────────────
const run = promisify(execFile);

/** Converts `files` (in `dir`) to `format` with a private LibreOffice profile; answers the new paths. */
export async function sofficeConvert(dir: string, files: string[], format: string): Promise<string[]> {
  const profile = `file://${path.join(dir, '.lo-profile')}`;
  await run(
    'soffice',
    [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', format, '--outdir', dir, ...files.map((f) => path.join(dir, f))],
    {
      timeout: 120_000,
    },
  );
  return files.map((f) => path.join(dir, f.replace(/\.[^.]+$/, `.${format.split(':')[0]}`)));
}

export async function writeTemp(dir: string, name: string, data: Buffer | string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, data);
  return file;
}
export const readBytes = (file: string) => readFile(file);

// ── Multipart and API calls ───────────────────────────────────────────────────────────────────────
export function multipartBody(fields: Record<string, string | number>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = `----quire${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

/** POST {api}/pinwheel/document/create with one file (and settings fields). */
export async function upload(
  app: FastifyInstance,
  token: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string | number> = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/pinwheel/document/create?v=2',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
}

/** Files left in files/uploads (part files of unfinished uploads). */
export async function partFiles(dataDir: string): Promise<string[]> {
  return readdir(path.join(dataDir, 'files', 'uploads')).catch(() => []);
}

export async function bookFiles(dataDir: string, bookId: string): Promise<string[]> {
  return readdir(path.join(dataDir, 'files', 'books', bookId)).catch(() => []);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
