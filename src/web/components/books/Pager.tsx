import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../ui';
import { pageWindow } from './format';

export interface PagerProps {
  page: number;
  count: number;
  onPage: (page: number) => void;
  /** Named for screen readers (the nav landmark). */
  label: string;
  /** Whether the previous / next page may be asked for (the machine's `can`); by default any page in range. */
  canPrev?: boolean;
  canNext?: boolean;
  /** Whether a numbered page may be asked for now. */
  canJump?: boolean;
  /** "Page n of m", read out on wide screens and shown on narrow ones instead of the numbers. */
  status?: boolean;
  /** The block's class: its parts are `<block>__pages` and `<block>__gap`. */
  block?: string;
}

/**
 * The pager of every paged list (SPEC §9: 25 a page, first page 1): previous, the pages around the
 * current one with gaps, next. The list's machine says what may be asked for; nothing shows for one page.
 */
export function Pager({
  page,
  count,
  onPage,
  label,
  canPrev = page > 1,
  canNext = page < count,
  canJump = true,
  status = false,
  block = 'book-pager',
}: PagerProps) {
  const { t } = useLingui();
  if (count <= 1) return null;
  return (
    <nav className={block} aria-label={label}>
      <Button size="sm" disabled={!canPrev} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹ </span>
        <Trans id="book.pager.previous">Previous</Trans>
      </Button>
      <ol className={`${block}__pages`}>
        {pageWindow(page, count).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${i}`} className={`${block}__gap`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Button
                size="sm"
                variant={p === page ? 'primary' : 'ghost'}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t({ id: 'book.pager.page', message: `Page ${p}` })}
                disabled={p !== page && !canJump}
                onClick={() => p !== page && onPage(p)}
              >
                {p}
              </Button>
            </li>
          ),
        )}
      </ol>
      {status && (
        <p className={`${block}__status`}>
          <Trans id="book.pager.status">
            Page {page} of {count}
          </Trans>
        </p>
      )}
      <Button size="sm" disabled={!canNext} onClick={() => onPage(page + 1)}>
        <Trans id="book.pager.next">Next</Trans>
        <span aria-hidden="true"> ›</span>
      </Button>
    </nav>
  );
}
