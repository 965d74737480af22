import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentKind } from '../../contracts/books';
import { OLE_MAGIC, oleExcelEncrypted, oleKind, oleRootNames, oleWordEncrypted } from './ole';
import { checkDeclaredSizes, openZip, type ZipArchive, ZipError } from './zip';

/**
 * Recognises an uploaded document from its content — magic bytes (file-type), the OLE2 directory,
 * the OOXML/ODF container (yauzl) — never from its name (a renamed executable stays an executable).
 * The upload feeds every chunk to a ContentSniffer while it streams to disk (head bytes, "is this
 * UTF-8 text"), then `detectKind` opens the finished file for the structured formats.
 */

export type Detection = { ok: true; kind: DocumentKind } | { ok: false; reason: 'unsupported' | 'unsafe'; detail: string };

/** As much of the head as file-type looks at (its `reasonableDetectionSizeInBytes`). */
const HEAD_BYTES = 4100;
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

/**
 * What file-type answers for a ZIP local header at the start: a guess from the first entries, which
 * the container (its central directory) then settles.
 */
const ZIP_BASED = new Set([
  ...'zip epub jar apk xpi vsdx 3mf key numbers pages'.split(' '),
  ...'docx docm dotx dotm xlsx xlsm xltx xltm pptx pptm potx potm ppsx ppsm'.split(' '),
  ...'odt ott ods ots odp otp odg otg'.split(' '),
]);

/**
 * Programs (Windows PE, ELF, Mach-O 32/64 and universal, WebAssembly, Java bytecode, which shares
 * the universal Mach-O magic): refused whatever their name, never stored.
 */
const EXECUTABLES = new Set(['exe', 'elf', 'macho', 'wasm', 'class']);

const unsupported = (detail: string): Detection => ({ ok: false, reason: 'unsupported', detail });

/**
 * The kind of a finished upload. `nameHint` (the file name) only chooses between docx, xlsx and
 * pptx for a password-protected OOXML file, whose content does not say which it is; the converter
 * then reports it as ENCRYPTED.
 */
export async function detectKind(file: string, sniffer: ContentSniffer, nameHint: string): Promise<Detection> {
  const head = sniffer.head;
  const text = sniffer.isText();
  // An error of file-type's on some odd head leaves the kind to the checks below, not to a 500.
  const type = (await fileTypeFromBuffer(head).catch(() => undefined))?.ext;
  if (type === 'pdf' || type === 'ai') return { ok: true, kind: 'pdf' };
  if (type === 'rtf') return { ok: true, kind: 'rtf' };
  if (type === 'cfb') return detectOle(file, nameHint);
  if (type && ZIP_BASED.has(type)) return detectZip(file);
  if (text) return { ok: true, kind: 'txt' };
  if (type && EXECUTABLES.has(type)) {
    return { ok: false, reason: 'unsafe', detail: `an executable (${type}, ${head.subarray(0, 4).toString('hex')})` };
  }
  // A PDF after some junk (a text file that merely mentions %PDF- near its start is text, above).
  if (head.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) return { ok: true, kind: 'pdf' };
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

async function detectZip(file: string): Promise<Detection> {
  let zip: ZipArchive | undefined;
  try {
    zip = await openZip(file);
    checkDeclaredSizes(zip.entries, zip.size);
    const kind = await containerKind(zip);
    if (!kind) return unsupported('a zip archive that is neither OOXML nor OpenDocument');
    await zip.verifyInflatedSizes();
    return { ok: true, kind };
  } catch (error) {
    if (error instanceof ZipError) {
      return error.reason === 'unsafe' ? { ok: false, reason: 'unsafe', detail: error.message } : unsupported(error.message);
    }
    throw error;
  } finally {
    zip?.close();
  }
}

async function containerKind(zip: ZipArchive): Promise<DocumentKind | undefined> {
  const byName = new Map(zip.entries.map((e) => [e.fileName, e]));
  const mimetype = byName.get('mimetype');
  if (mimetype) {
    if (mimetype.compressedSize > 256) return undefined;
    const type = (await zip.read(mimetype, 256)).toString('latin1').trim();
    return ODF_TYPES[type];
  }
  const contentTypes = byName.get('[Content_Types].xml');
  if (!contentTypes) return undefined;
  const xml = (await zip.read(contentTypes)).toString('utf8');
  const main = OOXML_TYPES.find((t) => xml.includes(`application/vnd.${t.type}`));
  if (!main) return undefined;
  return zip.entries.some((e) => e.fileName.startsWith(main.folder)) ? main.kind : undefined;
}

/** What the converter must know about an office file before LibreOffice opens it. */
export interface OfficeTraits {
  /**
   * Needs a password to open: an encrypted OOXML package, an ODF package with encrypted parts, a
   * Word 97–2003 document with the FIB's encrypted flag, an Excel 97–2003 workbook with a FILEPASS
   * record after its BOF, a PowerPoint 97–2003 file with its EncryptedSummary.
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
  const head = await readHead(file, 8);
  if (head.equals(OLE_MAGIC)) {
    const fh = await open(file, 'r');
    try {
      const names = (await oleRootNames(fh)) ?? [];
      traits.encrypted =
        names.includes('EncryptedPackage') ||
        names.includes('EncryptedSummary') ||
        (names.includes('WordDocument') && (await oleWordEncrypted(fh))) ||
        ((names.includes('Workbook') || names.includes('Book')) && (await oleExcelEncrypted(fh)));
      traits.macros = names.includes('Macros') || names.includes('_VBA_PROJECT_CUR');
    } finally {
      await fh.close();
    }
    return traits;
  }
  let zip: ZipArchive | undefined;
  try {
    zip = await openZip(file);
    traits.macros = zip.entries.some((e) => VBA_PART.test(e.fileName) || ODF_SCRIPTS.test(e.fileName));
    const manifest = zip.entries.find((e) => e.fileName === 'META-INF/manifest.xml');
    if (manifest) traits.encrypted = (await zip.read(manifest, 4 * 1024 * 1024)).includes('encryption-data');
  } catch (error) {
    // Not an archive, or a damaged one: LibreOffice's to judge (CORRUPT); nothing special about it here.
    if (!(error instanceof ZipError)) throw error;
  } finally {
    zip?.close();
  }
  return traits;
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await fh.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
