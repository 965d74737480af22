import { open } from 'node:fs/promises';
import type { DocumentKind } from '../../contracts/books';
import { OLE_MAGIC, oleKind, oleRootNames, oleWordEncrypted } from './ole';
import { checkDeclaredSizes, readSmallEntry, readZipDirectory, verifyInflatedSizes, type ZipEntry, ZipError } from './zip';

/**
 * Recognises an uploaded document from its content — magic bytes, the OLE2 directory, the OOXML/ODF
 * container — never from its name (a renamed executable stays an executable). The upload feeds every
 * chunk to a ContentSniffer while it streams to disk (head bytes, "is this UTF-8 text"), then
 * `detectKind` opens the finished file for the structured formats.
 */

export type Detection = { ok: true; kind: DocumentKind } | { ok: false; reason: 'unsupported' | 'unsafe'; detail: string };

const HEAD_BYTES = 4096;
/** Acrobat accepts a PDF header anywhere in the first 1024 bytes (some generators prepend junk). */
const PDF_HEADER_WINDOW = 1024;

/** Watches the bytes of an upload as they pass: keeps the head and checks for text (UTF-8, no NUL). */
export class ContentSniffer {
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private decoder: TextDecoder | undefined = new TextDecoder('utf-8', { fatal: true });
  size = 0;

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    // Binary files fail on their first chunk, so the check costs nothing for them.
    if (this.decoder) {
      if (chunk.includes(0)) this.decoder = undefined;
      else {
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.decoder = undefined;
        }
      }
    }
  }

  /** The first bytes of the file. */
  get head(): Buffer {
    return Buffer.concat(this.headChunks, this.headLength);
  }

  /** Whether the whole file was valid UTF-8 without NUL bytes (call once, at the end). */
  isText(): boolean {
    if (!this.decoder || this.size === 0) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    } finally {
      this.decoder = undefined;
    }
  }
}

const startsWith = (head: Buffer, bytes: Buffer | string) => head.subarray(0, bytes.length).equals(Buffer.from(bytes as string));
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The ODF media types of the accepted documents and templates (`mimetype`, the first entry). */
const ODF_TYPES: Readonly<Record<string, DocumentKind>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.text-template': 'ott',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.presentation-template': 'otp',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.spreadsheet-template': 'ots',
};

/**
 * OOXML main-part content types (in `[Content_Types].xml`), with the folder the part must live in.
 * The macro-enabled variants are accepted too: LibreOffice converts them with macros disabled (see
 * convert/office.ts), and the original is not kept once the book is converted (convert/index.ts).
 */
const OOXML_TYPES: readonly { type: string; kind: DocumentKind; folder: string }[] = [
  { type: 'openxmlformats-officedocument.wordprocessingml.document.main+xml', kind: 'docx', folder: 'word/' },
  { type: 'openxmlformats-officedocument.wordprocessingml.template.main+xml', kind: 'dotx', folder: 'word/' },
  { type: 'openxmlformats-officedocument.presentationml.presentation.main+xml', kind: 'pptx', folder: 'ppt/' },
  { type: 'openxmlformats-officedocument.presentationml.template.main+xml', kind: 'potx', folder: 'ppt/' },
  { type: 'openxmlformats-officedocument.presentationml.slideshow.main+xml', kind: 'ppsx', folder: 'ppt/' },
  { type: 'openxmlformats-officedocument.spreadsheetml.sheet.main+xml', kind: 'xlsx', folder: 'xl/' },
  { type: 'openxmlformats-officedocument.spreadsheetml.template.main+xml', kind: 'xltx', folder: 'xl/' },
  { type: 'ms-word.document.macroEnabled.main+xml', kind: 'docm', folder: 'word/' },
  { type: 'ms-word.template.macroEnabledTemplate.main+xml', kind: 'dotm', folder: 'word/' },
  { type: 'ms-powerpoint.presentation.macroEnabled.main+xml', kind: 'pptm', folder: 'ppt/' },
  { type: 'ms-powerpoint.template.macroEnabled.main+xml', kind: 'potm', folder: 'ppt/' },
  { type: 'ms-powerpoint.slideshow.macroEnabled.main+xml', kind: 'ppsm', folder: 'ppt/' },
  { type: 'ms-excel.sheet.macroEnabled.main+xml', kind: 'xlsm', folder: 'xl/' },
  { type: 'ms-excel.template.macroEnabled.main+xml', kind: 'xltm', folder: 'xl/' },
];

/** Programs (ELF, Windows PE, Mach-O 32/64 and universal, WebAssembly): refused whatever their name, never stored. */
const EXECUTABLE_MAGICS = [
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from('MZ'),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
  Buffer.from([0x00, 0x61, 0x73, 0x6d]),
];

const unsupported = (detail: string): Detection => ({ ok: false, reason: 'unsupported', detail });

/**
 * The kind of a finished upload. `nameHint` (the file name) only chooses between docx, xlsx and
 * pptx for a password-protected OOXML file, whose content does not say which it is; the converter
 * then reports it as ENCRYPTED.
 */
export async function detectKind(file: string, sniffer: ContentSniffer, nameHint: string): Promise<Detection> {
  const head = sniffer.head;
  const text = sniffer.isText();
  const pdfAt = head.subarray(0, PDF_HEADER_WINDOW).indexOf('%PDF-');
  // A text file that merely mentions %PDF- near its start is still text.
  if (pdfAt === 0 || (pdfAt > 0 && !text)) return { ok: true, kind: 'pdf' };
  if (startsWith(head, '{\\rtf')) return { ok: true, kind: 'rtf' };
  if (startsWith(head, OLE_MAGIC)) return detectOle(file, nameHint);
  if (startsWith(head, ZIP_MAGIC)) return detectZip(file, sniffer.size);
  if (text) return { ok: true, kind: 'txt' };
  if (EXECUTABLE_MAGICS.some((magic) => startsWith(head, magic))) {
    return { ok: false, reason: 'unsafe', detail: `an executable (${head.subarray(0, 4).toString('hex')})` };
  }
  return unsupported(`unknown content starting ${head.subarray(0, 8).toString('hex')}`);
}

async function detectOle(file: string, nameHint: string): Promise<Detection> {
  const fh = await open(file, 'r');
  try {
    const names = await oleRootNames(fh);
    const kind = names && oleKind(names);
    if (!kind) return unsupported('an OLE2 file that is not a Word, Excel or PowerPoint document');
    if (kind !== 'encrypted-ooxml') return { ok: true, kind };
    const ext = /\.(docx|dotx|pptx|potx|ppsx|xlsx|xltx|docm|dotm|pptm|potm|ppsm|xlsm|xltm)$/i.exec(nameHint)?.[1]?.toLowerCase() as
      | DocumentKind
      | undefined;
    return ext ? { ok: true, kind: ext } : unsupported('an encrypted OOXML package without an OOXML name');
  } finally {
    await fh.close();
  }
}

async function detectZip(file: string, size: number): Promise<Detection> {
  const fh = await open(file, 'r');
  try {
    const entries = await readZipDirectory(fh, size);
    checkDeclaredSizes(entries, size);
    const kind = await containerKind(fh, entries);
    if (!kind) return unsupported('a zip archive that is neither OOXML nor OpenDocument');
    await verifyInflatedSizes(fh, file, entries);
    return { ok: true, kind };
  } catch (error) {
    if (error instanceof ZipError) {
      return error.reason === 'unsafe' ? { ok: false, reason: 'unsafe', detail: error.message } : unsupported(error.message);
    }
    throw error;
  } finally {
    await fh.close();
  }
}

async function containerKind(fh: Awaited<ReturnType<typeof open>>, entries: ZipEntry[]): Promise<DocumentKind | undefined> {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const mimetype = byName.get('mimetype');
  if (mimetype) {
    if (mimetype.compressedSize > 256) return undefined;
    const type = (await readSmallEntry(fh, mimetype, 256)).toString('latin1').trim();
    return ODF_TYPES[type];
  }
  const contentTypes = byName.get('[Content_Types].xml');
  if (!contentTypes) return undefined;
  const xml = (await readSmallEntry(fh, contentTypes)).toString('utf8');
  const main = OOXML_TYPES.find((t) => xml.includes(`application/vnd.${t.type}`));
  if (!main) return undefined;
  return entries.some((e) => e.name.startsWith(main.folder)) ? main.kind : undefined;
}

/** What the converter must know about an office file before LibreOffice opens it. */
export interface OfficeTraits {
  /**
   * Needs a password to open: an encrypted OOXML package, an ODF package with encrypted parts, a
   * Word 97–2003 document with the FIB's encrypted flag, a PowerPoint 97–2003 file with its
   * EncryptedSummary (an Excel 97–2003 workbook's password is inside its stream: LibreOffice reports it as CORRUPT).
   */
  encrypted: boolean;
  /** Carries macros: VBA (vbaProject.bin, the `Macros` / `_VBA_PROJECT_CUR` storages) or ODF Basic/scripts. */
  macros: boolean;
}

const VBA_PART = /(^|\/)vbaProject\.bin$/i;
const ODF_SCRIPTS = /^(Basic|Scripts)\//;

/** Reads the container of an office file (never the whole file): encrypted, macros. */
export async function officeTraits(file: string): Promise<OfficeTraits> {
  const traits: OfficeTraits = { encrypted: false, macros: false };
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(8);
    await fh.read(head, 0, 8, 0);
    if (head.equals(OLE_MAGIC)) {
      const names = (await oleRootNames(fh)) ?? [];
      traits.encrypted =
        names.includes('EncryptedPackage') ||
        names.includes('EncryptedSummary') ||
        (names.includes('WordDocument') && (await oleWordEncrypted(fh)));
      traits.macros = names.includes('Macros') || names.includes('_VBA_PROJECT_CUR');
    } else if (startsWith(head, ZIP_MAGIC)) {
      const entries = await readZipDirectory(fh, size);
      traits.macros = entries.some((e) => VBA_PART.test(e.name) || ODF_SCRIPTS.test(e.name));
      const manifest = entries.find((e) => e.name === 'META-INF/manifest.xml');
      if (manifest) traits.encrypted = (await readSmallEntry(fh, manifest, 4 * 1024 * 1024)).includes('encryption-data');
    }
  } catch (error) {
    // A damaged container is LibreOffice's to judge (CORRUPT); nothing special about it here.
    if (!(error instanceof ZipError)) throw error;
  } finally {
    await fh.close();
  }
  return traits;
}
