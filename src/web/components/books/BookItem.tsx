import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { statusKind, truncateTitle } from '../../../../machines/book-list/items';
import type { BookListItem } from '../../../contracts/books';
import { BookFlags, BookStatus } from './BookBadges';
import type { Layout } from './format';
import { DocumentIcon, EmbedIcon, GearIcon, ShareIcon, TrashIcon } from './icons';

export interface BookItemProps {
  book: BookListItem;
  layout: Layout;
  selected: boolean;
  /** Selectable (finished and valid): a checkbox is shown. */
  selectable: boolean;
  /** The machine accepts a delete of this book now. */
  canDelete: boolean;
  /** The machine opens the settings of this book now (not blocked, no other dialog open). */
  canSettings: boolean;
  /** The machine opens the share and embed modals of this book now (finished and valid). */
  canShare: boolean;
  onToggle: () => void;
  onDelete: () => void;
  onSettings: () => void;
  onShare: () => void;
  onEmbed: () => void;
}

/** The thumbnail: image.medium in the grid, image.small in the list; a placeholder while there is none. */
function Thumb({ book, layout }: { book: BookListItem; layout: Layout }) {
  const src = layout === 'grid' ? book.image.medium : book.image.small;
  const kind = statusKind(book);
  if (src) return <img className="book-item__img" src={src} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`book-item__img book-item__img--empty book-item__img--${kind}`} aria-hidden="true">
      {kind === 'error' ? '!' : kind === 'converting' ? <span className="spinner" /> : <DocumentIcon />}
    </span>
  );
}

/**
 * One book of the list (grid card or list row). A blocked book is neither selectable nor clickable (SPEC §4);
 * converting and failed ones are not selectable. The title is cut at 40 characters, whole in its title
 * attribute and for screen readers.
 */
export function BookItem(props: BookItemProps) {
  const { book, layout, selected, selectable, canDelete, canSettings, canShare, onToggle, onDelete } = props;
  const { t } = useLingui();
  const titleId = useId();
  const short = truncateTitle(book.name);
  const cut = short !== book.name;
  const clickable = book.is_valid;
  const name = book.name;
  const classes = [
    'book-item',
    `book-item--${layout}`,
    `book-item--${statusKind(book)}`,
    !book.is_valid && 'book-item--blocked',
    selected && 'book-item--selected',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li className={classes} aria-labelledby={titleId}>
      <div className="book-item__select">
        {selectable && (
          <input
            type="checkbox"
            className="book-item__check"
            checked={selected}
            onChange={onToggle}
            aria-label={t({ id: 'book.select', message: `Select “${name}”` })}
          />
        )}
      </div>
      {/* Not a link of its own: the title's link covers the whole card (one link per book for screen readers). */}
      <span className="book-item__thumb">
        <Thumb book={book} layout={layout} />
      </span>
      <div className="book-item__body">
        <h3 className="book-item__title" id={titleId}>
          {clickable ? (
            <a className="book-item__link" href={book.url.overview} title={cut ? book.name : undefined}>
              {cut ? (
                <>
                  <span aria-hidden="true">{short}</span>
                  <span className="visually-hidden">{book.name}</span>
                </>
              ) : (
                book.name
              )}
            </a>
          ) : (
            <span title={cut ? book.name : undefined}>{short}</span>
          )}
        </h3>
        <BookStatus book={book} />
        <BookFlags book={book} />
      </div>
      <div className="book-item__actions">
        {/* Disabled rather than hidden while not offered, so the layout does not move. */}
        <button
          type="button"
          className="btn btn--ghost btn--sm btn--icon book-item__settings"
          disabled={!canSettings}
          onClick={props.onSettings}
          title={t({ id: 'book.settings.short', message: 'Settings' })}
          aria-label={t({ id: 'book.settings', message: `Settings of “${name}”` })}
        >
          <GearIcon />
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm btn--icon book-item__share"
          disabled={!canShare}
          onClick={props.onShare}
          title={t({ id: 'book.share.short', message: 'Share' })}
          aria-label={t({ id: 'book.share', message: `Share “${name}”` })}
        >
          <ShareIcon />
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm btn--icon book-item__embed"
          disabled={!canShare}
          onClick={props.onEmbed}
          title={t({ id: 'book.embed.short', message: 'Embed' })}
          aria-label={t({ id: 'book.embed', message: `Embed “${name}”` })}
        >
          <EmbedIcon />
        </button>
        {canDelete && (
          <button
            type="button"
            className="btn btn--ghost btn--sm btn--icon book-item__delete"
            onClick={onDelete}
            aria-label={t({ id: 'book.delete', message: `Delete “${name}”` })}
            title={t({ id: 'book.delete.short', message: 'Delete' })}
          >
            <TrashIcon />
          </button>
        )}
      </div>
    </li>
  );
}

/** A loading placeholder with the shape of a book item. */
export function BookItemSkeleton({ layout }: { layout: Layout }) {
  return (
    <li className={`book-item book-item--${layout} book-item--skeleton`} aria-hidden="true">
      <div className="book-item__select" />
      <span className="book-item__thumb">
        <span className="book-item__img book-item__img--empty" />
      </span>
      <div className="book-item__body">
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--short" />
      </div>
    </li>
  );
}
