import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { LibraryActorRef } from '../../../../machines/library/library.machine';
import { formatBytes } from '../../../contracts/bytes';
import type { LibraryItem, LibraryKind } from '../../../contracts/library';
import { Button, Modal } from '../ui';
import { STYLE_LABELS } from './labels';

/**
 * The list of a library page (issue 16) and its delete confirmation, drawn from the library machine
 * (machines/library/library.machine.ts). Shared by the three pages; what differs (the uploader, the
 * skin editor) comes as children.
 */

/** What a deleted item's publications go back to. */
function Fallback({ kind }: { kind: LibraryKind }) {
  if (kind === 'skin') return <Trans id="library.delete.fallback.skin">They go back to the default skin (2021).</Trans>;
  if (kind === 'background') return <Trans id="library.delete.fallback.background">They go back to no background.</Trans>;
  return <Trans id="library.delete.fallback.logo">They go back to no logo.</Trans>;
}

/** "Used by 3 publications" / "Not used by any publication". */
export function Usage({ books }: { books: number }) {
  return (
    <Plural id="library.usage" value={books} _0="Not used by any publication" one="Used by # publication" other="Used by # publications" />
  );
}

function ItemFacts({ item }: { item: LibraryItem }) {
  const { i18n } = useLingui();
  if (item.kind === 'skin') return <>{i18n._(STYLE_LABELS[item.style])}</>;
  return (
    <>
      {item.width} × {item.height} · {formatBytes(item.bytes, i18n.locale)}
    </>
  );
}

function ItemCard({ actor, item }: { actor: LibraryActorRef; item: LibraryItem }) {
  const canDelete = useSelector(actor, (s) => s.can({ type: 'user.delete', id: item.id }));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'user.edit', id: item.id }));
  const removing = useSelector(actor, (s) => s.context.removing?.id === item.id);
  return (
    <li className="lib-item" data-testid="library-item" aria-busy={removing || undefined}>
      <img
        className={`lib-item__preview lib-item__preview--${item.kind}`}
        src={item['url.preview']}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className="lib-item__body">
        <strong className="lib-item__name" data-testid="library-item-name">
          {item.name}
        </strong>
        <span className="as-meta">
          <ItemFacts item={item} />
        </span>
        <span className="as-meta" data-testid="library-item-usage">
          <Usage books={item.books} />
        </span>
      </div>
      <div className="as-row-actions lib-item__actions">
        {item.kind === 'skin' && (
          <Button size="sm" disabled={!canEdit} onClick={() => actor.send({ type: 'user.edit', id: item.id })}>
            <Trans id="library.edit">Edit</Trans>
            <span className="visually-hidden"> {item.name}</span>
          </Button>
        )}
        <Button size="sm" variant="danger" disabled={!canDelete} onClick={() => actor.send({ type: 'user.delete', id: item.id })}>
          <Trans id="library.delete">Delete</Trans>
          <span className="visually-hidden"> {item.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** Asks before a deletion, with the number of publications that use the item (counted when asked). */
export function DeleteConfirm({ actor }: { actor: LibraryActorRef }) {
  const open = useSelector(actor, (s) => s.matches({ ready: 'checking' }) || s.matches({ ready: 'confirming' }));
  const checking = useSelector(actor, (s) => s.matches({ ready: 'checking' }));
  const item = useSelector(actor, (s) => s.context.removing);
  const usage = useSelector(actor, (s) => s.context.usage);
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'user.confirmDelete' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancelDelete' }));
  const cancel = () => {
    if (canCancel) actor.send({ type: 'user.cancelDelete' });
  };
  const name = item?.name ?? '';
  return (
    <Modal
      open={open}
      title={<Trans id="library.delete.title">Delete “{name}”?</Trans>}
      onEscape={cancel}
      onBackdrop={cancel}
      onClose={canCancel ? cancel : undefined}
      footer={
        <>
          <Button onClick={cancel} disabled={!canCancel}>
            <Trans id="library.delete.cancel">Keep it</Trans>
          </Button>
          <Button
            variant="danger"
            data-testid="library-delete-confirm"
            disabled={!canConfirm}
            onClick={() => actor.send({ type: 'user.confirmDelete' })}
          >
            <Trans id="library.delete.confirm">Delete</Trans>
          </Button>
        </>
      }
    >
      {checking ? (
        <p aria-busy="true" data-testid="library-delete-checking">
          <span className="spinner spinner--sm" /> <Trans id="library.delete.checking">Counting the publications that use it…</Trans>
        </p>
      ) : (
        <div data-testid="library-delete-usage">
          <p>
            <strong>
              <Usage books={usage} />
            </strong>
          </p>
          {usage > 0 && item && (
            <p>
              <Fallback kind={item.kind} />
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}

/** The items (or the empty message) with their count against the limit. */
export function ItemList({ actor, empty, label }: { actor: LibraryActorRef; empty: ReactNode; label: string }) {
  const items = useSelector(actor, (s) => s.context.items);
  const limit = useSelector(actor, (s) => s.context.limit);
  const count = items.length;
  return (
    <>
      <p className="as-meta lib-count" data-testid="library-count">
        <Trans id="library.count">
          {count} of {limit}
        </Trans>
      </p>
      {count === 0 ? (
        <p data-testid="library-empty">{empty}</p>
      ) : (
        <ul className="lib-items" aria-label={label}>
          {items.map((item) => (
            <ItemCard key={item.id} actor={actor} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}
