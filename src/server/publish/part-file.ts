import { type FileHandle, open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A young-generation collection. The socket hands every 64 KB read over in a fresh buffer, freed only
 * when V8 collects; with so few JS objects per buffer that happens once ~64 MB of them have piled up
 * (V8's external-memory trigger). A scavenge every few megabytes (~1 ms) keeps an upload's footprint
 * flat instead. `gc` is taken from a fresh context so it never appears on the global object.
 */
let scavenge: ((options: { type: 'minor' }) => void) | null | undefined;
function minorGc(): void {
  if (scavenge === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      scavenge = vm.runInNewContext('gc') as typeof scavenge;
    } catch {
      scavenge = null;
    }
  }
  scavenge?.({ type: 'minor' });
}

/**
 * The sink of an upload: a file written with few, large system calls and made durable as it grows.
 *
 * - Chunks that arrive while a write is in flight are queued (up to `highWaterMark`) and written
 *   together with one `writev`, so a 300 MB upload costs hundreds of writes, not thousands.
 * - Every `syncEvery` bytes a background `fdatasync` starts, so the disk works while the network
 *   still delivers; the final `fsync` (before the book that points at the file is committed) then
 *   has little left to do. A crash after the commit never leaves a book without its bytes.
 * - `inspect` sees every chunk first and may refuse it (the size limit, content sniffing).
 * - Every `collectEvery` bytes, a minor GC frees the socket buffers already written (see minorGc).
 */
export class PartFileWriter extends Writable {
  private handle: FileHandle | undefined;
  private written = 0;
  private syncedAt = 0;
  /** Never rejects: a failed background sync is kept here and fails the next write or the end. */
  private pendingSync: Promise<void> | undefined;
  private syncError: Error | undefined;
  private collectedAt = 0;

  constructor(
    private readonly file: string,
    private readonly inspect: (chunk: Buffer) => void,
    private readonly syncEvery = 32 * 1024 * 1024,
    private readonly collectEvery = 8 * 1024 * 1024,
  ) {
    super({ highWaterMark: 2 * 1024 * 1024 });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'wx').then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll([chunk]).then(() => callback(), callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.writeAll(chunks.map((c) => c.chunk)).then(() => callback(), callback);
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    if (this.syncError) throw this.syncError;
    for (const buffer of buffers) this.inspect(buffer);
    const handle = this.handle as FileHandle;
    let pending = buffers;
    while (pending.length > 0) {
      const { bytesWritten } = await handle.writev(pending);
      this.written += bytesWritten;
      pending = remainder(pending, bytesWritten);
    }
    if (this.written - this.collectedAt >= this.collectEvery) {
      this.collectedAt = this.written;
      minorGc();
    }
    if (this.written - this.syncedAt >= this.syncEvery && !this.pendingSync) {
      this.syncedAt = this.written;
      this.pendingSync = handle.datasync().then(
        () => {
          this.pendingSync = undefined;
        },
        (error: Error) => {
          this.pendingSync = undefined;
          this.syncError = error;
        },
      );
    }
  }

  override _final(callback: (error?: Error | null) => void): void {
    const handle = this.handle as FileHandle;
    Promise.resolve(this.pendingSync)
      .then(() => {
        if (this.syncError) throw this.syncError;
        return handle.sync();
      })
      .then(() => handle.close())
      .then(() => {
        this.handle = undefined;
        callback();
      }, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = undefined;
    Promise.resolve(this.pendingSync)
      .then(() => handle?.close())
      .then(
        () => callback(error),
        () => callback(error),
      );
  }
}

/** What is left of `buffers` after `written` bytes went out (a short write is rare but legal). */
function remainder(buffers: Buffer[], written: number): Buffer[] {
  let skip = written;
  const out: Buffer[] = [];
  for (const buffer of buffers) {
    if (skip >= buffer.length) {
      skip -= buffer.length;
      continue;
    }
    out.push(skip > 0 ? buffer.subarray(skip) : buffer);
    skip = 0;
  }
  return out;
}
