import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { type FavoriteHeartEvent, type FavoriteProblem, favoriteHeartMachine } from '../../../machines/favorites/heart.machine';
import { FAVORITES_MAX } from '../../contracts/favorite-limits';
import type { ReaderBook } from '../../contracts/reader';
import { M } from '../messages';
import { comeBackAfterSignIn } from './comments';
import { h, icon } from './dom';
import { createFavoriteApi } from './favorite-api';

export { inFrame } from './favorite-api';

/**
 * The reader's heart (issue 16): a toggle button in the toolbar (chrome.ts `toolSlots`), drawn from the
 * heart machine (machines/favorites/heart.machine.ts). Signed out, it explains that signing in comes
 * first, in a note under the button: from the app's own pages it leads to /login and back to this
 * page; inside an embed on another site it opens the publication page in a new tab instead (a sign-in
 * inside someone else's frame would neither work nor be safe). The note also says why a refused add or
 * remove was refused. Plain DOM with inline styles, like the share menu (reader.css is the layout's).
 */

type Snap = SnapshotFrom<typeof favoriteHeartMachine>;

const FM = {
  add: msg({ id: 'reader.favorite.add', message: 'Add to favourites' }),
  on: msg({ id: 'reader.favorite.on', message: 'In your favourites' }),
  signInText: msg({ id: 'reader.favorite.signIn.text', message: 'Sign in to keep this publication in your favourites.' }),
  signIn: msg({ id: 'reader.favorite.signIn', message: 'Sign in' }),
  embedText: msg({
    id: 'reader.favorite.embed.text',
    message: 'Open this publication on Quire to keep it in your favourites.',
  }),
  embedOpen: msg({ id: 'reader.favorite.embed.open', message: 'Open on Quire' }),
  limit: msg({
    id: 'reader.favorite.limit',
    message: 'You keep {max} favourites, the most one can keep. Remove some to add this one.',
  }),
  manage: msg({ id: 'reader.favorite.manage', message: 'Your favourites' }),
  private: msg({ id: 'reader.favorite.private', message: 'A private publication cannot be added to your favourites.' }),
  session: msg({ id: 'reader.favorite.session', message: 'Your session has ended. Sign in again to keep your favourites.' }),
  failed: msg({ id: 'reader.favorite.failed', message: 'Your favourites could not be updated. Try again.' }),
};

const HEART = 'M12 20.5 4.6 13.3a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.4.4.4-.4a4.9 4.9 0 0 1 7 0 4.9 4.9 0 0 1 0 7z';
function heartIcon(filled: boolean): SVGSVGElement {
  const svg = icon('list');
  const path = svg.querySelector('path');
  path?.setAttribute('d', HEART);
  if (filled) path?.setAttribute('fill', 'currentColor');
  return svg;
}

const NOTE_STYLE = {
  position: 'fixed',
  zIndex: '40',
  maxWidth: 'min(20rem, calc(100vw - 16px))',
  padding: '10px 12px',
  borderRadius: '8px',
  background: 'var(--qr-bar)',
  border: '1px solid var(--qr-line)',
  color: 'var(--qr-ink)',
  boxShadow: '0 8px 24px rgba(0,0,0,.25)',
  fontSize: 'var(--t-sm)',
};

export class FavoriteView {
  readonly button: HTMLButtonElement;
  /** The note under the heart (explanation or refusal), kept outside the scrolling toolbar. */
  readonly note: HTMLElement;
  private shown = '';

  constructor(
    private readonly root: HTMLElement,
    private readonly i18n: I18n,
    private readonly book: ReaderBook,
    private readonly embedded: boolean,
    private readonly send: (e: FavoriteHeartEvent) => void,
  ) {
    this.button = h('button', {
      type: 'button',
      class: 'qr-btn qr-fav',
      'aria-pressed': 'false',
      onClick: () => send({ type: 'user.toggle' }),
    });
    this.note = h('div', { id: 'qr-fav-note', role: 'status', hidden: true, style: NOTE_STYLE });
  }

  private t = (d: MessageDescriptor, values?: Record<string, unknown>) => this.i18n._({ ...d, values });

  /** What the note says in this state ('' = no note). */
  static noteOf(s: Snap): 'prompt' | FavoriteProblem | '' {
    if (s.matches({ signedOut: 'prompt' })) return 'prompt';
    return (s.matches('off') || s.matches('on')) && s.context.problem ? s.context.problem : '';
  }

  sync(s: Snap): void {
    const b = this.button;
    b.hidden = s.matches('unavailable');
    const on = s.matches('on') || s.matches('removing');
    const label = this.t(on ? FM.on : FM.add);
    b.setAttribute('aria-label', label);
    b.title = label;
    b.setAttribute('aria-pressed', String(on));
    b.disabled = !s.can({ type: 'user.toggle' });
    b.replaceChildren(heartIcon(on));
    b.style.color = on ? '#ff6b81' : '';
    const signedOut = s.matches('signedOut');
    if (signedOut) {
      b.setAttribute('aria-expanded', String(s.matches({ signedOut: 'prompt' })));
      b.setAttribute('aria-controls', this.note.id);
    } else {
      b.removeAttribute('aria-expanded');
      b.removeAttribute('aria-controls');
    }
    this.renderNote(FavoriteView.noteOf(s));
  }

  private renderNote(kind: string): void {
    if (!kind) {
      this.note.hidden = true;
      this.note.replaceChildren();
      this.shown = '';
      return;
    }
    if (!this.note.isConnected) this.root.append(this.note);
    const opening = this.shown !== kind;
    this.shown = kind;
    const cta = (label: string, props: Record<string, unknown>) =>
      h('a', { class: 'qr-cta', style: { minHeight: '34px', marginTop: '8px' }, ...props }, label);
    let text: string;
    let action: HTMLElement | null = null;
    if (kind === 'prompt' && this.embedded) {
      text = this.t(FM.embedText);
      action = cta(this.t(FM.embedOpen), { href: `/publication/${this.book.id}`, target: '_blank', rel: 'noopener' });
    } else if (kind === 'prompt' || kind === 'session') {
      text = this.t(kind === 'prompt' ? FM.signInText : FM.session);
      action = this.embedded ? null : cta(this.t(FM.signIn), { href: '/login', onClick: comeBackAfterSignIn });
    } else if (kind === 'limit') {
      text = this.t(FM.limit, { max: new Intl.NumberFormat(this.i18n.locale || 'en').format(FAVORITES_MAX) });
      action = this.embedded ? null : cta(this.t(FM.manage), { href: '/account/favorite', class: 'qr-cta qr-cta-ghost' });
    } else text = this.t(kind === 'private' ? FM.private : FM.failed);
    const close = h(
      'button',
      {
        type: 'button',
        class: 'qr-btn',
        'aria-label': this.t(M.close),
        title: this.t(M.close),
        style: { float: 'right', width: '28px', height: '28px', margin: '-6px -6px 0 6px' },
        onClick: () => this.dismiss(),
      },
      icon('close'),
    );
    this.note.replaceChildren(close, h('p', { style: { margin: '0' } }, text), ...(action ? [action] : []));
    this.note.hidden = false;
    this.place();
    // The explanation was asked for: keyboard users land on its way forward.
    if (opening && kind === 'prompt') (action ?? close).focus();
  }

  /** Under the heart, kept on screen. */
  place(): void {
    if (this.note.hidden) return;
    const r = this.button.getBoundingClientRect();
    this.note.style.top = `${Math.round(r.bottom + 6)}px`;
    this.note.style.right = `${Math.max(8, Math.round(innerWidth - r.right))}px`;
  }

  /** Escape or the close button: the note goes, the focus returns to the heart. */
  dismiss(): void {
    const inside = this.note.contains(document.activeElement);
    this.send({ type: 'user.dismiss' });
    if (inside && !this.button.hidden) this.button.focus();
  }
}

export interface FavoriteMount {
  /** The toolbar slot (chrome.ts toolSlots): the heart of the book. */
  slot(book: ReaderBook): HTMLElement | null;
}

/** Starts the heart machine for the book once the toolbar is built (the book is known then). */
export function mountFavorite(o: {
  root: HTMLElement;
  i18n: I18n;
  api: string;
  bookId: string;
  readerToken: string | null;
  accessToken: string | null;
  embedded: boolean;
}): FavoriteMount {
  let view: FavoriteView | null = null;
  let actor: ReturnType<typeof createActor<typeof favoriteHeartMachine>> | null = null;
  function start(book: ReaderBook): FavoriteView {
    const api = createFavoriteApi(o.api, o.bookId, o.readerToken, o.accessToken);
    const a = createActor(
      favoriteHeartMachine.provide({
        actors: {
          // Anonymous readers: no call; a public book may be added once signed in.
          loadFavorite: fromPromise(() =>
            o.accessToken ? api.state() : Promise.resolve({ favorite: false, allowed: book.publishing_mode === 1 }),
          ),
          addFavorite: fromPromise(() => api.add()),
          removeFavorite: fromPromise(() => api.remove()),
        },
      }),
      { input: { signedIn: !!o.accessToken } },
    );
    const v = new FavoriteView(o.root, o.i18n, book, o.embedded, (e) => a.send(e));
    a.subscribe((s) => v.sync(s));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && FavoriteView.noteOf(a.getSnapshot())) v.dismiss();
    });
    // A click elsewhere closes the explanation; a resize keeps the note under the heart.
    document.addEventListener('pointerdown', (e) => {
      const target = e.target as Node;
      if (FavoriteView.noteOf(a.getSnapshot()) && !v.note.contains(target) && !v.button.contains(target)) a.send({ type: 'user.dismiss' });
    });
    addEventListener('resize', () => v.place());
    a.start();
    actor = a;
    return v;
  }
  return {
    slot: (book) => {
      view ??= start(book);
      // The toolbar is rebuilt per language: the labels follow.
      if (actor) view.sync(actor.getSnapshot());
      return view.button;
    },
  };
}
