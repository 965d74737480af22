import type { FileHandle } from 'node:fs/promises';

/**
 * Legacy Office files are OLE2 compound files (MS-CFB): a small FAT file system whose directory
 * names the streams. Word 97–2003 has a `WordDocument` stream, Excel `Workbook` (`Book` before
 * Excel 97), PowerPoint `PowerPoint Document`; a password-protected OOXML file is an OLE2 file with
 * `EncryptedPackage`. Only the root's own children count: an Excel sheet embedded in a Word file is
 * a storage deeper down with its own `Workbook` stream.
 *
 * Read by sector, on demand, with every chain bounded: not with the `cfb` package, which reads the
 * whole file into memory (uploads go up to the account's limit, 1 GB by default) and loops until
 * the process runs out of memory on a 2 KB file whose FAT chain cycles (SheetJS/js-cfb#11, open
 * since 2020; the looping file is in upload-detect.test.ts).
 */
export const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type OleKind = 'doc' | 'xls' | 'ppt' | 'encrypted-ooxml';

const END_OF_CHAIN = 0xfffffffe;
const MAX_SECTOR = 0xfffffffa;
const NO_STREAM = 0xffffffff;
/** Directory sectors we follow at most (a directory of 10,000 sectors is not an office file). */
const MAX_DIRECTORY_SECTORS = 10_000;

interface DirEntry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  /** First sector and size of a stream. */
  start: number;
  size: number;
}

/** Streams below this size live in the mini stream (not read here). */
const MINI_CUTOFF = 4096;
const MINI_SECTOR = 64;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer | undefined> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return bytesRead === length ? buf : undefined;
}

/** The names of the root storage's children, or undefined when the file is not a readable compound file. */
export async function oleRootNames(fh: FileHandle): Promise<string[] | undefined> {
  return (await oleRoot(fh))?.entries.map((e) => e.name);
}

/**
 * The start of a root stream: up to `length` bytes, but never past its first sector (or first
 * 64-byte mini sector for a stream under 4,096 bytes), which is all the checks below need.
 * Undefined when the stream is missing or its chain is unreadable.
 */
async function rootStreamHead(fh: FileHandle, root: OleRoot, names: readonly string[], length: number): Promise<Buffer | undefined> {
  const stream = root.entries.find((e) => names.includes(e.name) && e.type === 2);
  if (!stream) return undefined;
  if (stream.size >= MINI_CUTOFF) return readAt(fh, root.sectorOffset(stream.start), Math.min(length, root.sectorSize, stream.size));
  // A small stream lives in the mini stream, itself a chain of normal sectors starting at the root entry's.
  const pos = stream.start * MINI_SECTOR;
  let sector: number | undefined = root.miniStart;
  for (let hop = 0; hop < Math.floor(pos / root.sectorSize) && sector !== undefined && sector < MAX_SECTOR; hop++) {
    sector = await root.nextSector(sector);
  }
  if (sector === undefined || sector >= MAX_SECTOR) return undefined;
  return readAt(fh, root.sectorOffset(sector) + (pos % root.sectorSize), Math.min(length, MINI_SECTOR, stream.size));
}

/**
 * Whether a Word 97–2003 document is password-protected: fEncrypted (0x0100) in the flags of the
 * FIB, at offset 0x0A of the `WordDocument` stream.
 */
export async function oleWordEncrypted(fh: FileHandle): Promise<boolean> {
  const root = await oleRoot(fh);
  const head = root && (await rootStreamHead(fh, root, ['WordDocument'], 0x0c));
  return !!head && head.length >= 0x0c && (head.readUInt16LE(0x0a) & 0x0100) !== 0;
}

/** BIFF record types: BOF opens a substream; FILEPASS says the rest of the workbook is encrypted. */
const BIFF_BOF = 0x0809;
const BIFF_FILEPASS = 0x002f;
/** Records looked at after the globals' BOF: FILEPASS comes right after it ([MS-XLS] 2.4.117). */
const BIFF_HEAD_BYTES = 256;

/**
 * Whether an Excel 97–2003 workbook is password-protected: a FILEPASS record among the first
 * records of the `Workbook` (`Book` for BIFF5) stream, after the globals' BOF. Record headers are
 * never encrypted, so they can be walked.
 */
export async function oleExcelEncrypted(fh: FileHandle): Promise<boolean> {
  const root = await oleRoot(fh);
  if (!root) return false;
  const head = await rootStreamHead(fh, root, ['Workbook', 'Book'], BIFF_HEAD_BYTES);
  if (!head || head.length < 4 || head.readUInt16LE(0) !== BIFF_BOF) return false;
  for (let at = 0; at + 4 <= head.length; ) {
    const type = head.readUInt16LE(at);
    if (type === BIFF_FILEPASS) return true;
    if (at > 0 && type !== BIFF_BOF) return false; // the first record after BOF is not FILEPASS
    at += 4 + head.readUInt16LE(at + 2);
  }
  return false;
}

interface OleRoot {
  /** The root storage's children. */
  entries: DirEntry[];
  sectorSize: number;
  sectorOffset: (n: number) => number;
  nextSector: (n: number) => Promise<number | undefined>;
  /** First sector of the mini stream (the root entry's stream). */
  miniStart: number;
}

async function oleRoot(fh: FileHandle): Promise<OleRoot | undefined> {
  const header = await readAt(fh, 0, 512);
  if (!header?.subarray(0, 8).equals(OLE_MAGIC)) return undefined;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return undefined;
  const sectorSize = 1 << shift;
  const perFatSector = sectorSize / 4;
  const sectorOffset = (n: number) => (n + 1) * sectorSize;
  const firstDifat = header.readUInt32LE(0x44);
  const difatCount = header.readUInt32LE(0x48);

  // The FAT sector holding entry `k`: the first 109 are listed in the header, the rest in DIFAT sectors.
  const fatSectorOf = async (k: number): Promise<number | undefined> => {
    if (k < 109) return header.readUInt32LE(0x4c + k * 4);
    let index = k - 109;
    let sector = firstDifat;
    for (let hops = 0; hops < difatCount && sector < MAX_SECTOR; hops++) {
      const block = await readAt(fh, sectorOffset(sector), sectorSize);
      if (!block) return undefined;
      if (index < perFatSector - 1) return block.readUInt32LE(index * 4);
      index -= perFatSector - 1;
      sector = block.readUInt32LE(sectorSize - 4);
    }
    return undefined;
  };
  const nextSector = async (sector: number): Promise<number | undefined> => {
    const fatSector = await fatSectorOf(Math.floor(sector / perFatSector));
    if (fatSector === undefined || fatSector >= MAX_SECTOR) return undefined;
    const entry = await readAt(fh, sectorOffset(fatSector) + (sector % perFatSector) * 4, 4);
    return entry?.readUInt32LE(0);
  };

  const entries: DirEntry[] = [];
  const seen = new Set<number>();
  let sector = header.readUInt32LE(0x30);
  while (sector < MAX_SECTOR && !seen.has(sector) && seen.size < MAX_DIRECTORY_SECTORS) {
    seen.add(sector);
    const block = await readAt(fh, sectorOffset(sector), sectorSize);
    if (!block) return undefined;
    for (let p = 0; p + 128 <= block.length; p += 128) {
      const nameBytes = Math.min(64, block.readUInt16LE(p + 64));
      entries.push({
        name: block.toString('utf16le', p, p + Math.max(0, nameBytes - 2)),
        type: block.readUInt8(p + 66),
        left: block.readUInt32LE(p + 68),
        right: block.readUInt32LE(p + 72),
        child: block.readUInt32LE(p + 76),
        start: block.readUInt32LE(p + 116),
        size: block.readUInt32LE(p + 120),
      });
    }
    const next = await nextSector(sector);
    if (next === undefined) return undefined;
    if (next === END_OF_CHAIN) break;
    sector = next;
  }
  const root = entries[0];
  if (root?.type !== 5) return undefined;

  // The root's children form a red-black tree through left/right siblings.
  const children: DirEntry[] = [];
  const stack = [root.child];
  const visited = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === NO_STREAM || visited.has(id)) continue;
    visited.add(id);
    const entry = entries[id];
    if (!entry) continue;
    if (entry.type === 1 || entry.type === 2) children.push(entry);
    stack.push(entry.left, entry.right);
  }
  return { entries: children, sectorSize, sectorOffset, nextSector, miniStart: root.start };
}

/** Which legacy Office document an OLE2 file is, from its root streams. */
export function oleKind(names: readonly string[]): OleKind | undefined {
  if (names.includes('WordDocument')) return 'doc';
  if (names.includes('PowerPoint Document')) return 'ppt';
  if (names.includes('Workbook') || names.includes('Book')) return 'xls';
  if (names.includes('EncryptedPackage')) return 'encrypted-ooxml';
  return undefined;
}
