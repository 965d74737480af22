import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Buyer } from '../../contracts/billing';
import type { Translate } from '../i18n';
import { countryName } from './countries';
import { INVOICE_MESSAGES as M } from './messages';
import type { InvoiceLine, InvoiceRow, Seller } from './orders';

/** Debian's DejaVu Sans (the fonts package the conversion installs): Latin, Greek and Cyrillic. */
export const DEFAULT_INVOICE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

export interface InvoicePdfInput {
  invoice: InvoiceRow;
  provider: string;
  paidAt: number;
  translate: Translate;
  /** A TrueType font file; unset or missing: the standard Helvetica (characters it lacks become ?). */
  font: string | undefined;
}

/** The invoice as a PDF (pdf-lib) in the invoice's language: seller, buyer, lines, tax, total, reverse-charge note. */
export async function invoicePdf({ invoice, provider, paidAt, translate: t, font }: InvoicePdfInput): Promise<Uint8Array> {
  const lang = invoice.language;
  const doc = await PDFDocument.create();
  doc.setTitle(t(M.title, { number: invoice.label }));
  doc.setCreator('Quire');
  doc.setProducer('Quire (pdf-lib)');
  doc.setCreationDate(new Date(invoice.issued_at));
  doc.setModificationDate(new Date(invoice.issued_at));
  const fontFile = font ?? (existsSync(DEFAULT_INVOICE_FONT) ? DEFAULT_INVOICE_FONT : undefined);
  let regular: PDFFont;
  let bold: PDFFont;
  let safe = (s: string) => s;
  if (fontFile && existsSync(fontFile)) {
    doc.registerFontkit(fontkit);
    const bytes = await readFile(fontFile);
    regular = await doc.embedFont(bytes, { subset: true });
    const boldFile = fontFile.replace(/\.ttf$/i, '-Bold.ttf');
    bold = existsSync(boldFile) && boldFile !== fontFile ? await doc.embedFont(await readFile(boldFile), { subset: true }) : regular;
  } else {
    regular = await doc.embedFont(StandardFonts.Helvetica);
    bold = await doc.embedFont(StandardFonts.HelveticaBold);
    // WinAnsi only: other characters (Cyrillic, narrow spaces) would throw.
    safe = (s) => s.replace(/[\u202f\u00a0]/g, ' ').replace(/[^\x20-\x7e\u00a1-\u00ff€]/g, '?');
  }
  const page = doc.addPage(A4);
  const [width, height] = A4;
  let y = height - MARGIN;
  const text = (s: string, x: number, size = 10, f = regular) => page.drawText(safe(s), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const right = (s: string, xRight: number, size = 10, f = regular) => text(s, xRight - f.widthOfTextAtSize(safe(s), size), size, f);
  const money = (n: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: invoice.currency }).format(n / 100);
  const date = (ms: number) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);

  text(t(M.title, { number: invoice.label }), MARGIN, 20, bold);
  y -= 22;
  text(t(M.issued, { date: date(invoice.issued_at) }), MARGIN);
  y -= 36;

  const seller = JSON.parse(invoice.seller) as Seller;
  const buyer = JSON.parse(invoice.buyer) as Buyer;
  const top = y;
  const block = (x: number, title: string, lines: string[]) => {
    y = top;
    text(title, x, 9, bold);
    y -= 15;
    for (const line of lines) {
      text(line, x);
      y -= 13;
    }
    return y;
  };
  const sellerEnd = block(MARGIN, t(M.seller).toUpperCase(), [
    seller.name,
    ...seller.address,
    countryName(seller.country, lang),
    ...(seller.vatId ? [t(M.vatId, { value: seller.vatId })] : []),
  ]);
  const buyerEnd = block(width / 2, t(M.buyer).toUpperCase(), [
    buyer.name,
    ...buyer.address
      .split(/\r?\n|;/)
      .map((l) => l.trim())
      .filter(Boolean),
    countryName(buyer.country, lang),
    ...(buyer.vat_id ? [t(M.vatId, { value: buyer.vat_id })] : []),
  ]);
  y = Math.min(sellerEnd, buyerEnd) - 24;

  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: width - MARGIN, y: y + 10 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  };
  text(t(M.description), MARGIN, 9, bold);
  right(t(M.amount), width - MARGIN, 9, bold);
  y -= 18;
  rule();
  for (const line of JSON.parse(invoice.lines) as InvoiceLine[]) {
    const plan = t(line.mode === 'PLATINUM' ? M.planPlatinum : M.planPremium);
    text(t(line.period === 'year' ? M.lineYear : M.lineMonth, { plan }), MARGIN);
    right(money(line.net), width - MARGIN);
    y -= 13;
    text(t(M.linePeriod, { from: date(line.from), to: date(line.to) }), MARGIN, 9);
    y -= 22;
  }
  rule();
  const totals: [string, number, PDFFont][] = [
    [t(M.net), invoice.net, regular],
    [t(M.tax, { rate: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(invoice.tax_rate_bp / 100) }), invoice.tax, regular],
    [t(M.total), invoice.total, bold],
  ];
  for (const [label, amount, f] of totals) {
    right(label, width - MARGIN - 120, 10, f);
    right(money(amount), width - MARGIN, 10, f);
    y -= 16;
  }
  y -= 16;
  const notes = [
    ...(invoice.reverse_charge === 1 ? [t(M.reverseCharge)] : []),
    t(M.paid, { date: date(paidAt), provider: t(provider === 'stripe' ? M.providerStripe : M.providerManual), order: invoice.order_id }),
  ];
  for (const note of notes) {
    for (const line of wrap(safe(note), regular, 9, width - 2 * MARGIN)) {
      text(line, MARGIN, 9);
      y -= 12;
    }
    y -= 6;
  }
  return doc.save();
}

/** Words of `s` in lines no wider than `max` points. */
function wrap(s: string, font: PDFFont, size: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
