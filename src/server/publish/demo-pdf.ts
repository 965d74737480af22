/**
 * The demo publication's document, written by the project itself (no asset, no dependency): a small
 * PDF 1.4 with a few A4 pages of title text, vector shapes and colours, an outline (one entry per
 * page) and an internal link on the cover — enough for the converter to show every feature.
 * ASCII text only (standard Helvetica, WinAnsiEncoding), so string length equals byte length.
 */

const WIDTH = 595;
const HEIGHT = 842;

type Rgb = readonly [number, number, number];
const INK: Rgb = [0.13, 0.15, 0.2];
const PAPER: Rgb = [0.98, 0.97, 0.94];
const ACCENTS: readonly Rgb[] = [
  [0.86, 0.33, 0.24],
  [0.95, 0.69, 0.2],
  [0.24, 0.6, 0.55],
  [0.23, 0.4, 0.72],
  [0.55, 0.36, 0.65],
];

const n = (x: number) => (Math.round(x * 100) / 100).toString();
const fill = ([r, g, b]: Rgb) => `${n(r)} ${n(g)} ${n(b)} rg`;
const stroke = ([r, g, b]: Rgb) => `${n(r)} ${n(g)} ${n(b)} RG`;
const pdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** Drawing operators of one page, built with a few helpers. */
class Canvas {
  readonly ops: string[] = [];
  rect(x: number, y: number, w: number, h: number, color: Rgb): this {
    this.ops.push(`${fill(color)} ${n(x)} ${n(y)} ${n(w)} ${n(h)} re f`);
    return this;
  }
  /** A circle from four Bézier arcs. */
  circle(cx: number, cy: number, r: number, color: Rgb): this {
    const k = 0.5523 * r;
    this.ops.push(
      `${fill(color)} ${n(cx + r)} ${n(cy)} m`,
      `${n(cx + r)} ${n(cy + k)} ${n(cx + k)} ${n(cy + r)} ${n(cx)} ${n(cy + r)} c`,
      `${n(cx - k)} ${n(cy + r)} ${n(cx - r)} ${n(cy + k)} ${n(cx - r)} ${n(cy)} c`,
      `${n(cx - r)} ${n(cy - k)} ${n(cx - k)} ${n(cy - r)} ${n(cx)} ${n(cy - r)} c`,
      `${n(cx + k)} ${n(cy - r)} ${n(cx + r)} ${n(cy - k)} ${n(cx + r)} ${n(cy)} c f`,
    );
    return this;
  }
  polygon(points: readonly (readonly [number, number])[], color: Rgb): this {
    const [first, ...rest] = points;
    if (!first) return this;
    this.ops.push(`${fill(color)} ${n(first[0])} ${n(first[1])} m ${rest.map(([x, y]) => `${n(x)} ${n(y)} l`).join(' ')} h f`);
    return this;
  }
  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, width = 2): this {
    this.ops.push(`${stroke(color)} ${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
    return this;
  }
  text(x: number, y: number, size: number, s: string, color: Rgb = INK, bold = false): this {
    this.ops.push(`BT ${fill(color)} /${bold ? 'F2' : 'F1'} ${size} Tf ${n(x)} ${n(y)} Td (${pdfString(s)}) Tj ET`);
    return this;
  }
  paragraph(x: number, y: number, size: number, lines: readonly string[]): this {
    lines.forEach((line, i) => {
      this.text(x, y - i * size * 1.5, size, line);
    });
    return this;
  }
}

interface DemoPage {
  title: string;
  canvas: Canvas;
}

function pages(): DemoPage[] {
  const [red, yellow, teal, blue, violet] = ACCENTS as [Rgb, Rgb, Rgb, Rgb, Rgb];
  const cover = new Canvas()
    .rect(0, 0, WIDTH, HEIGHT, blue)
    .circle(470, 690, 130, yellow)
    .circle(120, 160, 90, teal)
    .polygon(
      [
        [0, 0],
        [WIDTH, 0],
        [WIDTH, 110],
      ],
      violet,
    )
    .text(60, 470, 54, 'Welcome to', PAPER, true)
    .text(60, 405, 54, 'Quire', PAPER, true)
    .text(60, 355, 18, 'Documents that turn like pages.', PAPER)
    .rect(60, 270, 210, 44, red)
    .text(78, 285, 16, 'Start reading  >', PAPER, true);

  const upload = new Canvas()
    .rect(0, 0, WIDTH, HEIGHT, PAPER)
    .rect(0, HEIGHT - 140, WIDTH, 140, red)
    .text(50, HEIGHT - 95, 36, '1. Upload', PAPER, true);
  upload.paragraph(50, 620, 16, [
    'Drop a PDF, a Word, PowerPoint or Excel file, an',
    'OpenDocument file, RTF or plain text. Quire turns',
    'it into pages, thumbnails and searchable text.',
  ]);
  ACCENTS.forEach((color, i) => {
    upload.rect(70 + i * 95, 160, 60, 60 + i * 55, color);
  });
  upload.line(50, 150, 545, 150, INK);

  const read = new Canvas()
    .rect(0, 0, WIDTH, HEIGHT, PAPER)
    .rect(0, HEIGHT - 140, WIDTH, 140, teal)
    .text(50, HEIGHT - 95, 36, '2. Read anywhere', PAPER, true);
  read.paragraph(50, 620, 16, ['Phones, tablets and desktops: swipe, click or', 'use the keyboard to turn the pages.']);
  for (let i = 0; i < 6; i++)
    read.circle(100 + (i % 3) * 200, 420 - Math.floor(i / 3) * 200, 70 - i * 6, ACCENTS[i % ACCENTS.length] as Rgb);

  const share = new Canvas()
    .rect(0, 0, WIDTH, HEIGHT, PAPER)
    .rect(0, HEIGHT - 140, WIDTH, 140, violet)
    .text(50, HEIGHT - 95, 36, '3. Share and embed', PAPER, true);
  share.paragraph(50, 620, 16, ['Send a link, or place the reader on your own site', 'with the embed code.']);
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 5; col++) share.rect(60 + col * 96, 120 + row * 100, 80, 80, ACCENTS[(row + col) % ACCENTS.length] as Rgb);
  }

  const back = new Canvas()
    .rect(0, 0, WIDTH, HEIGHT, INK)
    .circle(WIDTH / 2, HEIGHT / 2 + 60, 110, yellow)
    .polygon(
      [
        [WIDTH / 2 - 60, HEIGHT / 2 + 10],
        [WIDTH / 2 + 60, HEIGHT / 2 + 10],
        [WIDTH / 2, HEIGHT / 2 + 130],
      ],
      red,
    )
    .text(150, 250, 28, 'Publish your own.', PAPER, true)
    .text(150, 215, 14, 'Sign up and choose Publish.', PAPER);
  return [
    { title: 'Welcome to Quire', canvas: cover },
    { title: 'Upload', canvas: upload },
    { title: 'Read anywhere', canvas: read },
    { title: 'Share and embed', canvas: share },
    { title: 'Publish your own', canvas: back },
  ];
}

/** The demo document as PDF bytes. */
export function demoPdf(): Buffer {
  const list = pages();
  // Object numbers: 1 catalog, 2 pages, 3–4 fonts, 5 outline root, 6 info, then per page: page, content, outline item; last: the cover link.
  const pageObj = (i: number) => 7 + i * 3;
  const contentObj = (i: number) => 8 + i * 3;
  const outlineObj = (i: number) => 9 + i * 3;
  const linkObj = 7 + list.length * 3;
  const objects = new Map<number, string>();
  objects.set(1, '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R /PageMode /UseOutlines >>');
  objects.set(2, `<< /Type /Pages /Kids [${list.map((_, i) => `${pageObj(i)} 0 R`).join(' ')}] /Count ${list.length} >>`);
  objects.set(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.set(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  objects.set(5, `<< /Type /Outlines /First ${outlineObj(0)} 0 R /Last ${outlineObj(list.length - 1)} 0 R /Count ${list.length} >>`);
  objects.set(6, '<< /Title (Welcome to Quire) /Author (Quire) /Creator (Quire demo) >>');
  list.forEach((page, i) => {
    const annots = i === 0 ? ` /Annots [${linkObj} 0 R]` : '';
    objects.set(
      pageObj(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentObj(i)} 0 R${annots} >>`,
    );
    const stream = page.canvas.ops.join('\n');
    objects.set(contentObj(i), `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const prev = i > 0 ? ` /Prev ${outlineObj(i - 1)} 0 R` : '';
    const next = i < list.length - 1 ? ` /Next ${outlineObj(i + 1)} 0 R` : '';
    objects.set(outlineObj(i), `<< /Title (${pdfString(page.title)}) /Parent 5 0 R${prev}${next} /Dest [${pageObj(i)} 0 R /Fit] >>`);
  });
  objects.set(linkObj, `<< /Type /Annot /Subtype /Link /Rect [60 270 270 314] /Border [0 0 0] /Dest [${pageObj(1)} 0 R /Fit] >>`);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id <= objects.size; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects.get(id)}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.size + 1}\n0000000000 65535 f \n`;
  for (let id = 1; id <= objects.size; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.size + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
