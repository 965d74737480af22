import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense } from 'react';
import type { BookListActorRef } from '../../../../machines/book-list.machine';
import type { ShareTarget } from '../share/ShareModal';
import type { WidgetTarget } from '../widget/WidgetModal';

// Each modal is its own chunk: none of them is part of the app's initial JS (budget, common notes).
const BookSettingsModal = lazy(() => import('./settings/BookSettingsModal'));
const ShareModal = lazy(() => import('../share/ShareModal'));
const WidgetModal = lazy(() => import('../widget/WidgetModal'));

/** The account whose list this is: the share beacon's aid and the library widget's target. */
export interface ListOwner {
  accountId: string;
  name: string;
  /** The account's public publisher page (url.overview). */
  url: string;
}

/**
 * The dialog the book list machine has open (its `dialog` region): the settings of one book or of the
 * selection, or the share or embed modal of a book or of the whole library. Closing tells the machine,
 * which reloads the page after a saved settings change.
 */
export function BookListDialogs({ actor, owner }: { actor: BookListActorRef; owner?: ListOwner }) {
  const dialog = useSelector(actor, (s) => s.context.dialog);
  if (!dialog) return null;
  const close = (saved?: boolean) => actor.send({ type: 'dialog.closed', saved: saved === true });
  let modal: ReactNode = null;
  if (dialog.kind === 'settings') {
    modal = <BookSettingsModal ids={dialog.ids} onClose={close} />;
  } else if (dialog.kind === 'share' && !dialog.book) {
    if (owner) {
      const target: ShareTarget = { kind: 'account', id: owner.accountId, name: owner.name, url: owner.url, accountId: owner.accountId };
      modal = <ShareModal target={target} onClose={() => close()} />;
    }
  } else if (dialog.kind === 'share' && dialog.book) {
    const { book } = dialog;
    const target: ShareTarget = {
      kind: 'book',
      id: book.id,
      name: book.name,
      url: book.url.overview,
      accountId: owner?.accountId ?? '',
      image: book.image.large ?? book.image.medium ?? undefined,
    };
    modal = <ShareModal target={target} onClose={() => close()} />;
  } else if (dialog.book) {
    const target: WidgetTarget = { accountId: owner?.accountId ?? '', bookId: dialog.book.id, name: dialog.book.name };
    modal = <WidgetModal target={target} onClose={() => close()} />;
  } else if (owner) {
    modal = <WidgetModal target={{ accountId: owner.accountId, name: owner.name }} onClose={() => close()} />;
  }
  // The modals draw their own loading state; nothing is shown while a chunk arrives.
  return <Suspense fallback={null}>{modal}</Suspense>;
}
