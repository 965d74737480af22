import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { pageCount } from '../../../../machines/book-list/items';
import type { BookListActorRef } from '../../../../machines/book-list.machine';
import { Button } from '../ui';
import { pageWindow } from './format';

/** SPEC §9: 25 per page, first page 1. Buttons are enabled from the machine (`can`). */
export function BookPager({ actor }: { actor: BookListActorRef }) {
  const { t } = useLingui();
  const page = useSelector(actor, (s) => s.context.query.page);
  const count = useSelector(actor, (s) => pageCount(s.context.total, s.context.step));
  const canPrev = useSelector(actor, (s) => s.can({ type: 'user.page', page: page - 1 }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'user.page', page: page + 1 }));
  if (count <= 1) return null;
  const go = (p: number) => actor.send({ type: 'user.page', page: p });
  return (
    <nav className="book-pager" aria-label={t({ id: 'book.pager.label', message: 'Pages' })}>
      <Button size="sm" disabled={!canPrev} onClick={() => go(page - 1)}>
        <span aria-hidden="true">‹ </span>
        <Trans id="book.pager.previous">Previous</Trans>
      </Button>
      <ol className="book-pager__pages">
        {pageWindow(page, count).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${i}`} className="book-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Button
                size="sm"
                variant={p === page ? 'primary' : 'ghost'}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t({ id: 'book.pager.page', message: `Page ${p}` })}
                onClick={() => p !== page && go(p)}
              >
                {p}
              </Button>
            </li>
          ),
        )}
      </ol>
      <p className="book-pager__status">
        <Trans id="book.pager.status">
          Page {page} of {count}
        </Trans>
      </p>
      <Button size="sm" disabled={!canNext} onClick={() => go(page + 1)}>
        <Trans id="book.pager.next">Next</Trans>
        <span aria-hidden="true"> ›</span>
      </Button>
    </nav>
  );
}
