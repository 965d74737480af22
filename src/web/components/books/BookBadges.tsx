import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { blockedReason, bookFlags, progressPercent, statusKind } from '../../../../machines/book-list/items';
import type { BookListItem, ConversionErrorCode } from '../../../contracts/books';
import { useApp } from '../../app/context';
import { formatPublication, isoOf } from './format';
import { errorCodeText, FLAG_LABELS, HELP_LINK_CODES } from './messages';

/** SPEC §4 flags: blocked with its reason (or '--'), scheduled with its date, deactivated, private, featured, explicit. */
export function BookFlags({ book }: { book: BookListItem }) {
  const { i18n } = useLingui();
  const flags = bookFlags(book);
  if (flags.length === 0) return null;
  return (
    <ul className="book-flags">
      {flags.map((flag) => (
        <li key={flag} className={`book-flag book-flag--${flag}`}>
          {i18n._(FLAG_LABELS[flag])}
          {flag === 'blocked' && <span className="book-flag__detail">: {blockedReason(book)}</span>}
          {flag === 'scheduled' && (
            <>
              {' · '}
              <time className="book-flag__detail" dateTime={isoOf(book.publication)}>
                {formatPublication(book.publication, i18n.locale)}
              </time>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * SPEC §4 status: DONE shows nothing, ERROR `book.error` with the code's explanation (a tooltip on hover
 * and focus, and the accessible description) and a help link for some codes, anything else "converting"
 * with the pages done so far.
 */
export function BookStatus({ book }: { book: BookListItem }) {
  const { i18n } = useLingui();
  const tipId = useId();
  // The help centre is an external site (QUIRE_HELP_URL): linked only when there is one.
  const helpUrl = useApp().config.helpUrl;
  const kind = statusKind(book);
  if (kind === 'done') return null;
  if (kind === 'error') {
    const code = book.document.error_code;
    const text = i18n._(errorCodeText(code));
    return (
      <div className="book-status book-status--error">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users get the tooltip too. */}
        <span className="book-status__label" tabIndex={0} aria-describedby={tipId} title={text}>
          <span aria-hidden="true">⚠ </span>
          <Trans id="book.error">Conversion failed</Trans>
        </span>
        <span className="book-tip" id={tipId} role="tooltip">
          {text}
        </span>
        {code && helpUrl !== '' && HELP_LINK_CODES.includes(code as ConversionErrorCode) && (
          <a className="book-status__help" href={`${helpUrl}#error-${code.toLowerCase()}`}>
            <Trans id="book.error.help">How to fix it</Trans>
          </a>
        )}
      </div>
    );
  }
  const { pages_done: done, pages_total: total } = book.document;
  return (
    <div className="book-status book-status--converting">
      <span className="book-status__label">
        <span className="spinner spinner--sm" aria-hidden="true" />{' '}
        {total > 0 ? (
          <Trans id="book.converting.progress">
            Converting… {done} / {total} pages
          </Trans>
        ) : (
          <Trans id="book.converting">Converting…</Trans>
        )}
      </span>
      {total > 0 && <progress className="book-status__progress" max={100} value={progressPercent(book)} aria-hidden="true" />}
    </div>
  );
}
