import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { isSelectable } from '../../../../machines/book-list/items';
import type { BookListActorRef } from '../../../../machines/book-list.machine';
import { Button, Select } from '../ui';
import type { Layout } from './format';
import { GridIcon, ListIcon } from './icons';
import { sortLabel } from './messages';

/** Search (debounced by the machine; Enter applies at once), sort, layout, select-all. */
export function BookToolbar({ actor, layout, onLayout }: { actor: BookListActorRef; layout: Layout; onLayout: (l: Layout) => void }) {
  const { t, i18n } = useLingui();
  const searchId = useId();
  const searchText = useSelector(actor, (s) => s.context.searchText);
  const sorts = useSelector(actor, (s) => s.context.sorts);
  const sort = useSelector(actor, (s) => s.context.query.sort ?? s.context.selectedSort ?? '');
  const ready = useSelector(actor, (s) => s.matches({ list: 'ready' }));
  const selectable = useSelector(actor, (s) => s.context.items.filter(isSelectable).length);
  const canSelectPage = useSelector(actor, (s) => s.can({ type: 'user.selectPage' }));
  const allSelected = ready && selectable > 0 && !canSelectPage;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.searchSubmit' });
  };

  return (
    <div className="book-toolbar" data-tour="books-toolbar">
      <search className="book-toolbar__search">
        <form onSubmit={onSubmit}>
          <label className="visually-hidden" htmlFor={searchId}>
            <Trans id="book.search.label">Search your publications</Trans>
          </label>
          <input
            id={searchId}
            type="search"
            className="field__input"
            value={searchText}
            maxLength={200}
            placeholder={t({ id: 'book.search.placeholder', message: 'Search by title' })}
            onChange={(e) => actor.send({ type: 'user.searchInput', text: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && searchText) {
                e.preventDefault();
                actor.send({ type: 'user.clearSearch' });
              }
            }}
          />
        </form>
      </search>
      {sorts.length > 0 && (
        <div className="book-toolbar__sort">
          <Select
            label={t({ id: 'book.sort.label', message: 'Sort by' })}
            value={sort}
            onChange={(e) => actor.send({ type: 'user.sort', sort: e.target.value })}
            options={sorts.map((o) => ({ value: o.id, label: i18n._(sortLabel(o.label)) }))}
          />
        </div>
      )}
      <fieldset className="book-toolbar__layout">
        <legend className="visually-hidden">
          <Trans id="book.layout.label">Show as</Trans>
        </legend>
        <Button
          size="sm"
          variant={layout === 'grid' ? 'primary' : 'default'}
          aria-pressed={layout === 'grid'}
          onClick={() => onLayout('grid')}
        >
          <GridIcon /> <Trans id="book.layout.grid">Grid</Trans>
        </Button>
        <Button
          size="sm"
          variant={layout === 'list' ? 'primary' : 'default'}
          aria-pressed={layout === 'list'}
          onClick={() => onLayout('list')}
        >
          <ListIcon /> <Trans id="book.layout.list">List</Trans>
        </Button>
      </fieldset>
      <label className={`book-toolbar__all${selectable === 0 ? ' is-disabled' : ''}`}>
        <input
          type="checkbox"
          checked={allSelected}
          disabled={!ready || selectable === 0}
          onChange={() => actor.send(allSelected ? { type: 'user.clearSelection' } : { type: 'user.selectPage' })}
        />
        <Trans id="book.selectPage">Select all on this page</Trans>
      </label>
    </div>
  );
}

/** The selection and what can be done with it: public, private, delete (confirmed), clear. */
export function BulkBar({ actor }: { actor: BookListActorRef }) {
  const { t } = useLingui();
  const count = useSelector(actor, (s) => s.context.selected.length);
  const busy = useSelector(actor, (s) => s.matches({ list: { ready: 'updating' } }) || s.matches({ list: { ready: 'deleting' } }));
  const canPublic = useSelector(actor, (s) => s.can({ type: 'user.setMode', mode: 1 }));
  const canPrivate = useSelector(actor, (s) => s.can({ type: 'user.setMode', mode: 2 }));
  const canDelete = useSelector(actor, (s) => s.can({ type: 'user.deleteSelected' }));
  const canSettings = useSelector(actor, (s) => s.can({ type: 'user.openBulkSettings' }));
  if (count === 0) return null;
  return (
    <section className="book-bulk" aria-label={t({ id: 'book.bulk.label', message: 'Selected publications' })} aria-busy={busy}>
      <p className="book-bulk__count">
        <Trans id="book.bulk.count">Selected: {count}</Trans>
      </p>
      <div className="book-bulk__actions">
        <Button size="sm" disabled={!canSettings} onClick={() => actor.send({ type: 'user.openBulkSettings' })}>
          <Trans id="book.bulk.settings">Settings</Trans>
        </Button>
        <Button size="sm" disabled={!canPublic} onClick={() => actor.send({ type: 'user.setMode', mode: 1 })}>
          <Trans id="book.bulk.public">Make public</Trans>
        </Button>
        <Button size="sm" disabled={!canPrivate} onClick={() => actor.send({ type: 'user.setMode', mode: 2 })}>
          <Trans id="book.bulk.private">Make private</Trans>
        </Button>
        <Button size="sm" variant="danger" disabled={!canDelete} onClick={() => actor.send({ type: 'user.deleteSelected' })}>
          <Trans id="book.bulk.delete">Delete</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'user.clearSelection' })}>
          <Trans id="book.bulk.clear">Clear selection</Trans>
        </Button>
      </div>
    </section>
  );
}
