import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPdf } from '../../src/server/publish/demo-pdf';
import { ContentSniffer, type Detection, detectKind } from '../../src/server/publish/detect';
import { ZIP_LIMITS } from '../../src/server/publish/zip';
import { tempDir } from './helpers';
import { makeDocx, makeElf, makeOdf, makeOle, makeOoxml, makeZip, makeZipBomb, sofficeConvert, writeTemp } from './publish-support';

/** Content recognition on its own (no database): every accepted kind, and what must be refused. */
let dir = '';
beforeAll(async () => {
  dir = await tempDir('quire-detect-');
});

let counter = 0;
async function detect(data: Buffer, name = 'file.bin', chunk = 7000): Promise<Detection> {
  const file = await writeTemp(dir, `f${++counter}`, data);
  const sniffer = new ContentSniffer();
  // Fed in chunks like a stream, so multi-byte characters straddle chunk boundaries.
  for (let at = 0; at < data.length; at += chunk) sniffer.push(data.subarray(at, at + chunk));
  return detectKind(file, sniffer, name);
}
const kindOf = async (data: Buffer, name?: string) => {
  const d = await detect(data, name);
  return d.ok ? d.kind : `${d.reason}`;
};

describe('content recognition', () => {
  it('recognises PDF by its header (also after a little leading junk, but not inside plain text)', async () => {
    expect(await kindOf(demoPdf())).toBe('pdf');
    expect(await kindOf(Buffer.concat([Buffer.from([0xff, 0x00, 0x13]), demoPdf()]))).toBe('pdf');
    expect(await kindOf(Buffer.from('My notes about the %PDF-1.7 format.\n'))).toBe('txt');
  });

  it('recognises RTF and UTF-8 text; refuses other encodings and binary data', async () => {
    expect(await kindOf(Buffer.from('{\\rtf1\\ansi Hi}'))).toBe('rtf');
    const utf8 = Buffer.from('Grüße, 日本語, emoji 🎉 '.repeat(2000));
    expect(await kindOf(utf8)).toBe('txt');
    expect(await kindOf(Buffer.from('caf\xe9 au lait', 'latin1'))).toBe('unsupported');
    expect(await kindOf(Buffer.from('text with a NUL\0 byte'))).toBe('unsupported');
    expect(await kindOf(Buffer.concat([Buffer.from([0x00, 0x9c]), randomBytes(100_000)]))).toBe('unsupported');
    expect(await kindOf(makeElf(), 'program.pdf')).toBe('unsafe');
    expect(await kindOf(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'setup.docx')).toBe('unsafe');
  });

  it('recognises the OOXML kinds from [Content_Types].xml and their part folder', async () => {
    expect(await kindOf(makeDocx())).toBe('docx');
    const cases: [string, string, string][] = [
      ['wordprocessingml.template.main+xml', 'word/document.xml', 'dotx'],
      ['presentationml.presentation.main+xml', 'ppt/presentation.xml', 'pptx'],
      ['presentationml.slideshow.main+xml', 'ppt/presentation.xml', 'ppsx'],
      ['presentationml.template.main+xml', 'ppt/presentation.xml', 'potx'],
      ['spreadsheetml.sheet.main+xml', 'xl/workbook.xml', 'xlsx'],
      ['spreadsheetml.template.main+xml', 'xl/workbook.xml', 'xltx'],
    ];
    for (const [main, part, kind] of cases) expect(await kindOf(makeOoxml(main, part)), kind).toBe(kind);
    // Macro-enabled files are accepted (converted with macros disabled; the original is not kept).
    const macros: [string, string, string][] = [
      ['ms-word.document.macroEnabled.main+xml', 'word/document.xml', 'docm'],
      ['ms-word.template.macroEnabledTemplate.main+xml', 'word/document.xml', 'dotm'],
      ['ms-powerpoint.presentation.macroEnabled.main+xml', 'ppt/presentation.xml', 'pptm'],
      ['ms-powerpoint.slideshow.macroEnabled.main+xml', 'ppt/presentation.xml', 'ppsm'],
      ['ms-powerpoint.template.macroEnabled.main+xml', 'ppt/presentation.xml', 'potm'],
      ['ms-excel.sheet.macroEnabled.main+xml', 'xl/workbook.xml', 'xlsm'],
      ['ms-excel.template.macroEnabled.main+xml', 'xl/workbook.xml', 'xltm'],
    ];
    for (const [main, part, kind] of macros) expect(await kindOf(makeOoxml(main, part, 'application/vnd.')), kind).toBe(kind);
    expect(await kindOf(makeOle(['EncryptionInfo', 'EncryptedPackage']), 'secret.pptm')).toBe('pptm');
    // Content types of a spreadsheet without its xl/ folder is not a spreadsheet.
    expect(await kindOf(makeOoxml('spreadsheetml.sheet.main+xml', 'other/workbook.xml'))).toBe('unsupported');
  });

  it('recognises the OpenDocument kinds from the mimetype entry; refuses other archives', async () => {
    const odf: [string, string][] = [
      ['text', 'odt'],
      ['text-template', 'ott'],
      ['presentation', 'odp'],
      ['presentation-template', 'otp'],
      ['spreadsheet', 'ods'],
      ['spreadsheet-template', 'ots'],
    ];
    for (const [type, kind] of odf) expect(await kindOf(makeOdf(`application/vnd.oasis.opendocument.${type}`))).toBe(kind);
    expect(await kindOf(makeOdf('application/epub+zip'))).toBe('unsupported');
    expect(await kindOf(makeZip([{ name: 'a.txt', data: 'hello' }]))).toBe('unsupported');
    // A truncated archive (no central directory) is not a document either.
    expect(await kindOf(makeDocx().subarray(0, 200))).toBe('unsupported');
  });

  it('recognises legacy Office files from the root streams of the OLE2 directory', async () => {
    expect(await kindOf(makeOle(['WordDocument', '1Table']))).toBe('doc');
    expect(await kindOf(makeOle(['Workbook']))).toBe('xls');
    expect(await kindOf(makeOle(['Book']))).toBe('xls');
    expect(await kindOf(makeOle(['Current User', 'PowerPoint Document']))).toBe('ppt');
    expect(await kindOf(makeOle(['SummaryInformation']))).toBe('unsupported');
    // A password-protected OOXML file: the content says "encrypted package", the name says which.
    expect(await kindOf(makeOle(['EncryptionInfo', 'EncryptedPackage']), 'secret.xlsx')).toBe('xlsx');
    expect(await kindOf(makeOle(['EncryptionInfo', 'EncryptedPackage']), 'secret.pdf')).toBe('unsupported');
  });

  it('refuses zip bombs: by declared sizes, and when the data expands beyond what the directory says', async () => {
    const bomb = await detect(makeZipBomb(100), 'bomb.docx');
    expect(bomb).toMatchObject({ ok: false, reason: 'unsafe' });
    const liar = await detect(makeZipBomb(20, { lie: true }), 'liar.docx');
    expect(liar).toMatchObject({ ok: false, reason: 'unsafe', detail: expect.stringContaining('beyond its declared') });
    // Declared far beyond the total limit, without the data to back it.
    const huge = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: 'x', declaredSize: 0xfffffff0 },
    ]);
    expect(await detect(huge)).toMatchObject({ ok: false, reason: 'unsafe' });
  });
});

describe('malformed containers and the limits on their directories', () => {
  /** A docx whose central directory is changed by `edit` (at the offset the end record gives). */
  const docxWithDirectory = (edit: (zip: Buffer, directoryAt: number) => void) => {
    const zip = Buffer.from(makeDocx());
    edit(zip, zip.readUInt32LE(zip.length - 22 + 16));
    return zip;
  };

  it('answers UNSUPPORTED, never an error, for a damaged central directory or a damaged [Content_Types].xml', async () => {
    // A central header without its signature.
    expect(await kindOf(docxWithDirectory((zip, at) => zip.writeUInt32LE(0x12345678, at)))).toBe('unsupported');
    // The end record points the directory past the end of the file.
    expect(await kindOf(docxWithDirectory((zip) => zip.writeUInt32LE(zip.length + 1000, zip.length - 22 + 16)))).toBe('unsupported');
    // The end record counts more entries than the directory holds.
    expect(await kindOf(docxWithDirectory((zip) => zip.writeUInt16LE(9, zip.length - 22 + 10)))).toBe('unsupported');
    // The directory's first entry has a name running past the directory.
    expect(await kindOf(docxWithDirectory((zip, at) => zip.writeUInt16LE(0xfff0, at + 28)))).toBe('unsupported');
    // An entry outside the archive's folder ("../"), and [Content_Types].xml in an unknown compression method.
    const outside = docxWithDirectory((zip, at) => zip.write('../ls/.rels', zip.indexOf('_rels/.rels', at)));
    expect(await kindOf(outside)).toBe('unsupported');
    // [Content_Types].xml whose deflated data is damaged (zlib's error); damage in another part is the converter's to find.
    const docx = makeDocx();
    const damaged = (name: string) => {
      const copy = Buffer.from(docx);
      const data = copy.indexOf(name) + name.length;
      copy.fill(0xff, data, data + 8);
      return copy;
    };
    expect(await kindOf(damaged('[Content_Types].xml'))).toBe('unsupported');
    expect(await kindOf(damaged('word/document.xml'))).toBe('docx');
    const lzma = docxWithDirectory((zip, at) => zip.writeUInt16LE(14, at + 10));
    lzma.writeUInt16LE(14, 8);
    expect(await kindOf(lzma)).toBe('unsupported');
  });

  it('refuses archives with too many entries or a directory too large to read', async () => {
    const many = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      ...Array.from({ length: ZIP_LIMITS.maxEntries }, (_, i) => ({ name: `word/${i}.xml`, data: '' })),
    ]);
    expect(await detect(many)).toMatchObject({ ok: false, reason: 'unsafe', detail: `${ZIP_LIMITS.maxEntries + 1} entries` });
    const longName = 'x'.repeat(60_000);
    const entries = Math.ceil(ZIP_LIMITS.maxDirectoryBytes / longName.length) + 1;
    const wide = makeZip(Array.from({ length: entries }, (_, i) => ({ name: `word/${i}${longName}`, data: '' })));
    expect(await detect(wide)).toMatchObject({ ok: false, reason: 'unsafe', detail: expect.stringContaining('central directory') });
  });

  it('refuses executables before the PDF header tolerance (an executable with %PDF- in its first KB)', async () => {
    const pe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0x90), Buffer.from('%PDF-1.7'), Buffer.alloc(200)]);
    expect(await kindOf(pe, 'invoice.pdf')).toBe('unsafe');
    expect(await kindOf(Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(64)]))).toBe('unsafe');
    const universal = Buffer.alloc(4096);
    universal.writeUInt32BE(0xcafebabe, 0);
    universal.writeUInt32BE(2, 4);
    expect(await kindOf(universal)).toBe('unsafe');
    // Text that starts like a program is still text.
    expect(await kindOf(Buffer.from('MZ, a note about the MS-DOS header\n'))).toBe('txt');
  });

  it('reads truncated and looping OLE2 files without hanging or exhausting memory', async () => {
    const doc = makeOle(['WordDocument', '1Table']);
    // Header only: the FAT and the directory are missing.
    expect(await kindOf(doc.subarray(0, 512))).toBe('unsupported');
    // Header and FAT: the directory sector is missing.
    expect(await kindOf(doc.subarray(0, 1024))).toBe('unsupported');
    // The directory's chain loops (sector 1 → 1), and a stream's chain loops between two sectors.
    const looping = Buffer.concat([makeOle(['WordDocument']), Buffer.alloc(1024)]);
    looping.writeUInt32LE(1, 512 + 4);
    looping.writeUInt32LE(3, 512 + 8);
    looping.writeUInt32LE(2, 512 + 12);
    looping.writeUInt32LE(3, 1024 + 128 + 116);
    looping.writeUInt32LE(8192, 1024 + 128 + 120);
    expect(await kindOf(looping)).toBe('doc');
  });
});

/** A flat-XML OpenDocument presentation: LibreOffice opens it in Impress (a .txt would open in Writer). */
const FODP = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation><draw:page draw:name="p1"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="10cm" svg:height="3cm"><draw:text-box><text:p>Hello slides</text:p></draw:text-box></draw:frame></draw:page></office:presentation></office:body></office:document>`;

describe('real documents written by LibreOffice', () => {
  it('recognises every format LibreOffice writes for Word, Excel, PowerPoint and OpenDocument', async () => {
    const work = await tempDir('quire-lo-');
    await writeTemp(work, 'letter.txt', 'Dear reader,\nthis letter was written by LibreOffice.\n');
    await writeTemp(work, 'sheet.csv', 'a,b\n1,2\n');
    await writeTemp(work, 'slides.fodp', FODP);
    // Three chains side by side (each with its own LibreOffice profile), formats one after another.
    const chain = async (source: string, formats: string[]) => {
      const own = await tempDir('quire-lo-');
      await writeTemp(own, source, await readFile(path.join(work, source)));
      const out: Record<string, Buffer> = {};
      for (const format of formats) {
        const [file] = await sofficeConvert(own, [source], format);
        out[format] = await readFile(file as string);
      }
      return out;
    };
    const [text, sheet, slides] = await Promise.all([
      chain('letter.txt', ['docx', 'odt', 'doc', 'rtf']),
      chain('sheet.csv', ['xlsx', 'ods', 'xls']),
      chain('slides.fodp', ['pptx', 'odp', 'ppt']),
    ]);
    const all = { ...text, ...sheet, ...slides };
    for (const [format, data] of Object.entries(all)) expect(await kindOf(data as Buffer), format).toBe(format);
  }, 180_000);
});
