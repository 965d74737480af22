import type { PdfStructure } from './structure';

/** manifest.json: what the reader needs besides the images and the text. */
export interface BookManifest {
  version: 1;
  pages: number;
  direction: 'ltr' | 'rtl';
  /** Displayed page sizes in points, and each page's links. */
  sizes: { width: number; height: number; links: PdfStructure['links'][number] }[];
  outline: PdfStructure['outline'];
  images: { jpeg: number[]; webp: number[] };
  /** What the conversion could not do fully (absent when it did everything). */
  warnings?: ConversionWarning[];
}

/**
 * A part of a DONE book that is not as in the document: pages drawn as placeholders
 * (PAGE_PLACEHOLDER) or by resolution after the scaled render failed (PAGE_BY_RESOLUTION), thumbnails
 * made from page 1's placeholder (THUMBNAIL_FROM_PAGE), no text (NO_TEXT), no outline and links (NO_STRUCTURE).
 */
export interface ConversionWarning {
  code: 'PAGE_PLACEHOLDER' | 'PAGE_BY_RESOLUTION' | 'THUMBNAIL_FROM_PAGE' | 'NO_TEXT' | 'NO_STRUCTURE';
  pages?: number[];
}

/**
 * sizes.json (`books/<id>/sizes.json`, beside the manifest): the page count and displayed page sizes,
 * written as soon as pdfinfo has told them, before pages_total and pages_done are: the reader of a book
 * being converted (progressive reading, reader/views.ts) lays its pages out from it before the
 * manifest (written last) exists. The manifest supersedes it once the book is DONE.
 */
export const SIZES_FILE = 'sizes.json';
export interface BookSizes {
  pages: number;
  sizes: { width: number; height: number }[];
}
