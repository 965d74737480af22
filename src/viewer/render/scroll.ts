import { imageWidth } from '../../../machines/reader/layout';
import { READER_WIDTHS } from '../../contracts/reader';
import { h } from './dom';
import { pageElement, type StageDeps } from './stage';

/**
 * Scroll layout: every page as a placeholder of its own size in one column (cheap boxes), images
 * only around the page in view (the pool releases the far ones). The page most in view is reported
 * to the machine; a page chosen elsewhere (input, outline, search) is scrolled to.
 */
export class ScrollStage {
  readonly el = h('div', { class: 'qr-scroll' });
  private slots: HTMLElement[] = [];
  private builtFor = 0;
  private reported = 0;
  private ratios = new Map<number, number>();
  private observer: IntersectionObserver | null = null;

  constructor(private readonly deps: StageDeps) {}

  update(page: number, width: number, scroller: HTMLElement): void {
    const colW = Math.max(200, Math.min(width - 24, 960));
    if (colW !== this.builtFor) this.build(colW, scroller);
    const imgW = imageWidth(colW, window.devicePixelRatio, READER_WIDTHS.normal, READER_WIDTHS.zoom);
    const near = [page - 1, page, page + 1].filter((p) => p >= 1 && p <= this.slots.length);
    this.deps.pool.keep(near, imgW);
    for (const p of [page - 2, ...near, page + 2]) {
      const slot = this.slots[p - 1];
      if (slot && !slot.firstChild)
        slot.appendChild(pageElement(this.deps, p, { w: colW, h: slot.offsetHeight || Number.parseFloat(slot.style.height) }, imgW));
    }
    // Placeholders whose image was released are emptied.
    for (const slot of this.slots) {
      const img = slot.querySelector('img');
      if (slot.firstChild && !img?.getAttribute('src')) slot.replaceChildren();
    }
    if (page !== this.reported) {
      this.reported = page;
      this.slots[page - 1]?.scrollIntoView({ block: 'start' });
    }
  }

  private build(colW: number, scroller: HTMLElement): void {
    this.builtFor = colW;
    this.observer?.disconnect();
    this.slots = this.deps.book.pages.map((p, i) =>
      h('div', {
        class: 'qr-scroll-slot',
        'data-page': i + 1,
        style: { width: `${colW}px`, height: `${Math.round((colW * p.height) / p.width)}px` },
      }),
    );
    this.el.replaceChildren(...this.slots);
    this.ratios.clear();
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) this.ratios.set(Number((e.target as HTMLElement).dataset.page), e.intersectionRatio);
        let best = 0;
        let bestRatio = 0;
        for (const [p, r] of this.ratios) if (r > bestRatio) [best, bestRatio] = [p, r];
        if (best && best !== this.reported) {
          this.reported = best;
          this.deps.send({ type: 'view.pageShown', page: best });
        }
      },
      { root: scroller, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const s of this.slots) this.observer.observe(s);
    this.reported = 0;
  }

  /** Empties the placeholders of pages converted meanwhile (the next update draws them). */
  refresh(): void {
    for (const slot of this.slots) if (slot.querySelector('.qr-pending')) slot.replaceChildren();
  }

  destroy(): void {
    this.observer?.disconnect();
    this.builtFor = 0;
    this.el.replaceChildren();
  }
}
