import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId, useRef } from 'react';
import type { LibraryUploadActorRef } from '../../../../machines/library/upload.machine';
import { formatBytes } from '../../../contracts/bytes';
import { IMAGE_EXTENSIONS, IMAGE_TYPES, LIBRARY_NAME_MAX } from '../../../contracts/library';
import { fieldError } from '../../i18n/field-error';
import { Button, Field } from '../ui';

const ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS].join(',');

/**
 * The image uploader of /account/background and /account/logo (machines/library/upload.machine.ts):
 * choose a file (checked at once), name it, upload with byte progress, cancel; the reason a file was
 * refused shows under it.
 */
export function ImageUploader({ actor }: { actor: LibraryUploadActorRef }) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const state = useSelector(actor, (s) =>
    s.matches('uploading') ? 'uploading' : s.matches('selected') ? 'selected' : s.matches('invalid') ? 'invalid' : 'idle',
  );
  const kind = useSelector(actor, (s) => s.context.kind);
  const file = useSelector(actor, (s) => s.context.file);
  const name = useSelector(actor, (s) => s.context.name);
  const nameError = useSelector(actor, (s) => s.context.nameError);
  const error = useSelector(actor, (s) => s.context.error);
  const loaded = useSelector(actor, (s) => s.context.loaded);
  const total = useSelector(actor, (s) => s.context.total);
  const canPick = useSelector(actor, (s) => s.can({ type: 'user.pick', file: { name: '', size: 1 } }));
  const canUpload = useSelector(actor, (s) => s.can({ type: 'user.upload' }));
  const canClear = useSelector(actor, (s) => s.can({ type: 'user.clear' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));

  const label = t({ id: 'library.upload.name', message: 'Name' });
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.upload' });
  };
  const choose =
    kind === 'background' ? (
      <Trans id="library.upload.chooseBackground">Choose a background image</Trans>
    ) : (
      <Trans id="library.upload.chooseLogo">Choose a logo image</Trans>
    );

  return (
    <form className="lib-upload" onSubmit={submit} data-testid="library-upload" aria-busy={state === 'uploading' || undefined}>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t({ id: 'library.upload.file', message: 'Image file' })}
        disabled={!canPick}
        data-testid="library-file"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          if (picked) actor.send({ type: 'user.pick', file: picked });
          // The same file may be picked again after a refusal.
          e.target.value = '';
        }}
      />
      <div className="lib-upload__choose">
        <Button variant={state === 'idle' ? 'primary' : 'default'} disabled={!canPick} onClick={() => input.current?.click()}>
          {state === 'idle' ? choose : <Trans id="library.upload.another">Choose another file</Trans>}
        </Button>
      </div>
      {file && (
        <p className="lib-upload__file" data-testid="library-upload-file">
          <strong>{file.name}</strong> <span className="as-meta">({formatBytes(file.size, i18n.locale)})</span>
        </p>
      )}
      {error && (
        <p className="callout callout--danger" role="alert" data-testid="library-upload-error">
          {i18n._(error)}
        </p>
      )}
      {state === 'selected' && (
        <div className="lib-upload__row">
          <Field
            label={label}
            value={name}
            maxLength={LIBRARY_NAME_MAX}
            autoComplete="off"
            error={fieldError(i18n, nameError ?? undefined, label, [LIBRARY_NAME_MAX])}
            onChange={(e) => actor.send({ type: 'user.name', value: e.target.value })}
          />
          <div className="as-row-actions">
            <Button type="submit" variant="primary" disabled={!canUpload}>
              <Trans id="library.upload.submit">Upload</Trans>
            </Button>
            <Button variant="ghost" disabled={!canClear} onClick={() => actor.send({ type: 'user.clear' })}>
              <Trans id="library.upload.clear">Cancel</Trans>
            </Button>
          </div>
        </div>
      )}
      {state === 'invalid' && (
        <div className="as-row-actions">
          <Button variant="ghost" disabled={!canClear} onClick={() => actor.send({ type: 'user.clear' })}>
            <Trans id="library.upload.clear">Cancel</Trans>
          </Button>
        </div>
      )}
      {state === 'uploading' && (
        <div className="lib-upload__row">
          <div className="lib-progress-wrap">
            <div
              className="lib-progress"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t({ id: 'library.upload.progress', message: `Upload of ${name}` })}
            >
              <span className="lib-progress__bar" style={{ width: `${percent}%` }} />
            </div>
            <span className="as-meta" aria-live="polite">
              <Trans id="library.upload.percent">Uploading… {percent}%</Trans>
            </span>
          </div>
          <Button variant="ghost" disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
            <Trans id="library.upload.cancel">Stop</Trans>
          </Button>
        </div>
      )}
    </form>
  );
}
