import type { I18n } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import { keyToNav, type NavIntent, resolveLayout, step, visiblePages } from '../../../machines/reader/layout';
import { pagesReady, type ReaderEvent, type ReaderFailure, type readerMachine } from '../../../machines/reader.machine';
import type { ReaderBook, SearchRect } from '../../contracts/reader';
import type { ReaderApi } from '../api';
import { M } from '../messages';
import { Chrome, tr } from './chrome';
import { fill, h } from './dom';
import { bindStageGestures } from './gestures';
import { ImagePool } from './images';
import { paintMarks } from './marks';
import { panelView, releasePanel, type SearchView } from './panels';
import { applyBackground, ReaderSound } from './presentation';
import { ScrollStage } from './scroll';
import { PagedStage, type StageDeps } from './stage';
import { zoomView } from './zoom';

type Snap = SnapshotFrom<typeof readerMachine>;

/** Draws reader snapshots into `root` and turns input into machine events. */
export class ReaderView {
  private readonly stageEl = h('main', { class: 'qr-stage', tabindex: '-1' });
  private readonly panelHost = h('div', { class: 'qr-panel-host' });
  private readonly zoomHost = h('div', { class: 'qr-zoom-host' });
  private readonly live = h('div', { class: 'qr-sr', role: 'region', 'aria-live': 'polite' });
  /** Announces the search result now shown (screen readers). */
  private readonly announcer = h('div', { class: 'qr-sr', role: 'status' });
  /** Progressive reading: how far the conversion is, its failure, or the book being gone. */
  private readonly progressEl = h('div', { class: 'qr-progress', role: 'status', hidden: true });
  private progressKey = '';
  /** Where the conversion stands for the placeholders' words (converting, failed, or the book gone). */
  private progressState: 'converting' | 'failed' | 'stopped' | '' = '';
  /** The book the stages were made for (a new one: the finished book replaced the converting one). */
  private book: ReaderBook | null = null;
  /** Search highlights per page, while the search panel shows results. */
  private marks = new Map<number, readonly SearchRect[]>();
  private marksKey = '';
  private announced = '';
  private chrome: Chrome | null = null;
  private paged: PagedStage | null = null;
  private scroll: ScrollStage | null = null;
  private pool: ImagePool | null = null;
  private sound: ReaderSound | null = null;
  private last: Snap | null = null;
  private keys = { panel: '', zoom: '', gate: '' };
  private textTimer = 0;
  private textAbort: AbortController | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly i18n: I18n,
    private readonly api: ReaderApi,
    private readonly send: (e: ReaderEvent) => void,
    private readonly ready: () => boolean,
  ) {
    document.addEventListener('keydown', this.onKeyDown);
    bindStageGestures(this.stageEl, {
      direction: () => this.last?.context.book?.direction ?? 'ltr',
      paged: () => !!this.last && this.layout(this.last) !== 'scroll',
      nav: (i) => this.nav(i),
      zoom: (page) => this.send({ type: 'user.zoomToggle', ...(page ? { page } : {}) }),
    });
  }

  private readonly onKeyDown = (e: KeyboardEvent) => this.onKey(e);

  /** Unmounts (stories; the reader page itself lives as long as the document). */
  destroy(): void {
    document.removeEventListener('keydown', this.onKeyDown);
    clearTimeout(this.textTimer);
    this.textAbort?.abort();
    this.teardownReading();
    this.root.replaceChildren();
  }

  private layout(s: Snap) {
    return resolveLayout(s.context.mode, s.context.viewport);
  }

  private nav(i: NavIntent): void {
    this.send({ type: `nav.${i}` });
  }

  private t = (d: Parameters<typeof tr>[1], v?: Record<string, unknown>) => tr(this.i18n, d, v);

  private onKey(e: KeyboardEvent): void {
    const s = this.last;
    if (!s?.matches('reading') || e.altKey || e.metaKey || e.ctrlKey) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, select, textarea, [contenteditable]')) return;
    if (e.key === 'Escape') {
      if (!s.matches({ reading: { panel: 'none' } })) this.send({ type: 'user.closePanel' });
      else if (s.matches({ reading: { zoom: 'on' } })) this.send({ type: 'user.zoomOut' });
      return;
    }
    // In scroll layout the arrows and Page keys scroll natively; Home/End still jump.
    const intent = keyToNav(e.key, s.context.book?.direction ?? 'ltr');
    if (!intent || (this.layout(s) === 'scroll' && (intent === 'next' || intent === 'prev') && !s.matches({ reading: { zoom: 'on' } })))
      return;
    if (target.closest('button, a') && e.key === ' ') return;
    e.preventDefault();
    this.nav(intent);
  }

  update(s: Snap): void {
    const prev = this.last;
    this.last = s;
    if (s.matches('reading')) {
      this.reading(s, prev);
      return;
    }
    this.teardownReading();
    const key = `${JSON.stringify(s.value)}|${s.context.failure}|${this.ready()}`;
    if (key === this.keys.gate) return;
    this.keys.gate = key;
    if (s.matches('loading'))
      fill(
        this.root,
        h(
          'div',
          { class: 'qr-center', 'aria-busy': 'true' },
          h('div', { class: 'qr-spinner' }),
          this.ready() ? h('p', null, this.t(M.loading)) : null,
        ),
      );
    else if (this.ready() && s.matches('consent')) this.consent();
    else if (this.ready() && s.matches('failed')) this.failure(s.context.failure ?? 'offline');
  }

  private card(title: string, text: string, ...actions: HTMLElement[]): void {
    fill(
      this.root,
      h(
        'div',
        { class: 'qr-center' },
        h(
          'section',
          { class: 'qr-card', role: 'alertdialog', 'aria-labelledby': 'qr-card-title' },
          h('h1', { id: 'qr-card-title' }, title),
          h('p', null, text),
          h('div', { class: 'qr-card-actions' }, ...actions),
        ),
      ),
    );
    this.root.querySelector<HTMLElement>('.qr-card button, .qr-card a')?.focus();
  }

  private consent(): void {
    this.card(
      this.t(M.adultTitle),
      this.t(M.adultText),
      h('button', { type: 'button', class: 'qr-cta', onClick: () => this.send({ type: 'user.continue' }) }, this.t(M.adultContinue)),
      h('button', { type: 'button', class: 'qr-cta qr-cta-ghost', onClick: () => this.send({ type: 'user.leave' }) }, this.t(M.adultLeave)),
    );
  }

  private failure(f: ReaderFailure): void {
    const texts = {
      notFound: [M.notFoundTitle, M.notFoundText],
      scheduled: [M.notFoundTitle, M.notFoundText],
      private: [M.privateTitle, M.privateText],
      deactivated: [M.deactivatedTitle, M.deactivatedText],
      blocked: [M.blockedTitle, M.blockedText],
      converting: [M.convertingTitle, M.convertingText],
      failed: [M.failedTitle, M.failedText],
      offline: [M.offlineTitle, M.offlineText],
    } as const;
    const [title, text] = texts[f];
    const retry = f === 'converting' || f === 'offline';
    this.card(
      this.t(title),
      this.t(text),
      ...(retry
        ? [h('button', { type: 'button', class: 'qr-cta', onClick: () => this.send({ type: 'user.retry' }) }, this.t(M.retry))]
        : []),
      h('a', { class: `qr-cta${retry ? ' qr-cta-ghost' : ''}`, href: '/' }, this.t(M.home)),
    );
  }

  private teardownReading(): void {
    if (!this.pool) return;
    releasePanel();
    this.pool.clear();
    this.scroll?.destroy();
    this.sound?.destroy();
    this.chrome?.destroy();
    this.pool = this.paged = this.scroll = this.chrome = this.sound = null;
    this.book = null;
    this.progressKey = '';
  }

  private reading(s: Snap, prev: Snap | null): void {
    const book = s.context.book;
    if (!book) return;
    const c = s.context;
    if (this.book && book !== this.book) {
      // Progressive reading: new pages came (the same layout, the placeholders drawn again), or the
      // finished book replaced the converting one (made again, on the same page).
      if (book.converting && this.book.converting && book.pages.length === this.book.pages.length) {
        this.book = book;
        this.paged?.refresh();
        this.scroll?.refresh();
      } else this.teardownReading();
    }
    if (!this.pool) {
      this.book = book;
      const shown = book;
      this.pool = new ImagePool(book.pageUrl, book.pages, () => pagesReady(this.book ?? shown));
      const deps: StageDeps = {
        book,
        pool: this.pool,
        send: this.send,
        label: (p) => this.t(M.pageN, { page: p }),
        linkLabel: (p) => this.t(M.linkToPage, { page: p }),
        reducedMotion: () => matchMedia('(prefers-reduced-motion: reduce)').matches,
        marks: (p) => this.marks.get(p) ?? [],
        ready: () => pagesReady(this.book ?? shown),
        // The placeholders say the page is coming, or that the conversion failed (nothing once the book is gone).
        pendingLabel: () =>
          this.progressState === 'failed' ? this.t(M.failedTitle) : this.progressState === 'stopped' ? '' : this.t(M.pendingPage),
      };
      this.paged = new PagedStage(deps);
      this.scroll = new ScrollStage(deps);
      this.root.dataset.dir = book.direction;
      applyBackground(this.root, book.background);
      fill(this.root, this.stageEl, this.panelHost, this.zoomHost, this.live, this.announcer, this.progressEl);
      this.keys = { panel: '', zoom: '', gate: '' };
      this.marksKey = this.announced = '';
      this.marks = new Map();
      document.title = book.name;
    }
    if (!this.chrome && this.ready()) {
      this.sound?.destroy();
      this.sound = new ReaderSound(book, { mute: this.t(M.mute), unmute: this.t(M.unmute) });
      this.chrome = new Chrome(this.i18n, book, this.send, {
        downloadUrl: this.api.downloadUrl(),
        fullscreen: document.fullscreenEnabled === true,
        sound: this.sound.button,
      });
      this.root.prepend(this.chrome.top);
      this.root.insertBefore(this.chrome.bottom, this.panelHost);
      this.live.setAttribute('aria-label', this.t(M.pageText));
    }
    const layout = this.layout(s);
    this.root.dataset.layout = layout;
    const total = book.pages.length;
    const share = (['copying', 'copied', 'copyFailed'] as const).find((k) => s.matches({ reading: { share: k } })) ?? 'idle';
    const panel = (['thumbnails', 'outline', 'search'] as const).find((k) => s.matches({ reading: { panel: k } })) ?? null;
    const zoomed = s.matches({ reading: { zoom: 'on' } });
    this.chrome?.sync({
      page: c.page,
      total,
      mode: c.mode,
      canPrev: step(layout, c.page, total, -1) !== c.page,
      canNext: step(layout, c.page, total, 1) !== c.page,
      zoomed,
      canZoom: s.can({ type: 'user.zoomToggle' }),
      panel,
      fullscreen: s.matches({ reading: { screen: 'full' } }),
      share,
      more: s.matches({ reading: { more: 'open' } }),
    });
    this.syncMarks(s, panel, visiblePages(layout, c.page, total));
    // Before the stages: a new conversion state redraws their placeholders.
    this.renderProgress(s);
    // Stage size: what is left of the viewport around the bars, with a margin around the pages.
    const pad = c.viewport.width < 600 ? 8 : 24;
    const w = this.stageEl.clientWidth || c.viewport.width;
    const hgt = this.stageEl.clientHeight || c.viewport.height;
    if (layout === 'scroll') {
      if (this.paged?.el.isConnected) this.paged.el.remove();
      if (!this.scroll?.el.isConnected && this.scroll) this.stageEl.replaceChildren(this.scroll.el);
      this.scroll?.update(c.page, w, this.stageEl);
    } else {
      if (this.scroll?.el.isConnected) this.scroll.destroy();
      if (this.paged && !this.paged.el.isConnected) this.stageEl.replaceChildren(this.paged.el);
      this.paged?.update({ layout, page: c.page, direction: book.direction, width: w - 2 * pad, height: hgt - 2 * pad });
      // The page-turn sound follows turns in book and slide layouts (scrolling past pages is not a turn).
      if (prev?.matches('reading') && prev.context.page !== c.page && this.layout(prev) === layout) this.sound?.turn();
    }
    this.renderPanel(s, panel, visiblePages(layout, c.page, total));
    this.renderZoom(s, zoomed, w, hgt);
    // The text waits for the whole book (progressive reading: asked for once it replaced the converting one).
    const changed = !prev?.matches('reading') || prev.context.page !== c.page || this.layout(prev) !== layout || prev.context.book !== book;
    if (!book.converting && changed) this.queueText(layout, c.page, total);
  }

  /** The conversion's progress line while the book converts; its failure, or the book gone, once known. */
  private renderProgress(s: Snap): void {
    const conv = s.context.book?.converting;
    const state = (['failed', 'stopped'] as const).find((k) => s.matches({ reading: { progress: k } })) ?? (conv ? 'converting' : '');
    const key = this.ready() ? `${state}|${conv?.pages_done}|${conv?.pages_total}|${s.context.failure}` : '';
    if (key === this.progressKey) return;
    this.progressKey = key;
    if (state !== this.progressState) {
      this.progressState = state;
      this.paged?.refresh();
      this.scroll?.refresh();
    }
    this.progressEl.hidden = !key || !state;
    if (!key || !state) {
      fill(this.progressEl);
      return;
    }
    if (state === 'converting')
      fill(
        this.progressEl,
        h('span', { class: 'qr-progress-spin', 'aria-hidden': 'true' }),
        this.t(M.convertingStatus, { done: conv?.pages_done ?? 0, total: conv?.pages_total ?? 0 }),
      );
    else {
      const gone = {
        notFound: M.notFoundTitle,
        scheduled: M.notFoundTitle,
        private: M.privateTitle,
        deactivated: M.deactivatedTitle,
        blocked: M.blockedTitle,
      } as const;
      const f = s.context.failure;
      const text = state === 'failed' ? this.t(M.failedText) : this.t(f && f in gone ? gone[f as keyof typeof gone] : M.notFoundTitle);
      fill(
        this.progressEl,
        h('strong', null, state === 'failed' ? this.t(M.failedTitle) : ''),
        ' ',
        text,
        ' ',
        h('a', { href: '/' }, this.t(M.home)),
      );
    }
  }

  private renderPanel(s: Snap, panel: 'thumbnails' | 'outline' | 'search' | null, shown: number[]): void {
    const book = s.context.book;
    if (!book || !this.ready()) return;
    const status = (['searching', 'results', 'failed'] as const).find((k) => s.matches({ reading: { panel: { search: k } } })) ?? 'idle';
    const search: SearchView = { status, query: s.context.query, hits: s.context.hits };
    const key = panel ? `${panel}|${panel === 'search' ? `${status}|${s.context.query}` : shown.join(',')}` : '';
    if (key === this.keys.panel) return;
    this.keys.panel = key;
    this.root.dataset.panel = panel ?? '';
    if (!panel) {
      releasePanel();
      fill(this.panelHost);
      return;
    }
    const titles = { thumbnails: M.thumbnails, outline: M.outline, search: M.search } as const;
    fill(
      this.panelHost,
      panelView(
        panel,
        book,
        shown,
        search,
        {
          title: this.t(titles[panel]),
          close: this.t(M.close),
          pageN: (page) => this.t(M.pageN, { page }),
          searchLabel: this.t(M.searchLabel),
          searching: this.t(M.searching),
          none: this.t(M.searchNone),
          failed: this.t(M.searchFailed),
          count: (count) => this.t(M.searchCount, { count }),
          showResults: this.t(M.searchShow),
        },
        this.send,
      ),
    );
  }

  private renderZoom(s: Snap, zoomed: boolean, w: number, hgt: number): void {
    const book = s.context.book;
    const page = s.context.zoomPage ?? s.context.page;
    const key = zoomed && book ? `${page}|${w}|${hgt}|${this.marksKey}` : '';
    if (key === this.keys.zoom) return;
    this.keys.zoom = key;
    if (!key || !book) {
      fill(this.zoomHost);
      return;
    }
    fill(this.zoomHost, zoomView(book, page, w, hgt, this.send, this.t(M.zoomOut), this.t(M.pageN, { page }), this.marks.get(page) ?? []));
  }

  /**
   * Search highlights: while the search panel shows results, the matches' boxes are drawn on the pages
   * they stand on (cleared when the search closes or starts again), and the result now in view is
   * announced.
   */
  private syncMarks(s: Snap, panel: string | null, visible: number[]): void {
    const on = panel === 'search' && s.matches({ reading: { panel: { search: 'results' } } });
    const hits = on ? s.context.hits : [];
    const key = on ? `${s.context.query}|${hits.length}` : '';
    if (key !== this.marksKey) {
      this.marksKey = key;
      this.marks = new Map(hits.flatMap((hit) => (hit.rects?.length ? [[hit.page, hit.rects] as const] : [])));
      paintMarks(this.stageEl, (p) => this.marks.get(p) ?? []);
    }
    const index = hits.findIndex((hit) => visible.includes(hit.page));
    const hit = hits[index];
    const said = hit ? `${key}|${hit.page}` : '';
    if (said === this.announced) return;
    this.announced = said;
    this.announcer.textContent = hit && this.ready() ? this.t(M.searchAt, { n: index + 1, total: hits.length, page: hit.page }) : '';
  }

  /** The text of the shown pages for screen readers, fetched once the reader rests on them. */
  private queueText(layout: ReturnType<typeof resolveLayout>, page: number, total: number): void {
    clearTimeout(this.textTimer);
    this.textAbort?.abort();
    this.textTimer = window.setTimeout(async () => {
      const pages = layout === 'book' ? [page, page + 1].filter((p) => p <= total && (page !== 1 || p === 1)) : [page];
      const abort = new AbortController();
      this.textAbort = abort;
      try {
        const texts = await Promise.all(pages.map((p) => this.api.text(p, abort.signal)));
        if (abort.signal.aborted) return;
        fill(this.live, ...pages.flatMap((p, i) => [h('h2', null, this.t(M.pageN, { page: p })), h('p', null, texts[i] ?? '')]));
      } catch {
        // No text (image-only page or offline): the page label still names the page.
      }
    }, 400);
  }
}
