import type { I18n, MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { COMMENT_TEXT_MAX, LOGIN_REDIRECT_COOKIE, LOGIN_REDIRECT_DAYS } from '../../../machines/constants';
import { type CommentsEvent, commentsMachine } from '../../../machines/reader/comments.machine';
import { setCookie } from '../../api/cookies';
import type { PublicComment } from '../../contracts/comments';
import type { ReaderBook } from '../../contracts/reader';
import { M } from '../messages';
import { createCommentsApi } from './comments-api';
import { h, icon, iconButton } from './dom';

/**
 * The reader's comments panel and "follow the publisher" button (issue "Reading"), drawn from the
 * comments machine (machines/reader/comments.machine.ts). Comment texts and names are set as text
 * (never HTML). The buttons join the toolbar through chrome.ts `toolSlots`; the panel takes the
 * side-panel place (`.qr-panel-host`) that the reader's own panels use, one panel at a time.
 */

type Snap = SnapshotFrom<typeof commentsMachine>;

const BUBBLE = 'M4 5h16v11H10l-5 4v-4H4z';
const BELL = 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4';
function pathIcon(d: string): SVGSVGElement {
  const svg = icon('list');
  svg.querySelector('path')?.setAttribute('d', d);
  return svg;
}

/** "Sign in" from the reader: the app comes back to this book, at this page, once signed in. */
export const comeBackAfterSignIn = () =>
  setCookie(LOGIN_REDIRECT_COOKIE, `${location.pathname}${location.search}${location.hash}`, LOGIN_REDIRECT_DAYS);

export class CommentsView {
  /** The toolbar's comments button (null when the book refuses comments). */
  readonly commentsButton: HTMLButtonElement | null;
  /** The follow toggle, or for anonymous readers a link to sign in (null without subscribe_mode). */
  readonly followControl: HTMLElement | null;
  private panel: HTMLElement | null = null;
  private list: HTMLOListElement | null = null;
  private status: HTMLElement | null = null;
  private more: HTMLButtonElement | null = null;
  private textarea: HTMLTextAreaElement | null = null;
  private postButton: HTMLButtonElement | null = null;
  private shown: PublicComment[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly i18n: I18n,
    private readonly book: ReaderBook,
    private readonly signedIn: boolean,
    private readonly send: (e: CommentsEvent) => void,
  ) {
    this.commentsButton = book.comments !== 0 ? iconButton('list', '', () => send({ type: 'user.toggle' })) : null;
    this.commentsButton?.replaceChildren(pathIcon(BUBBLE));
    this.followControl = !book.subscribe
      ? null
      : signedIn
        ? iconButton('list', '', () => send({ type: 'user.follow' }))
        : h('a', { class: 'qr-btn', href: '/login', onClick: comeBackAfterSignIn }, pathIcon(BELL));
    if (this.followControl instanceof HTMLButtonElement) this.followControl.replaceChildren(pathIcon(BELL));
  }

  private t = (d: MessageDescriptor, values?: Record<string, unknown>) => this.i18n._({ ...d, values });

  /** Whether the comments panel is open (the reader closes its own panels then). */
  static isOpen(s: Snap): boolean {
    return !s.matches({ panel: 'closed' });
  }

  sync(s: Snap): void {
    const name = this.book.account.name;
    if (this.commentsButton) {
      const label = this.t(M.comments);
      this.commentsButton.setAttribute('aria-label', label);
      this.commentsButton.title = label;
      this.commentsButton.setAttribute('aria-pressed', String(CommentsView.isOpen(s)));
    }
    if (this.followControl) {
      const on = s.matches({ follow: 'on' }) || s.matches({ follow: 'unsubscribing' });
      const label = this.t(!this.signedIn ? M.followSignIn : on ? M.following : M.follow, { name });
      this.followControl.setAttribute('aria-label', label);
      this.followControl.title = label;
      if (this.followControl instanceof HTMLButtonElement) {
        this.followControl.setAttribute('aria-pressed', String(on));
        this.followControl.disabled = !s.can({ type: 'user.follow' });
      }
    }
    this.renderPanel(s);
  }

  private renderPanel(s: Snap): void {
    if (!CommentsView.isOpen(s)) {
      this.panel?.remove();
      this.panel = null;
      return;
    }
    const opening = !this.panel;
    if (!this.panel) this.build();
    const host = this.root.querySelector('.qr-panel-host') ?? this.root;
    if (this.panel && !this.panel.isConnected) host.replaceChildren(this.panel);
    // Keyboard users land in the panel (the form, else its close button), like a dialog's first field.
    if (opening) (this.textarea ?? this.panel?.querySelector<HTMLElement>('.qr-panel-head button'))?.focus();
    const c = s.context;
    const ready = s.matches({ panel: 'ready' });
    if (this.list && (this.shown !== c.comments || !ready)) {
      this.shown = c.comments;
      this.list.replaceChildren(...(ready ? c.comments.map((k) => this.item(k)) : []));
    }
    if (this.status) {
      this.status.textContent = s.matches({ panel: 'loading' })
        ? this.t(M.commentsLoading)
        : s.matches({ panel: 'failed' })
          ? this.t(M.commentsFailed)
          : s.matches({ panel: { ready: { form: 'held' } } })
            ? this.t(M.commentHeld)
            : s.matches({ panel: { ready: { form: 'postFailed' } } })
              ? this.t(M.commentFailed)
              : ready
                ? c.total
                  ? this.t(M.commentsCount, { count: c.total })
                  : this.t(M.commentsNone)
                : '';
    }
    if (this.more) this.more.hidden = !s.can({ type: 'user.more' });
    if (this.textarea && c.draft === '' && this.textarea.value !== '') this.textarea.value = '';
    if (this.postButton) {
      const posting = s.matches({ panel: { ready: { form: 'posting' } } });
      this.postButton.disabled = !s.can({ type: 'user.post' });
      this.postButton.textContent = this.t(posting ? M.commentPosting : M.commentPost);
    }
  }

  private item(c: PublicComment): HTMLElement {
    const date = new Date(c.created_at);
    return h(
      'li',
      { class: 'qr-comment', style: { padding: 'var(--s-2) 0', borderBottom: '1px solid var(--qr-line)' } },
      h('strong', null, c.author_name),
      ' ',
      h(
        'time',
        { datetime: date.toISOString(), style: { color: 'var(--qr-ink-2)', fontSize: 'var(--t-sm)' } },
        new Intl.DateTimeFormat(this.i18n.locale || 'en', { dateStyle: 'medium' }).format(date),
      ),
      h('p', { style: { margin: 'var(--s-1) 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }, c.text),
    );
  }

  private build(): void {
    const title = this.t(M.comments);
    this.list = h('ol', { class: 'qr-outline qr-comments', 'aria-label': title });
    this.status = h('p', { class: 'qr-search-status', role: 'status' });
    this.more = h(
      'button',
      { type: 'button', class: 'qr-cta qr-cta-ghost', onClick: () => this.send({ type: 'user.more' }) },
      this.t(M.commentsMore),
    );
    const form = this.book.comments === 0 ? null : this.signedIn ? this.form() : this.signInLink();
    this.panel = h(
      'aside',
      {
        class: 'qr-panel qr-panel-comments',
        'aria-label': title,
      },
      h(
        'div',
        { class: 'qr-panel-head' },
        h('h2', null, title),
        iconButton('close', this.t(M.close), () => this.send({ type: 'user.close' })),
      ),
      form,
      this.status,
      this.list,
      h('div', { style: { padding: '0 var(--s-3) var(--s-3)' } }, this.more),
    );
  }

  private form(): HTMLElement {
    const id = 'qr-comment-text';
    this.textarea = h('textarea', {
      id,
      name: 'text',
      rows: 3,
      maxlength: COMMENT_TEXT_MAX,
      required: true,
      style: { width: '100%', boxSizing: 'border-box', font: 'inherit', padding: 'var(--s-2)', borderRadius: 'var(--r-sm)' },
      onInput: () => this.send({ type: 'user.type', text: this.textarea?.value ?? '' }),
    });
    this.postButton = h('button', { type: 'submit', class: 'qr-cta' }, this.t(M.commentPost));
    return h(
      'form',
      {
        class: 'qr-comment-form',
        style: { display: 'grid', gap: 'var(--s-2)', padding: 'var(--s-3) var(--s-3) 0' },
        onSubmit: (e: Event) => {
          e.preventDefault();
          this.send({ type: 'user.post' });
        },
      },
      h('label', { for: id }, this.t(M.commentLabel)),
      this.textarea,
      this.book.comments === 1
        ? h('p', { style: { margin: 0, color: 'var(--qr-ink-2)', fontSize: 'var(--t-sm)' } }, this.t(M.commentModerated))
        : null,
      h('div', null, this.postButton),
    );
  }

  private signInLink(): HTMLElement {
    return h(
      'p',
      { style: { padding: 'var(--s-3) var(--s-3) 0', margin: 0 } },
      h('a', { class: 'qr-cta', href: '/login', onClick: comeBackAfterSignIn }, this.t(M.commentSignIn)),
    );
  }
}

export interface CommentsMount {
  /** Toolbar slots (chrome.ts toolSlots): the comments button and the follow control of a book. */
  slot(kind: 'comments' | 'follow'): (book: ReaderBook) => HTMLElement | null;
  /** The reader opened one of its own panels: the comments panel makes way. */
  readerPanelOpened(): void;
}

/**
 * Starts the comments machine for the book once the toolbar is built (the book is known then) and
 * keeps one panel open at a time with the reader's own panels.
 */
export function mountComments(o: {
  root: HTMLElement;
  i18n: I18n;
  api: string;
  bookId: string;
  readerToken: string | null;
  accessToken: string | null;
  closeReaderPanel: () => void;
}): CommentsMount {
  let view: CommentsView | null = null;
  let actor: ReturnType<typeof start> | null = null;
  function start(book: ReaderBook) {
    const api = createCommentsApi(o.api, o.bookId, o.readerToken, o.accessToken);
    const a = createActor(
      commentsMachine.provide({
        actors: {
          loadComments: fromPromise(({ input, signal }) => api.list(input.start, signal)),
          postComment: fromPromise(({ input }) => api.post(input.text)),
          loadSubscription: fromPromise(() => (book.subscribe ? api.subscription() : Promise.resolve({ subscribed: false }))),
          setSubscription: fromPromise(({ input }) => api.follow(input.on)),
        },
      }),
      { input: { signedIn: !!o.accessToken } },
    );
    const v = new CommentsView(o.root, o.i18n, book, !!o.accessToken, (e) => a.send(e));
    let wasOpen = false;
    a.subscribe((s) => {
      const open = CommentsView.isOpen(s);
      if (open && !wasOpen) o.closeReaderPanel();
      wasOpen = open;
      v.sync(s);
    });
    view = v;
    // Escape closes the panel wherever the focus is (the reader's own key handling ignores it then).
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && CommentsView.isOpen(a.getSnapshot())) a.send({ type: 'user.close' });
    });
    a.start();
    return a;
  }
  const ensure = (book: ReaderBook) => {
    if (!actor && (book.comments !== 0 || book.subscribe)) actor = start(book);
    return view;
  };
  return {
    slot: (kind) => (book) => {
      const v = ensure(book);
      return (kind === 'comments' ? v?.commentsButton : v?.followControl) ?? null;
    },
    readerPanelOpened: () => {
      if (actor && CommentsView.isOpen(actor.getSnapshot())) actor.send({ type: 'user.close' });
    },
  };
}
