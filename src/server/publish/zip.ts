import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Just enough of the ZIP format (APPNOTE 6.3) to recognise OOXML and ODF containers and to refuse
 * zip bombs before anything (LibreOffice) expands them: the central directory is read from the end
 * of the file (ZIP64 included), never the whole archive, and only small entries are inflated.
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

/** Limits of an acceptable container. Office files are far below them; bombs are far above. */
export const ZIP_LIMITS = {
  /** Entries in one archive. */
  maxEntries: 10_000,
  /** Bytes of the central directory we are willing to read. */
  maxDirectoryBytes: 16 * 1024 * 1024,
  /** Declared uncompressed bytes of all entries together. */
  maxTotalUncompressed: 2 * 1024 * 1024 * 1024,
  /** Overall expansion (uncompressed / archive size), checked once the total is above `ratioFloor`. */
  maxRatio: 100,
  ratioFloor: 64 * 1024 * 1024,
};

export class ZipError extends Error {
  override name = 'ZipError';
  constructor(
    readonly reason: 'corrupt' | 'unsafe',
    message: string,
  ) {
    super(message);
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16 = 0xffff;
const U32 = 0xffffffff;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return bytesRead === length ? buf : buf.subarray(0, bytesRead);
}

const u64 = (buf: Buffer, at: number): number => Number(buf.readBigUInt64LE(at));

/** Where the central directory is and how many entries it has. */
async function findDirectory(fh: FileHandle, size: number): Promise<{ offset: number; bytes: number; entries: number }> {
  if (size < 22) throw new ZipError('corrupt', 'too short for a zip archive');
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const tailStart = Math.max(0, size - 22 - 0xffff);
  const tail = await readAt(fh, tailStart, size - tailStart);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('corrupt', 'no end of central directory');
  let entries = tail.readUInt16LE(at + 10);
  let bytes = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (entries === U16 || bytes === U32 || offset === U32) {
    const locatorAt = tailStart + at - 20;
    const locator = locatorAt >= 0 ? await readAt(fh, locatorAt, 20) : Buffer.alloc(0);
    if (locator.length < 20 || locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw new ZipError('corrupt', 'zip64 locator missing');
    const record = await readAt(fh, u64(locator, 8), 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipError('corrupt', 'zip64 end record missing');
    entries = u64(record, 32);
    bytes = u64(record, 40);
    offset = u64(record, 48);
  }
  if (offset + bytes > size) throw new ZipError('corrupt', 'central directory outside the file');
  return { offset, bytes, entries };
}

/** Reads the central directory. Throws ZipError('unsafe') when it alone is beyond the limits. */
export async function readZipDirectory(fh: FileHandle, size: number): Promise<ZipEntry[]> {
  const dir = await findDirectory(fh, size);
  if (dir.entries > ZIP_LIMITS.maxEntries) throw new ZipError('unsafe', `${dir.entries} entries`);
  if (dir.bytes > ZIP_LIMITS.maxDirectoryBytes) throw new ZipError('unsafe', `central directory of ${dir.bytes} bytes`);
  const buf = await readAt(fh, dir.offset, dir.bytes);
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= buf.length && buf.readUInt32LE(p) === CENTRAL) {
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLength + extraLength > buf.length) throw new ZipError('corrupt', 'truncated central directory');
    const entry: ZipEntry = {
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    };
    applyZip64Extra(entry, buf.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length !== dir.entries) throw new ZipError('corrupt', `central directory lists ${entries.length} of ${dir.entries} entries`);
  return entries;
}

/** ZIP64 extended information (header 0x0001): the 64-bit values of the fields saturated at 0xFFFFFFFF. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const take = () => {
        if (q + 8 > p + 4 + length) throw new ZipError('corrupt', 'short zip64 extra field');
        const value = u64(extra, q);
        q += 8;
        return value;
      };
      if (entry.uncompressedSize === U32) entry.uncompressedSize = take();
      if (entry.compressedSize === U32) entry.compressedSize = take();
      if (entry.localOffset === U32) entry.localOffset = take();
      return;
    }
    p += 4 + length;
  }
}

/** Refuses archives whose declared sizes expand beyond the limits (the cheap check, before any inflating). */
export function checkDeclaredSizes(entries: ZipEntry[], archiveSize: number): void {
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    // One entry far more compressed than any office part (e.g. 1 GB of zeros in 1 MB).
    if (e.uncompressedSize > 16 * 1024 * 1024 && e.uncompressedSize > 1000 * Math.max(1, e.compressedSize)) {
      throw new ZipError('unsafe', `${e.name} expands ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))}×`);
    }
  }
  if (total > ZIP_LIMITS.maxTotalUncompressed) throw new ZipError('unsafe', `expands to ${total} bytes`);
  if (total > ZIP_LIMITS.ratioFloor && total > ZIP_LIMITS.maxRatio * archiveSize) {
    throw new ZipError('unsafe', `expands ${Math.round(total / archiveSize)}× (${total} bytes)`);
  }
}

/** Where an entry's data starts (after its local header, whose name/extra lengths may differ from the central ones). */
async function dataOffset(fh: FileHandle, entry: ZipEntry): Promise<number> {
  const local = await readAt(fh, entry.localOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) throw new ZipError('corrupt', `no local header for ${entry.name}`);
  return entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
}

/** The content of a small entry (e.g. `[Content_Types].xml`, `mimetype`), at most `max` bytes inflated. */
export async function readSmallEntry(fh: FileHandle, entry: ZipEntry, max = 1024 * 1024): Promise<Buffer> {
  if (entry.flags & 1) throw new ZipError('corrupt', `${entry.name} is encrypted`);
  if (entry.compressedSize > max) throw new ZipError('unsafe', `${entry.name} is too large to inspect`);
  const data = await readAt(fh, await dataOffset(fh, entry), entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw new ZipError('corrupt', `${entry.name}: compression method ${entry.method}`);
  try {
    return inflateRawSync(data, { maxOutputLength: max });
  } catch (error) {
    const tooBig = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    throw new ZipError(tooBig ? 'unsafe' : 'corrupt', `${entry.name}: ${(error as Error).message}`);
  }
}

/**
 * Inflates every deflated entry as a stream (constant memory) and refuses the archive when one
 * expands beyond its declared size: a bomb can lie in its directory, the data cannot.
 */
export async function verifyInflatedSizes(fh: FileHandle, file: string, entries: ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.method !== 8 || entry.compressedSize === 0 || entry.flags & 1) continue;
    const start = await dataOffset(fh, entry);
    await new Promise<void>((resolve, reject) => {
      let produced = 0;
      const source = createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
      const inflate = createInflateRaw();
      const stop = (error?: Error) => {
        source.destroy();
        inflate.destroy();
        if (error) reject(error);
        else resolve();
      };
      inflate.on('data', (chunk: Buffer) => {
        produced += chunk.length;
        if (produced > entry.uncompressedSize)
          stop(new ZipError('unsafe', `${entry.name} expands beyond its declared ${entry.uncompressedSize} bytes`));
      });
      inflate.on('end', () => stop());
      // Damaged data is the converter's concern (CORRUPT); only expansion matters here.
      inflate.on('error', () => stop());
      source.on('error', (error) => stop(error));
      source.pipe(inflate);
    });
  }
}
