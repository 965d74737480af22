import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * ZIP containers (OOXML, ODF) through yauzl, which reads the central directory from the end of the
 * file (ZIP64 included) and each entry's data by offset — never the whole archive. On top of it, the
 * limits that refuse zip bombs before anything (LibreOffice) expands them.
 */

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

/** An open archive: its entries (from the central directory) and the means to read them. */
export interface ZipArchive {
  entries: Entry[];
  /** The size of the archive file. */
  size: number;
  /** The content of a small entry (e.g. `[Content_Types].xml`, `mimetype`), at most `max` bytes inflated. */
  read(entry: Entry, max?: number): Promise<Buffer>;
  /**
   * Inflates every deflated entry as a stream (constant memory) and refuses the archive when one
   * expands beyond its declared size: a bomb can lie in its directory, the data cannot.
   */
  verifyInflatedSizes(): Promise<void>;
  close(): void;
}

/**
 * What goes wrong reading an archive — yauzl's format errors, zlib's data errors — is
 * ZipError('corrupt'); errors of the file system (ENOENT, EIO, …: they name their `syscall`) stay
 * what they are.
 */
function asZipError(error: unknown): unknown {
  if (error instanceof ZipError || !(error instanceof Error) || 'syscall' in error) return error;
  return new ZipError('corrupt', error.message);
}

/**
 * Opens an archive and reads its central directory. Throws ZipError('unsafe') when the directory
 * alone is beyond the limits, ZipError('corrupt') when it is not a readable archive.
 */
export async function openZip(file: string): Promise<ZipArchive> {
  // Sizes are checked here (declared against the limits, inflated against the declared), not by
  // yauzl: a lying size is a bomb to refuse, not a damaged file.
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: false }).catch((error) => {
    throw asZipError(error);
  });
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) throw new ZipError('unsafe', `${zip.entryCount} entries`);
    const entries: Entry[] = [];
    let directoryBytes = 0;
    for await (const entry of zip.eachEntry()) {
      directoryBytes += 46 + entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength;
      if (directoryBytes > ZIP_LIMITS.maxDirectoryBytes)
        throw new ZipError('unsafe', `central directory of more than ${directoryBytes} bytes`);
      entries.push(entry);
    }
    return {
      entries,
      size: zip.fileSize,
      read: (entry, max) => readSmallEntry(zip, entry, max),
      verifyInflatedSizes: () => verifyInflatedSizes(zip, entries),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw asZipError(error);
  }
}

/** Refuses archives whose declared sizes expand beyond the limits (the cheap check, before any inflating). */
export function checkDeclaredSizes(entries: Entry[], archiveSize: number): void {
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    // One entry far more compressed than any office part (e.g. 1 GB of zeros in 1 MB).
    if (e.uncompressedSize > 16 * 1024 * 1024 && e.uncompressedSize > 1000 * Math.max(1, e.compressedSize)) {
      throw new ZipError('unsafe', `${e.fileName} expands ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))}×`);
    }
  }
  if (total > ZIP_LIMITS.maxTotalUncompressed) throw new ZipError('unsafe', `expands to ${total} bytes`);
  if (total > ZIP_LIMITS.ratioFloor && total > ZIP_LIMITS.maxRatio * archiveSize) {
    throw new ZipError('unsafe', `expands ${Math.round(total / archiveSize)}× (${total} bytes)`);
  }
}

/** The entry's data (inflated when deflated); a ZipError when it cannot be read. */
async function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  if (entry.isEncrypted()) throw new ZipError('corrupt', `${entry.fileName} is encrypted`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new ZipError('corrupt', `${entry.fileName}: compression method ${entry.compressionMethod}`);
  }
  return zip.openReadStreamPromise(entry).catch((error) => {
    throw asZipError(error);
  });
}

/**
 * Streams an entry, handing each chunk to `onData`; `onData` answers an error to stop early.
 * Damaged data (bad deflate) rejects with ZipError('corrupt').
 */
async function drain(stream: Readable, onData: (chunk: Buffer) => ZipError | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const stop = (error?: Error) => {
      stream.destroy();
      if (error) reject(error);
      else resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      const error = onData(chunk);
      if (error) stop(error);
    });
    stream.on('end', () => stop());
    stream.on('error', (error) => stop(asZipError(error) as Error));
  });
}

async function readSmallEntry(zip: ZipFile, entry: Entry, max = 1024 * 1024): Promise<Buffer> {
  if (entry.compressedSize > max) throw new ZipError('unsafe', `${entry.fileName} is too large to inspect`);
  const chunks: Buffer[] = [];
  let length = 0;
  await drain(await openEntry(zip, entry), (chunk) => {
    chunks.push(chunk);
    length += chunk.length;
    return length > max ? new ZipError('unsafe', `${entry.fileName} inflates beyond ${max} bytes`) : undefined;
  });
  return Buffer.concat(chunks, length);
}

async function verifyInflatedSizes(zip: ZipFile, entries: Entry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.compressionMethod !== 8 || entry.compressedSize === 0 || entry.isEncrypted()) continue;
    const stream = await openEntry(zip, entry);
    let produced = 0;
    try {
      await drain(stream, (chunk) => {
        produced += chunk.length;
        return produced > entry.uncompressedSize
          ? new ZipError('unsafe', `${entry.fileName} expands beyond its declared ${entry.uncompressedSize} bytes`)
          : undefined;
      });
    } catch (error) {
      // Damaged data is the converter's concern (CORRUPT); only expansion matters here.
      if (error instanceof ZipError && error.reason === 'corrupt') continue;
      throw error;
    }
  }
}
