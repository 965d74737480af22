import { pagesToLoad, pagesToRelease } from '../../../machines/reader/layout';
import type { ReaderPage } from '../../contracts/reader';
import { READER_WIDTHS } from '../../contracts/reader';
import { pageImageUrl } from '../api';
import { A4_PAGE } from './dom';

/**
 * Page 1 as the server's HTML shows it before the script runs (reader/page.ts `.qr-boot`): taken once,
 * when the script starts, so the pool can adopt that element (already loading or decoded) instead of
 * making a new one for the same URL.
 */
let bootImage: HTMLImageElement | null =
  typeof document === 'undefined' ? null : document.querySelector<HTMLImageElement>('.qr-boot img.qr-img');

/** The boot image when it shows this URL (once). */
function adoptBootImage(url: string): HTMLImageElement | null {
  const img = bootImage;
  if (!img || img.getAttribute('src') !== url) return null;
  bootImage = null;
  return img;
}

/**
 * Page images, one `<img>` per page kept around the shown pages: neighbours (±2) are fetched and
 * decoded ahead, pages farther than 6 lose their image (src removed, element dropped), so memory stays
 * flat however many pages the book has. The same element moves between the stage and a page-turn leaf.
 */
export class ImagePool {
  private readonly imgs = new Map<number, { img: HTMLImageElement; width: number }>();

  constructor(
    private readonly pattern: string,
    private readonly pages: ReaderPage[],
  ) {}

  /** The image of a page at least `width` wide (created or sharpened as needed). */
  img(page: number, width: number, eager = true): HTMLImageElement {
    const held = this.imgs.get(page);
    if (held && held.width >= width) return held.img;
    const url = pageImageUrl(this.pattern, width, page);
    const adopted = held ? null : adoptBootImage(url);
    if (adopted) {
      adopted.draggable = false;
      adopted.decoding = 'async';
      this.imgs.set(page, { img: adopted, width });
      return adopted;
    }
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
      if (visible.includes(p) || this.imgs.has(p)) continue;
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
