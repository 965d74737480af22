import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  type CommentFilter,
  type OwnerCommentsActorRef,
  ownerCommentsMachine,
} from '../../../../machines/account-sections/owner-comments.machine';
import { OwnerCommentPageSchema } from '../../../contracts/comments';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { Button, Select } from '../ui';
import { FailedCard, formatDate, LoadingCard } from './shared';

/** /account/comment drawn from the moderation machine (every state is the machine's). */
export function CommentsView({ actor }: { actor: OwnerCommentsActorRef }) {
  const { t, i18n } = useLingui();
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loaded',
  );
  const filter = useSelector(actor, (s) => s.context.filter);
  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const busy = useSelector(actor, (s) => s.matches({ loaded: 'approving' }) || s.matches({ loaded: 'deleting' }));
  const snapshot = useSelector(actor, (s) => s);
  const title = <Trans id="menu.account.comment">Comments</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <section className="account-card" aria-labelledby="comments-title" aria-busy={busy}>
      <h2 id="comments-title">{title}</h2>
      <Select
        label={t({ id: 'account.comments.filter', message: 'Show' })}
        value={filter}
        onChange={(e) => actor.send({ type: 'user.filter', filter: e.target.value as CommentFilter })}
        options={[
          { value: 'held', label: t({ id: 'account.comments.filter.held', message: 'Awaiting approval' }) },
          { value: 'published', label: t({ id: 'account.comments.filter.published', message: 'Published' }) },
        ]}
      />
      {state === 'empty' ? (
        <p data-testid="comments-empty">
          {filter === 'held' ? (
            <Trans id="account.comments.emptyHeld">No comment awaits your approval.</Trans>
          ) : (
            <Trans id="account.comments.emptyPublished">No comment has been published on your publications yet.</Trans>
          )}
        </p>
      ) : (
        <>
          <p className="as-meta">
            <Plural id="account.comments.count" value={total} one="# comment" other="# comments" />
          </p>
          <ul className="as-list">
            {items.map((c) => (
              <li key={c.id} data-testid="owner-comment">
                <div>
                  <p className="as-meta">
                    <strong>{c.author_name}</strong> · {formatDate(c.created_at, i18n.locale)} ·{' '}
                    <a href={`/read/${encodeURIComponent(c.book.id)}`}>{c.book.name}</a>
                  </p>
                  <p className="as-text">{c.text}</p>
                </div>
                <div className="as-row-actions">
                  {filter === 'held' && (
                    <Button
                      variant="primary"
                      size="sm"
                      disabled={!snapshot.can({ type: 'user.approve', id: c.id })}
                      onClick={() => actor.send({ type: 'user.approve', id: c.id })}
                    >
                      <Trans id="account.comments.approve">Approve</Trans>
                    </Button>
                  )}
                  <Button
                    size="sm"
                    disabled={!snapshot.can({ type: 'user.delete', id: c.id })}
                    onClick={() => actor.send({ type: 'user.delete', id: c.id })}
                  >
                    <Trans id="account.comments.delete">Delete</Trans>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** /account/comment with its real side effects: the owner's comment calls (failures raise the usual alerts). */
export default function CommentsSection(_: SectionProps) {
  const { api } = useApp();
  const actor = useActorRef(
    ownerCommentsMachine.provide({
      actors: {
        loadComments: fromPromise(({ input, signal }) =>
          api.call('account/comment/', { method: 'GET', searchParams: { status: input.filter }, schema: OwnerCommentPageSchema, signal }),
        ),
        approveComment: fromPromise(({ input }) => api.call('account/comment/update', { method: 'POST', json: { id: input.id } })),
        deleteComment: fromPromise(({ input }) => api.call('account/comment/delete', { method: 'POST', json: { id: input.id } })),
      },
    }),
    { input: { filter: 'held' } },
  );
  return <CommentsView actor={actor} />;
}
