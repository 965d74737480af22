import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ViewMode } from '../../../machines/reader/layout';
import type { ReaderEvent } from '../../../machines/reader.machine';
import type { ReaderBook } from '../../contracts/reader';
import { TRIGGER_DOWNLOAD, TRIGGER_PRINT } from '../../contracts/triggers';
import { M } from '../messages';
import type { LeadGate } from '../triggers';
import { h, icon, iconButton } from './dom';
import { httpUrl, licenseBadge } from './presentation';
import { ShareMenu } from './share';

/** The toolbars: built once per book and language, then kept in step with the machine (no focus loss). */

export interface ChromeState {
  page: number;
  total: number;
  mode: ViewMode;
  canPrev: boolean;
  canNext: boolean;
  zoomed: boolean;
  panel: string | null;
  fullscreen: boolean;
  share: 'idle' | 'copying' | 'copied' | 'copyFailed';
}

/** Toolbar buttons other reader features add (comments, follow: main.ts): each gets the book, answers an element or null. */
export const toolSlots: ((book: ReaderBook) => HTMLElement | null)[] = [];

/** Book triggers (issue 6; main.ts): the gate of a book's download and print links. */
export const fileGate: { of?: (book: ReaderBook) => LeadGate } = {};

export const tr = (i18n: I18n, d: MessageDescriptor, values?: Record<string, unknown>): string => i18n._({ ...d, values });

/** A printer, drawn like the icons of dom.ts (24 px stroke). */
function printIcon(): SVGSVGElement {
  const svg = icon('download');
  svg.querySelector('path')?.setAttribute('d', 'M7 9V4h10v5M7 17H5v-7h14v7h-2M7 14h10v6H7z');
  return svg;
}

export class Chrome {
  readonly top: HTMLElement;
  readonly bottom: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly totalEl: HTMLElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly mode: HTMLSelectElement;
  private readonly zoom: HTMLButtonElement;
  private readonly panels: Record<string, HTMLButtonElement> = {};
  private readonly full: HTMLButtonElement | null;
  private readonly share: ShareMenu | null;

  constructor(
    private readonly i18n: I18n,
    book: ReaderBook,
    send: (e: ReaderEvent) => void,
    opts: { downloadUrl: string; fullscreen: boolean; sound?: HTMLElement | null },
  ) {
    const t = (d: MessageDescriptor, v?: Record<string, unknown>) => tr(i18n, d, v);
    // The publisher's logo opens its own link (web only) in a new tab; without a link it stays a picture.
    const logoSrc = httpUrl(book.logo?.url);
    const logoLink = httpUrl(book.logo?.link);
    const logoImg = logoSrc ? h('img', { src: logoSrc, alt: logoLink ? new URL(logoLink).hostname : '' }) : null;
    const logo = logoImg
      ? logoLink
        ? h('a', { class: 'qr-logo', href: logoLink, target: '_blank', rel: 'noopener noreferrer' }, logoImg)
        : h('span', { class: 'qr-logo' }, logoImg)
      : h('a', { class: 'qr-logo qr-logo-quire', href: '/', 'aria-label': 'Quire' }, 'Quire');
    this.mode = h(
      'select',
      {
        class: 'qr-mode',
        'aria-label': t(M.mode),
        title: t(M.mode),
        onChange: () => send({ type: 'user.mode', mode: this.mode.value as ViewMode }),
      },
      h('option', { value: 'auto' }, t(M.modeAuto)),
      h('option', { value: 'book' }, t(M.modeBook)),
      h('option', { value: 'slide' }, t(M.modeSlide)),
      h('option', { value: 'scroll' }, t(M.modeScroll)),
    );
    this.zoom = iconButton('zoomIn', t(M.zoomIn), () => send({ type: 'user.zoomToggle' }));
    this.panels.thumbnails = iconButton('grid', t(M.thumbnails), () => send({ type: 'user.panel', panel: 'thumbnails' }));
    if (book.outline.length) this.panels.outline = iconButton('list', t(M.outline), () => send({ type: 'user.panel', panel: 'outline' }));
    this.panels.search = iconButton('search', t(M.search), () => send({ type: 'user.panel', panel: 'search' }));
    this.full = opts.fullscreen ? iconButton('expand', t(M.fullscreen), () => send({ type: 'user.fullscreen' })) : null;
    // Share (issue 7): a menu of the six services and "copy link" (src/viewer/render/share.ts).
    this.share = book.share ? new ShareMenu(i18n, book, send) : null;
    const download = book.download
      ? h(
          'a',
          { class: 'qr-btn', href: opts.downloadUrl, download: '', 'aria-label': t(M.download), title: t(M.download) },
          icon('download'),
        )
      : null;
    // Print opens the same PDF inline in a new tab, where the browser's own PDF viewer prints it.
    const print = book.print
      ? h(
          'a',
          {
            class: 'qr-btn',
            href: `${opts.downloadUrl}&disposition=inline`,
            target: '_blank',
            rel: 'noopener',
            'aria-label': t(M.print),
            title: t(M.print),
          },
          printIcon(),
        )
      : null;
    // Book triggers (issue 6): the lead form on open, and before the download or print goes on.
    const gate = fileGate.of?.(book);
    if (gate) {
      download?.addEventListener('click', (e) => gate.hold(e, TRIGGER_DOWNLOAD, download));
      print?.addEventListener('click', (e) => gate.hold(e, TRIGGER_PRINT, print));
    }
    this.top = h(
      'header',
      { class: 'qr-top' },
      logo,
      h('h1', { class: 'qr-title', title: book.name }, book.name),
      h(
        'div',
        { class: 'qr-tools', role: 'toolbar', 'aria-label': t(M.toolbar) },
        this.mode,
        this.zoom,
        ...Object.values(this.panels),
        this.full,
        this.share?.el,
        opts.sound,
        download,
        print,
        ...toolSlots.map((slot) => slot(book)),
      ),
    );
    this.prev = iconButton('prev', t(M.prev), () => send({ type: 'nav.prev' }));
    this.next = iconButton('next', t(M.next), () => send({ type: 'nav.next' }));
    this.input = h('input', {
      class: 'qr-page-input',
      type: 'text',
      inputmode: 'numeric',
      'aria-label': t(M.pageInput),
      onChange: () => {
        const n = Number.parseInt(this.input.value, 10);
        if (Number.isFinite(n)) send({ type: 'nav.go', page: n });
      },
      onKeydown: (e: KeyboardEvent) => {
        if (e.key === 'Enter') this.input.dispatchEvent(new Event('change'));
      },
    });
    this.totalEl = h('span', { class: 'qr-total' });
    const nav = [this.prev, h('label', { class: 'qr-pages' }, this.input, this.totalEl), this.next];
    // Right-to-left books put "next" on the left, where the reading goes.
    if (book.direction === 'rtl') nav.reverse();
    this.bottom = h(
      'footer',
      { class: 'qr-bottom' },
      h('div', { class: 'qr-nav' }, ...nav),
      licenseBadge(book.license, { pd: t(M.licensePd), all: t(M.licenseAll) }),
    );
  }

  sync(s: ChromeState): void {
    const t = (d: MessageDescriptor, v?: Record<string, unknown>) => tr(this.i18n, d, v);
    if (document.activeElement !== this.input) this.input.value = String(s.page);
    this.input.title = t(M.pageOf, { page: s.page, total: s.total });
    this.totalEl.textContent = `/ ${s.total}`;
    this.prev.disabled = !s.canPrev;
    this.next.disabled = !s.canNext;
    this.mode.value = s.mode;
    const zoomLabel = t(s.zoomed ? M.zoomOut : M.zoomIn);
    this.zoom.setAttribute('aria-pressed', String(s.zoomed));
    this.zoom.setAttribute('aria-label', zoomLabel);
    this.zoom.title = zoomLabel;
    this.zoom.replaceChildren(icon(s.zoomed ? 'zoomOut' : 'zoomIn'));
    for (const [k, b] of Object.entries(this.panels)) b.setAttribute('aria-pressed', String(s.panel === k));
    if (this.full) {
      const label = t(s.fullscreen ? M.exitFullscreen : M.fullscreen);
      this.full.setAttribute('aria-label', label);
      this.full.title = label;
      this.full.replaceChildren(icon(s.fullscreen ? 'shrink' : 'expand'));
    }
    this.share?.sync(s.share);
  }
}
