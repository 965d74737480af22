import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent, KeyboardEvent } from 'react';
import { fromPromise } from 'xstate';
import { type FoldersActorRef, foldersMachine, PENDING_ID } from '../../../../machines/folders.machine';
import { foldersApi } from '../../../api/presets';
import { FOLDER_NAME_MAX, type Folder } from '../../../contracts/presets';
import { useApp } from '../../app/context';
import { fieldError } from '../../i18n/field-error';
import type { SectionProps } from '../../pages/routes';
import { FailedCard, LoadingCard } from '../account-sections/shared';
import { Button, Field, Modal } from '../ui';
import './folders.css';

/** One folder: its name and book count, or the inline rename form while it is being renamed. */
function FolderRow({ actor, folder }: { actor: FoldersActorRef; folder: Folder }) {
  const { t, i18n } = useLingui();
  const editing = useSelector(actor, (s) => s.context.editing === folder.id && !s.matches({ ready: 'renaming' }));
  const editName = useSelector(actor, (s) => s.context.editName);
  const editError = useSelector(actor, (s) => s.context.editError);
  const canEdit = useSelector(actor, (s) => s.can({ type: 'user.edit', id: folder.id }) && folder.id !== PENDING_ID);
  const canDelete = useSelector(actor, (s) => s.can({ type: 'user.delete', id: folder.id }) && folder.id !== PENDING_ID);
  const canRename = useSelector(actor, (s) => s.can({ type: 'user.rename' }));

  if (editing) {
    const label = t({ id: 'folders.rename.label', message: 'Folder name' });
    const submit = (e: FormEvent) => {
      e.preventDefault();
      actor.send({ type: 'user.rename' });
    };
    // Escape leaves the inline editor, like a modal would.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') actor.send({ type: 'user.cancelEdit' });
    };
    return (
      <li data-testid="folder" className="folders-row folders-row--editing">
        <form className="folders-form" onSubmit={submit} onKeyDown={onKeyDown}>
          <Field
            label={label}
            value={editName}
            // The user asked to rename this folder: typing starts in its field.
            autoFocus
            error={fieldError(i18n, editError ?? undefined, label, [FOLDER_NAME_MAX])}
            onChange={(e) => actor.send({ type: 'user.editName', value: e.target.value })}
          />
          <div className="as-row-actions">
            <Button type="submit" variant="primary" size="sm" disabled={!canRename}>
              <Trans id="folders.rename.save">Save</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'user.cancelEdit' })}>
              <Trans id="folders.rename.cancel">Cancel</Trans>
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li data-testid="folder" className="folders-row" aria-busy={folder.id === PENDING_ID || undefined}>
      <div>
        <strong data-testid="folder-name">{folder.name}</strong>
        <p className="as-meta" data-testid="folder-books">
          <Plural id="folders.books" value={folder.books} _0="No books" one="# book" other="# books" />
        </p>
      </div>
      <div className="as-row-actions">
        <Button size="sm" disabled={!canEdit} onClick={() => actor.send({ type: 'user.edit', id: folder.id })}>
          <Trans id="folders.rename">Rename</Trans>
          <span className="visually-hidden"> {folder.name}</span>
        </Button>
        <Button size="sm" variant="danger" disabled={!canDelete} onClick={() => actor.send({ type: 'user.delete', id: folder.id })}>
          <Trans id="folders.delete">Delete</Trans>
          <span className="visually-hidden"> {folder.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** The confirmation before a folder is deleted: its books stay, only without a folder. */
function DeleteConfirm({ actor }: { actor: FoldersActorRef }) {
  const removing = useSelector(actor, (s) => (s.matches({ ready: 'confirming' }) ? s.context.removing : null));
  const cancel = () => actor.send({ type: 'user.cancelDelete' });
  const name = removing?.name ?? '';
  const books = removing?.books ?? 0;
  return (
    <Modal
      open={removing !== null}
      title={<Trans id="folders.delete.title">Delete the folder “{name}”?</Trans>}
      onEscape={cancel}
      onBackdrop={cancel}
      onClose={cancel}
      footer={
        <>
          <Button onClick={cancel}>
            <Trans id="folders.delete.cancel">Keep it</Trans>
          </Button>
          <Button variant="danger" data-testid="folder-delete-confirm" onClick={() => actor.send({ type: 'user.confirmDelete' })}>
            <Trans id="folders.delete.confirm">Delete the folder</Trans>
          </Button>
        </>
      }
    >
      <p>
        <Plural
          id="folders.delete.books"
          value={books}
          _0="It holds no books."
          one="Its # book is not deleted: it only leaves the folder."
          other="Its # books are not deleted: they only leave the folder."
        />
      </p>
    </Modal>
  );
}

/** /account/folders drawn from the folder manager machine. */
export function FoldersView({ actor }: { actor: FoldersActorRef }) {
  const { t, i18n } = useLingui();
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const empty = useSelector(actor, (s) => s.context.folders.length === 0);
  const folders = useSelector(actor, (s) => s.context.folders);
  const draft = useSelector(actor, (s) => s.context.draft);
  const draftError = useSelector(actor, (s) => s.context.draftError);
  const canCreate = useSelector(actor, (s) => s.can({ type: 'user.create' }));
  const title = <Trans id="folders.title">Folders</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;

  const label = t({ id: 'folders.create.label', message: 'New folder' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.create' });
  };
  return (
    <section className="account-card" aria-labelledby="folders-title">
      <h2 id="folders-title">{title}</h2>
      <p className="as-meta">
        <Trans id="folders.intro">Group your publications. Choose a book’s folder in its settings (General tab).</Trans>
      </p>
      <form className="folders-form folders-create" onSubmit={submit} data-testid="folder-create">
        <Field
          label={label}
          value={draft}
          autoComplete="off"
          error={fieldError(i18n, draftError ?? undefined, label, [FOLDER_NAME_MAX])}
          onChange={(e) => actor.send({ type: 'user.draft', value: e.target.value })}
        />
        <Button type="submit" variant="primary" disabled={!canCreate}>
          <Trans id="folders.create">Create</Trans>
        </Button>
      </form>
      {empty ? (
        <p data-testid="folders-empty">
          <Trans id="folders.empty">You have no folders yet.</Trans>
        </p>
      ) : (
        <ul className="as-list" aria-label={t({ id: 'folders.list', message: 'Your folders' })}>
          {folders.map((f) => (
            <FolderRow key={f.id} actor={actor} folder={f} />
          ))}
        </ul>
      )}
      <DeleteConfirm actor={actor} />
    </section>
  );
}

export default function FoldersSection(_: SectionProps) {
  const { api } = useApp();
  const calls = foldersApi(api);
  // useActorRef keeps the first logic it is given: later renders' providers are ignored.
  const actor = useActorRef(
    foldersMachine.provide({
      actors: {
        loadFolders: fromPromise(({ signal }) => calls.list(signal)),
        createFolder: fromPromise(({ input, signal }) => calls.create(input.name, signal)),
        renameFolder: fromPromise(({ input, signal }) => calls.rename(input.id, input.name, signal)),
        deleteFolder: fromPromise(({ input, signal }) => calls.remove(input.id, signal)),
      },
    }),
  );
  return <FoldersView actor={actor} />;
}
