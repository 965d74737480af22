import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type DragEvent, type FormEvent, useId } from 'react';
import type { PickedFile } from '../../../../machines/publish/types';
import type { PublishModalActorRef } from '../../../../machines/publish-modal.machine';
import { ACCEPT_ATTRIBUTE, ACCEPTED_TYPE_GROUPS, type FileProblem } from '../../../contracts/books';
import { Button, Modal } from '../ui';
import { AppLink, hasSitePage } from '../ui/AppLink';
import { formatBytes, truncateTitle } from './format';
import './publish.css';

/** The translated text of one file check (SPEC §5 Files). */
export function useProblemText(): (problem: FileProblem) => string {
  const { t, i18n } = useLingui();
  return (problem) => {
    switch (problem.id) {
      case 'publish.msg.nofile':
        return t({ id: 'publish.msg.nofile', message: 'Choose a document to publish.' });
      case 'publish.msg.maxfiles':
        return t({
          id: 'publish.msg.maxfiles',
          message: plural(problem.limit, { one: 'You can publish one file at a time.', other: 'You can publish up to # files at once.' }),
        });
      case 'publish.msg.filesize.empty': {
        const name = problem.name;
        return t({ id: 'publish.msg.filesize.empty', message: `${name} is empty.` });
      }
      case 'publish.msg.filesize.limit': {
        const name = problem.name;
        const limit = formatBytes(problem.limit, i18n.locale);
        return t({ id: 'publish.msg.filesize.limit', message: `${name} is larger than ${limit}, the limit of your plan.` });
      }
      case 'publish.msg.type': {
        const name = problem.name;
        return t({ id: 'publish.msg.type', message: `${name} is not a document Quire can publish.` });
      }
    }
  };
}

const filesOf = (list: FileList | null | undefined): PickedFile[] => (list ? Array.from(list) : []);

/**
 * The publish modal (SPEC §2): a drop zone around a native file input (keyboard: Tab to it, Space or
 * Enter opens the chooser), the accepted types, the plan's limits, the chosen files with their
 * problems, public or private, and the terms link. Renders the publish-modal machine; every button
 * is enabled by `snapshot.can`.
 */
export function PublishModal({ actor }: { actor: PublishModalActorRef }) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const hintId = useId();
  const open = useSelector(actor, (s) => s.status === 'active');
  const files = useSelector(actor, (s) => s.context.files);
  const problems = useSelector(actor, (s) => s.context.problems);
  const maxFiles = useSelector(actor, (s) => s.context.maxFiles);
  const filesize = useSelector(actor, (s) => s.context.filesize);
  const mode = useSelector(actor, (s) => s.context.publishingMode);
  const dragOver = useSelector(actor, (s) => s.matches({ choosing: { drag: 'over' } }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const problemText = useProblemText();
  const close = () => actor.send({ type: 'user.close' });

  const onDragOver = (e: DragEvent) => {
    // Allows the drop (the browser would otherwise open the file).
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) actor.send({ type: 'user.dragLeave' });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.drop', files: filesOf(e.dataTransfer.files) });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  const fileProblems = (name: string) => problems.filter((p) => 'name' in p && p.name === name);
  const selectionProblems = problems.filter((p) => !('name' in p));
  const limit = formatBytes(filesize, i18n.locale);
  const types = ACCEPTED_TYPE_GROUPS.join(', ');
  const formId = `${inputId}-form`;

  return (
    <Modal
      open={open}
      title={<Trans id="publish.title">Publish a document</Trans>}
      onEscape={close}
      onBackdrop={close}
      onClose={close}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            <Trans id="publish.cancel">Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={!canSubmit}>
            <Trans id="publish.submit">Publish</Trans>
          </Button>
        </>
      }
    >
      <form id={formId} className="publish" onSubmit={onSubmit} noValidate>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the file input inside is its keyboard equivalent. */}
        <div
          className={`dropzone${dragOver ? ' dropzone--over' : ''}`}
          data-state={dragOver ? 'over' : 'idle'}
          onDragEnter={() => actor.send({ type: 'user.dragEnter' })}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
        >
          <svg className="dropzone__art" viewBox="0 0 48 48" aria-hidden="true">
            <path d="M12 6h17l9 9v27H12z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
            <path
              d="M29 6v9h9M25 36V22m-6 6 6-6 6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <input
            id={inputId}
            className="visually-hidden dropzone__input"
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            multiple={maxFiles > 1}
            aria-describedby={hintId}
            onChange={(e) => {
              actor.send({ type: 'user.pick', files: filesOf(e.currentTarget.files) });
              // Choosing the same file again must fire a change.
              e.currentTarget.value = '';
            }}
          />
          <label htmlFor={inputId} className="btn btn--primary dropzone__choose">
            {maxFiles > 1 ? <Trans id="publish.chooseFiles">Choose files</Trans> : <Trans id="publish.chooseFile">Choose a file</Trans>}
          </label>
          <p className="dropzone__or">
            {dragOver ? (
              <Trans id="publish.dropNow">Drop to add</Trans>
            ) : maxFiles > 1 ? (
              <Trans id="publish.dropFiles">or drop your documents here</Trans>
            ) : (
              <Trans id="publish.dropFile">or drop your document here</Trans>
            )}
          </p>
        </div>
        <p className="publish__hint" id={hintId}>
          <span className="publish__types">
            <Trans id="publish.types.sentence">Accepted formats: {types}.</Trans>
          </span>{' '}
          <span>
            {maxFiles > 1 ? (
              <Trans id="publish.limits.many">
                Up to {maxFiles} files, {limit} each.
              </Trans>
            ) : (
              <Trans id="publish.limits.one">One file up to {limit}.</Trans>
            )}
          </span>
        </p>
        {maxFiles === 1 && hasSitePage('/upgrade') && (
          <p className="publish__upsell">
            <AppLink href="/upgrade">
              <Trans id="publish.upgradeMany">Upgrade to publish up to 10 files at once</Trans>
            </AppLink>
          </p>
        )}
        {selectionProblems.map((p) => (
          <p key={p.id} className="callout callout--danger publish__problem" role="alert">
            {problemText(p)}
          </p>
        ))}
        {files.length > 0 && (
          <ul className="publish__files" aria-label={t({ id: 'publish.chosen', message: 'Chosen documents' })}>
            {files.map((f, index) => {
              const own = fileProblems(f.name);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name; the position is the identity.
                <li key={`${index}-${f.name}`} className={`publish__file${own.length ? ' publish__file--invalid' : ''}`}>
                  <span className="publish__file-name" title={f.name}>
                    {truncateTitle(f.name)}
                  </span>
                  <span className="publish__file-size">{formatBytes(f.size, i18n.locale)}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => actor.send({ type: 'user.removeFile', index })}
                    aria-label={t({ id: 'publish.remove', message: `Remove ${f.name}` })}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                  {own.map((p) => (
                    <span key={p.id} className="publish__file-error" role="alert">
                      {problemText(p)}
                    </span>
                  ))}
                </li>
              );
            })}
          </ul>
        )}
        <fieldset className="publish__mode">
          <legend>
            <Trans id="publish.mode">Who can read it?</Trans>
          </legend>
          <label>
            <input
              type="radio"
              name="publishing_mode"
              checked={mode === 1}
              onChange={() => actor.send({ type: 'user.setMode', mode: 1 })}
            />{' '}
            <Trans id="publish.mode.public">Public — anyone with the link, and search</Trans>
          </label>
          <label>
            <input
              type="radio"
              name="publishing_mode"
              checked={mode === 2}
              onChange={() => actor.send({ type: 'user.setMode', mode: 2 })}
            />{' '}
            <Trans id="publish.mode.private">Private — only people you share it with</Trans>
          </label>
        </fieldset>
        <p className="publish__terms">
          <Trans id="publish.terms">
            By publishing, you confirm you hold the rights to these documents and accept the <AppLink href="/terms">terms of use</AppLink>.
          </Trans>
        </p>
      </form>
    </Modal>
  );
}
