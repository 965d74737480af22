import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ViewMode } from '../../../machines/reader/layout';
import type { ReaderEvent } from '../../../machines/reader.machine';
import type { ReaderBook } from '../../contracts/reader';
import { TRIGGER_DOWNLOAD, TRIGGER_PRINT } from '../../contracts/triggers';
import { M } from '../messages';
import type { LeadGate } from '../triggers';
import { fill, h, icon, iconButton } from './dom';
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
  /** Zoom can toggle (off on a page still being converted: progressive reading). */
  canZoom?: boolean;
  panel: string | null;
  fullscreen: boolean;
  share: 'idle' | 'copying' | 'copied' | 'copyFailed';
  /** The "More" menu is open (reader machine region `more`). */
  more: boolean;
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

/** Three dots (the "More" button). */
function moreIcon(): SVGSVGElement {
  const svg = icon('list');
  svg.querySelector('path')?.setAttribute('d', 'M5 12h.01M12 12h.01M19 12h.01');
  svg.classList.add('qr-dots');
  return svg;
}

/** Toolbar controls with a popover of their own under them (share menu, favourite note): never moved. */
const PINNED = '.qr-share, .qr-fav';

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
  private readonly tools: HTMLElement;
  /** The toolbar's "More" button, its menu and their wrapper (the menu opens under the button). */
  private readonly moreWrap: HTMLElement;
  private readonly moreButton: HTMLButtonElement;
  private readonly menu: HTMLElement;
  /** The controls that may go into the menu, the first to go first. */
  private readonly movable: HTMLElement[];
  /** The controls now in the menu (hidden in the toolbar). */
  private over: HTMLElement[] = [];
  private menuOpen = false;
  private readonly observers: { disconnect(): void }[] = [];

  constructor(
    private readonly i18n: I18n,
    book: ReaderBook,
    private readonly send: (e: ReaderEvent) => void,
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
    // While the book converts (progressive reading) thumbnails and search wait for the whole book: the
    // chrome is made again once it is (view.ts).
    if (!book.converting)
      this.panels.thumbnails = iconButton('grid', t(M.thumbnails), () => send({ type: 'user.panel', panel: 'thumbnails' }));
    if (book.outline.length) this.panels.outline = iconButton('list', t(M.outline), () => send({ type: 'user.panel', panel: 'outline' }));
    if (!book.converting) this.panels.search = iconButton('search', t(M.search), () => send({ type: 'user.panel', panel: 'search' }));
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
    // Comments, follow and the heart call the reader's DONE-gated calls: they join once the book is whole
    // (progressive reading; the chrome is made again then).
    const slots = book.converting ? [] : toolSlots.map((slot) => slot(book));
    // "More" (issue 22): what does not fit in the toolbar goes into this menu, so every control stays
    // reachable on a phone. Which controls fit is measured (fit); open or closed is the machine's.
    this.moreButton = h(
      'button',
      {
        type: 'button',
        class: 'qr-btn qr-more-btn',
        id: 'qr-more-btn',
        'aria-label': t(M.more),
        title: t(M.more),
        'aria-haspopup': 'menu',
        'aria-expanded': 'false',
        'aria-controls': 'qr-more-menu',
        onClick: () => send({ type: 'user.moreToggle' }),
      },
      moreIcon(),
    );
    this.menu = h('div', { class: 'qr-more-menu', id: 'qr-more-menu', role: 'menu', 'aria-labelledby': 'qr-more-btn', hidden: true });
    this.moreWrap = h('span', { class: 'qr-more qr-over', onKeydown: (e: KeyboardEvent) => this.onMenuKey(e) }, this.moreButton, this.menu);
    this.tools = h(
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
      ...slots,
      this.moreWrap,
    );
    // The view select goes first (the widest, and phones choose their layout themselves), then the
    // file and screen tools, the other features' buttons, and last the page tools.
    const extra = slots.filter((el): el is HTMLElement => !!el && !el.matches(PINNED)).reverse();
    this.movable = [
      this.mode,
      print,
      download,
      this.full,
      ...extra,
      this.panels.outline,
      opts.sound,
      this.zoom,
      this.panels.thumbnails,
      this.panels.search,
    ].filter((el): el is HTMLElement => !!el);
    this.top = h(
      'header',
      { class: 'qr-top' },
      logo,
      // The title stays on phones too (ellipsised; the full name is its tooltip and accessible name).
      h('h1', { class: 'qr-title', title: book.name }, book.name),
      this.tools,
    );
    if (typeof ResizeObserver !== 'undefined') {
      const resized = new ResizeObserver(() => this.fit());
      resized.observe(this.top);
      // The logo takes its size once its image loads (or fails): the tools get what it leaves.
      resized.observe(logo);
      this.observers.push(resized);
    }
    // A control shown or hidden later (the heart once its state is known) changes what fits.
    // (Only a control shown, hidden, added or removed counts: not the icons each state redraws, nor
    // the menu's own drawing.)
    const changed = new MutationObserver((records) => {
      if (records.some((r) => (r.type === 'attributes' || r.target === this.tools) && !this.moreWrap.contains(r.target))) this.fit();
    });
    changed.observe(this.tools, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
    this.observers.push(changed);
    document.fonts?.ready.then(() => this.fit()).catch(() => {});
    document.addEventListener('pointerdown', this.outside);
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
    this.zoom.disabled = s.canZoom === false;
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
    if (s.more !== this.menuOpen) {
      this.menuOpen = s.more;
      this.moreButton.setAttribute('aria-expanded', String(s.more));
      this.menu.hidden = !s.more;
      if (s.more) {
        this.renderMenu();
        this.items()[0]?.focus();
      }
    }
  }

  /** Stops watching the bar (the reader rebuilds its toolbar per book and language). */
  destroy(): void {
    for (const o of this.observers) o.disconnect();
    document.removeEventListener('pointerdown', this.outside);
  }

  /**
   * Keeps in the toolbar what fits: everything when it can, else the "More" button and the controls
   * that still fit, the movable ones leaving in their order. Only classes change here (the observers
   * watch `hidden`), so fitting never triggers itself.
   */
  fit(): void {
    if (!this.tools.isConnected) return;
    for (const el of this.movable) el.classList.remove('qr-over');
    this.moreWrap.classList.add('qr-over');
    const fits = () => this.tools.scrollWidth <= this.tools.clientWidth + 1;
    const over: HTMLElement[] = [];
    if (!fits()) {
      this.moreWrap.classList.remove('qr-over');
      for (const el of this.movable) {
        if (el.hidden) continue;
        el.classList.add('qr-over');
        over.push(el);
        if (fits()) break;
      }
    }
    const same = over.length === this.over.length && over.every((el, i) => el === this.over[i]);
    this.over = over;
    if (!this.menuOpen || same) return;
    if (!over.length) {
      this.send({ type: 'user.moreClose' });
      return;
    }
    const focused = this.menu.contains(document.activeElement);
    this.renderMenu();
    if (focused) this.items()[0]?.focus();
  }

  private items(): HTMLElement[] {
    return [...this.menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
  }

  /** An item closes the menu, gives the focus back to "More", then does its work (which may move the focus on). */
  private choose(act: () => void): void {
    this.send({ type: 'user.moreClose' });
    this.moreButton.focus();
    act();
  }

  /** The menu's entries: each control now hidden in the toolbar, by its own name and icon, in toolbar order. */
  private renderMenu(): void {
    const item = (role: string, label: string, act: () => void, extra: Record<string, unknown> = {}, ...icons: (Node | null)[]) =>
      h(
        'button',
        { type: 'button', role, class: 'qr-menu-item', tabindex: '-1', onClick: () => act(), ...extra },
        ...icons,
        h('span', null, label),
      );
    const shown = this.over
      .filter((el) => !el.hidden)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    fill(
      this.menu,
      ...shown.map((el) => {
        if (el === this.mode) {
          const label = tr(this.i18n, M.mode);
          return h(
            'div',
            { role: 'group', 'aria-label': label, class: 'qr-menu-group' },
            h('div', { class: 'qr-menu-label', 'aria-hidden': 'true' }, label),
            ...[...this.mode.options].map((o) =>
              item('menuitemradio', o.text, () => this.choose(() => this.send({ type: 'user.mode', mode: o.value as ViewMode })), {
                'aria-checked': String(o.value === this.mode.value),
              }),
            ),
          );
        }
        const disabled = el instanceof HTMLButtonElement && el.disabled;
        return item(
          'menuitem',
          el.getAttribute('aria-label') || el.textContent || '',
          () => {
            if (!disabled) this.choose(() => el.click());
          },
          { 'aria-disabled': disabled ? 'true' : undefined, 'data-pressed': el.getAttribute('aria-pressed') ?? undefined },
          el.querySelector('svg')?.cloneNode(true) ?? null,
        );
      }),
    );
  }

  /** A press outside the button and its menu closes the menu. */
  private readonly outside = (e: PointerEvent): void => {
    if (this.menuOpen && !this.moreWrap.contains(e.target as Node)) this.send({ type: 'user.moreClose' });
  };

  /**
   * Menu keys (WAI-ARIA menu button): arrows move and wrap, Home/End go to the ends, Escape closes and
   * returns to the button, Tab closes and goes on; ArrowDown/Up on the button open the menu. None of
   * them reaches the reader's own keys (page turns).
   */
  private onMenuKey(e: KeyboardEvent): void {
    const onButton = e.target === this.moreButton;
    if (onButton && !this.menuOpen && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      e.stopPropagation();
      this.send({ type: 'user.moreToggle' });
      if (e.key === 'ArrowUp') this.items().at(-1)?.focus();
      return;
    }
    if (!this.menuOpen) return;
    if (e.key === 'Tab') {
      this.send({ type: 'user.moreClose' });
      return;
    }
    const items = this.items();
    const i = items.indexOf(document.activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown'
        ? (i + 1) % items.length
        : e.key === 'ArrowUp'
          ? (i - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -2;
    if (e.key === 'Escape') {
      this.send({ type: 'user.moreClose' });
      this.moreButton.focus();
    } else if (to === -2) return;
    else items[to]?.focus();
    e.preventDefault();
    e.stopPropagation();
  }
}
