import { pagesToLoad, pagesToRelease } from '../../../machines/reader/layout';
import type { ReaderPage } from '../../contracts/reader';
import { READER_WIDTHS } from '../../contracts/reader';
import { pageImageUrl } from '../api';
import { A4_PAGE } from './dom';

/**
 * Page 1 as the server's HTML shows it before the script runs (reader/page.ts `.qr-boot`): taken once,
 * when the script starts, so the pool can adopt that element (already loading or decoded) instead of
 * making a new one for the same page. Its `srcset` may have picked the small width
 * (READER_WIDTHS.small) rather than the normal one: the pool then sharpens the same element, which
 * keeps showing the small image until the sharper one has loaded.
 */
let bootImage: HTMLImageElement | null =
  typeof document === 'undefined' ? null : document.querySelector<HTMLImageElement>('.qr-boot img.qr-img');

const absolute = (url: string) => new URL(url, document.baseURI).href;

/** The boot image and the width it shows when it is this book's page (once). */
function adoptBootImage(pattern: string, page: number): { img: HTMLImageElement; width: number } | null {
  const img = bootImage;
  if (!img || page !== 1) return null;
  const current = img.currentSrc || img.getAttribute('src') || '';
  // The small width may be inline in the HTML (a data URL, marked data-inline with its width).
  const inline = current.startsWith('data:') && img.dataset.inline === String(READER_WIDTHS.small);
  const shown = inline ? '' : absolute(current);
  const width = inline
    ? READER_WIDTHS.small
    : [READER_WIDTHS.small, READER_WIDTHS.normal].find((w) => absolute(pageImageUrl(pattern, w, page)) === shown);
  if (width === undefined) return null;
  bootImage = null;
  // The boot page's own layout (reader/page.tsx) gives way to the stage's (.qr-img), and its srcset
  // to the pool's choice (it would choose again on a resize): the element keeps the image it shows.
  img.removeAttribute('style');
  const url = inline ? current : pageImageUrl(pattern, width, page);
  if (img.getAttribute('src') !== url) img.src = url;
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.removeAttribute('data-inline');
  return { img, width };
}

/**
 * Page images, one `<img>` per page kept around the shown pages: neighbours (±2) are fetched and
 * decoded ahead, pages farther than 6 lose their image (src removed, element dropped), so memory stays
 * flat however many pages the book has. The same element moves between the stage and a page-turn leaf.
 */
export class ImagePool {
  private readonly imgs = new Map<number, { img: HTMLImageElement; width: number }>();

  /**
   * `ready`: how many pages have images (all, or pages_done while the book converts: progressive
   * reading); later pages are never asked for (their slots show a placeholder, stage.ts).
   */
  constructor(
    private readonly pattern: string,
    private readonly pages: ReaderPage[],
    private readonly ready: () => number = () => pages.length,
  ) {}

  /** The image of a page at least `width` wide (created or sharpened as needed). */
  img(page: number, width: number, eager = true): HTMLImageElement {
    let held = this.imgs.get(page);
    if (!held) {
      const adopted = adoptBootImage(this.pattern, page);
      if (adopted) {
        adopted.img.draggable = false;
        adopted.img.decoding = 'async';
        held = adopted;
        this.imgs.set(page, held);
      }
    }
    if (held && held.width >= width) return held.img;
    const url = pageImageUrl(this.pattern, width, page);
    const img = held?.img ?? document.createElement('img');
    const size = this.pages[page - 1] ?? A4_PAGE;
    if (!held) {
      img.className = 'qr-img';
      img.alt = '';
      img.draggable = false;
      img.decoding = 'async';
      // Intrinsic size from the page proportions: no layout shift while the image arrives.
      img.width = READER_WIDTHS.normal;
      img.height = Math.round((READER_WIDTHS.normal * size.height) / size.width);
    }
    img.setAttribute('fetchpriority', eager ? 'high' : 'low');
    img.src = url;
    this.imgs.set(page, { img, width });
    return img;
  }

  /** Keeps the shown pages and their neighbours loaded and releases the far ones. */
  keep(visible: number[], width: number): void {
    for (const p of pagesToLoad(visible, this.pages.length)) {
      if (visible.includes(p) || this.imgs.has(p) || p > this.ready()) continue;
      const img = this.img(p, width, false);
      img.decode?.().catch(() => {});
    }
    for (const p of pagesToRelease(this.imgs.keys(), visible)) this.release(p);
  }

  release(page: number): void {
    const held = this.imgs.get(page);
    if (!held) return;
    held.img.removeAttribute('src');
    held.img.remove();
    this.imgs.delete(page);
  }

  /** Pages holding an image now (tests and the heap benchmark read it). */
  held(): number[] {
    return [...this.imgs.keys()].sort((a, b) => a - b);
  }

  clear(): void {
    for (const p of [...this.imgs.keys()]) this.release(p);
  }
}
