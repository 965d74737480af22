import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReaderEvent } from '../../../machines/reader.machine';
import { readClientConfig } from '../../api/hosts';
import type { ReaderBook } from '../../contracts/reader';
import { SHARE_SERVICES, type ShareService, type ShareSource, shareLink } from '../../contracts/share';
import { publisherId, sendShareBeacon, storedAccountId } from '../../web/share/beacon';
import { M } from '../messages';
import { withShareMarker } from '../stats';
import { h, icon } from './dom';

/**
 * The reader's share menu (issue 7; shown when share_mode is 1): the six services of SPEC §9 and
 * "copy link". A service opens its share page in a pop-up and sends the usage beacon; "copy link"
 * is the reader machine's own copy (`user.share`, with its 1 s indicator) plus a beacon. Anonymous
 * readers always send it; a signed-in publisher sharing its own publication does not (the app's stored
 * user names the account). Plain DOM with inline styles: reader.css belongs to the reader's layout.
 */

const SM = {
  menu: msg({ id: 'reader.share.menu', message: 'Share' }),
  mail: msg({ id: 'reader.share.mail', message: 'E-mail' }),
};
const NAMES: Record<Exclude<ShareService, 'mail'>, string> = {
  facebook: 'Facebook',
  x: 'X',
  tumblr: 'Tumblr',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
};

export type ReaderShareState = 'idle' | 'copying' | 'copied' | 'copyFailed';

export interface ShareMenuOptions {
  /** Opens a share URL (default: a pop-up; mailto in place). */
  open?: (service: ShareService, url: string) => void;
  /** Sends a beacon (default: src/web/share/beacon.ts to the configured beacon host). */
  beacon?: (source: ShareSource) => void;
}

const ITEM_STYLE = {
  display: 'block',
  width: '100%',
  padding: '8px 14px',
  border: '0',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
};

export class ShareMenu {
  readonly el: HTMLElement;
  readonly button: HTMLButtonElement;
  private readonly menu: HTMLElement;
  private readonly copy: HTMLButtonElement;

  constructor(
    private readonly i18n: I18n,
    book: ReaderBook,
    private readonly send: (e: ReaderEvent) => void,
    options: ShareMenuOptions = {},
  ) {
    const t = (d: { id: string; message?: string }) => i18n._(d);
    const url = `${location.origin}${location.pathname}${location.search}`;
    const image = book.image.large ? new URL(book.image.large, location.href).href : undefined;
    const target = { url, name: book.name, image };
    const beacon =
      options.beacon ??
      ((source: ShareSource) => {
        sendShareBeacon(
          readClientConfig().beacon,
          { source, kind: 'book', bookId: book.id, accountId: publisherId(book.account.url.overview) },
          storedAccountId(),
        );
      });
    const open =
      options.open ??
      ((service: ShareService, link: string) => {
        if (service === 'mail') location.assign(link);
        else window.open(link, '_blank', 'noopener,noreferrer,width=640,height=560');
      });
    const item = (label: string, onClick: () => void, extra: Record<string, string> = {}) =>
      h('button', { type: 'button', role: 'menuitem', style: ITEM_STYLE, onClick, ...extra }, label);

    this.button = h(
      'button',
      {
        type: 'button',
        class: 'qr-btn',
        'aria-label': t(SM.menu),
        title: t(SM.menu),
        'aria-haspopup': 'menu',
        'aria-expanded': 'false',
        onClick: () => this.toggle(),
      },
      icon('share'),
    );
    this.copy = item(
      t(M.share),
      () => {
        beacon('copy');
        this.send({ type: 'user.share' });
      },
      { 'data-share': 'copy' },
    );
    this.menu = h(
      'div',
      {
        role: 'menu',
        'aria-label': t(SM.menu),
        hidden: true,
        class: 'qr-share-menu',
        style: {
          position: 'absolute',
          top: '100%',
          right: '0',
          zIndex: '30',
          minWidth: '11rem',
          padding: '6px 0',
          borderRadius: '8px',
          background: 'var(--qr-bar)',
          border: '1px solid var(--qr-line)',
          color: 'var(--qr-ink)',
          boxShadow: '0 8px 24px rgba(0,0,0,.25)',
        },
        onKeydown: (e: KeyboardEvent) => this.onKey(e),
      },
      ...SHARE_SERVICES.map((service) =>
        item(
          service === 'mail' ? t(SM.mail) : NAMES[service],
          () => {
            this.close(false);
            beacon(service);
            // The link carries the service's marker: the statistics count visits it brings as shares (issue 17).
            open(service, shareLink(service, { ...target, url: withShareMarker(url, service) }));
          },
          { 'data-share': service },
        ),
      ),
      this.copy,
    );
    this.el = h('span', { class: 'qr-share', style: { position: 'relative', display: 'inline-flex' } }, this.button, this.menu);
    // A click elsewhere closes the menu; the toolbar is rebuilt per language, so an old menu lets go.
    const outside = (e: PointerEvent) => {
      if (!this.el.isConnected) document.removeEventListener('pointerdown', outside);
      else if (!this.menu.hidden && !this.el.contains(e.target as Node)) this.close(false);
    };
    document.addEventListener('pointerdown', outside);
  }

  /** Follows the reader machine's copy region (label and indicator of "copy link"). */
  sync(state: ReaderShareState): void {
    const label = this.i18n._(state === 'copied' ? M.shareCopied : state === 'copyFailed' ? M.shareFailed : M.share);
    this.copy.textContent = label;
    this.button.dataset.state = state;
    this.copy.dataset.state = state;
    if (state === 'copied' || state === 'copyFailed') this.button.replaceChildren(icon(state === 'copied' ? 'check' : 'share'));
    else this.button.replaceChildren(icon('share'));
  }

  private items(): HTMLButtonElement[] {
    return [...this.menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  }

  private toggle(): void {
    if (this.menu.hidden) {
      this.menu.hidden = false;
      this.button.setAttribute('aria-expanded', 'true');
      this.items()[0]?.focus();
    } else this.close(true);
  }

  private close(focusButton: boolean): void {
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (focusButton) this.button.focus();
  }

  /** Menu keys: Escape closes (back to the button), arrows move, Tab leaves. */
  private onKey(e: KeyboardEvent): void {
    const items = this.items();
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      this.close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      // Not a page turn: the reader's own keys must not see it.
      e.preventDefault();
      e.stopPropagation();
      const next = (i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Tab') this.close(false);
  }
}
