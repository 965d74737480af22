import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { pageCount } from '../../../../machines/book-list/items';
import type { BookListActorRef } from '../../../../machines/book-list.machine';
import { Pager } from './Pager';

/** SPEC §9: 25 per page, first page 1. Buttons are enabled from the machine (`can`). */
export function BookPager({ actor }: { actor: BookListActorRef }) {
  const { t } = useLingui();
  const page = useSelector(actor, (s) => s.context.query.page);
  const count = useSelector(actor, (s) => pageCount(s.context.total, s.context.step));
  const canPrev = useSelector(actor, (s) => s.can({ type: 'user.page', page: page - 1 }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'user.page', page: page + 1 }));
  return (
    <Pager
      page={page}
      count={count}
      canPrev={canPrev}
      canNext={canNext}
      status
      label={t({ id: 'book.pager.label', message: 'Pages' })}
      onPage={(p) => actor.send({ type: 'user.page', page: p })}
    />
  );
}
