import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { UploadFileActorRef, uploadFileMachine } from '../../../../machines/upload-file.machine';
import { formatBytes, percent, truncateTitle } from './format';
import './publish.css';

type Snap = SnapshotFrom<typeof uploadFileMachine>;

/** What one row shows, read from the file machine's state (SPEC §4 Upload file). */
export type RowPhase = 'queued' | 'preflight' | 'uploading' | 'converting' | 'converted' | 'conversionFailed' | 'failed' | 'untracked';

export function phaseOf(s: Snap): RowPhase {
  if (s.matches('converting')) return 'converting';
  return s.value as RowPhase;
}

/**
 * One file on the upload page: name (truncated at 40 characters), a progress bar for the bytes
 * sent, then for the pages converted, the status text and, on failure, the translated reason.
 */
export function UploadFileRow({ actor }: { actor: UploadFileActorRef }) {
  const { t, i18n } = useLingui();
  const phase = useSelector(actor, phaseOf);
  const name = useSelector(actor, (s) => s.context.file.name);
  const loaded = useSelector(actor, (s) => s.context.loaded);
  const total = useSelector(actor, (s) => s.context.total);
  const book = useSelector(actor, (s) => s.context.book);
  const errorId = useSelector(actor, (s) => s.context.errorId);

  const converting = phase === 'converting' || phase === 'converted' || phase === 'untracked' || phase === 'conversionFailed';
  const pagesKnown = (book?.pagesTotal ?? 0) > 0;
  // Bytes while sending; pages while converting (indeterminate until the page count is known). A
  // failure keeps the bar where it stopped, in red.
  const value =
    phase === 'converted' || phase === 'untracked'
      ? 100
      : converting
        ? pagesKnown
          ? percent(book?.pagesDone ?? 0, book?.pagesTotal ?? 0)
          : phase === 'conversionFailed'
            ? 0
            : null
        : percent(loaded, total);
  const failed = phase === 'failed' || phase === 'conversionFailed';
  const pagesDone = book?.pagesDone ?? 0;
  const pagesTotal = book?.pagesTotal ?? 0;
  const sent = formatBytes(loaded, i18n.locale);
  const size = formatBytes(total, i18n.locale);
  const code = book?.errorCode ?? '';

  let status: ReactNode;
  switch (phase) {
    case 'queued':
      status = <Trans id="upload.status.queued">Waiting for its turn</Trans>;
      break;
    case 'preflight':
      status = <Trans id="upload.status.preflight">Preparing the upload…</Trans>;
      break;
    case 'uploading':
      status = (
        <Trans id="upload.status.uploading">
          Uploading… {sent} of {size}
        </Trans>
      );
      break;
    case 'converting':
      status = pagesKnown ? (
        <Trans id="upload.status.convertingPages">
          Converting… page {pagesDone} of {pagesTotal}
        </Trans>
      ) : (
        <Trans id="upload.status.converting">Converting…</Trans>
      );
      break;
    case 'converted':
      status = <Trans id="upload.status.ready">Ready</Trans>;
      break;
    case 'untracked':
      status = <Trans id="upload.status.untracked">Uploaded — see its progress in your publications</Trans>;
      break;
    case 'conversionFailed':
      status = (
        <>
          {i18n._('book.error')}
          {code && <span className="upload-file__code"> ({i18n._(`book.error.code.${code}`)})</span>}
        </>
      );
      break;
    case 'failed':
      status = i18n._(errorId ?? 'publish.error');
      break;
  }

  return (
    <li className={`upload-file upload-file--${phase}`} data-phase={phase}>
      {book?.thumbnail ? (
        <img className="upload-file__thumb" src={book.thumbnail} alt="" width={48} height={64} />
      ) : (
        <span className="upload-file__thumb upload-file__thumb--blank" aria-hidden="true" />
      )}
      <div className="upload-file__body">
        <span className="upload-file__name" title={name}>
          {truncateTitle(name)}
        </span>
        <div
          className={`progress${converting ? ' progress--convert' : ''}${value === null ? ' progress--busy' : ''}${failed ? ' progress--failed' : ''}`}
          role="progressbar"
          aria-label={
            converting
              ? t({ id: 'upload.progress.convert', message: `Conversion of ${name}` })
              : t({ id: 'upload.progress.upload', message: `Upload of ${name}` })
          }
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value ?? undefined}
        >
          <span className="progress__bar" style={{ width: `${value ?? 100}%` }} />
        </div>
        <span className={`upload-file__status${failed ? ' upload-file__status--error' : ''}`} role={failed ? 'alert' : undefined}>
          {status}
        </span>
      </div>
    </li>
  );
}
