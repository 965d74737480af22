import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type SubscribersActorRef, subscribersMachine } from '../../../../machines/account-sections/subscribers.machine';
import { SubscriberPageSchema } from '../../../contracts/comments';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { Button } from '../ui';
import { FailedCard, formatDate, LoadingCard } from './shared';

/** /account/subscriber drawn from the subscriber list machine. */
export function SubscribersView({ actor }: { actor: SubscribersActorRef }) {
  const { i18n } = useLingui();
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loaded',
  );
  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const canMore = useSelector(actor, (s) => s.can({ type: 'user.more' }));
  const loadingMore = useSelector(actor, (s) => s.matches({ loaded: 'more' }));
  const title = <Trans id="menu.account.subscriber">Subscribers</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <section className="account-card" aria-labelledby="subscribers-title">
      <h2 id="subscribers-title">{title}</h2>
      {state === 'empty' ? (
        <p data-testid="subscribers-empty">
          <Trans id="account.subscribers.empty">
            Nobody follows you yet. Readers can follow you from your publications when “subscribe” is on in their settings.
          </Trans>
        </p>
      ) : (
        <>
          <p className="as-count" data-testid="subscribers-count">
            <Plural id="account.subscribers.count" value={total} one="# subscriber" other="# subscribers" />
          </p>
          <ul className="as-list">
            {items.map((s, i) => (
              // Subscribers carry no public id (only a name and a date): their position is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended, never reordered
              <li key={i} data-testid="subscriber">
                <strong>{s.name}</strong>
                <span className="as-meta">
                  <Trans id="account.subscribers.since">since {formatDate(s.created_at, i18n.locale)}</Trans>
                </span>
              </li>
            ))}
          </ul>
          {canMore || loadingMore ? (
            <div className="account-actions">
              <Button disabled={!canMore} onClick={() => actor.send({ type: 'user.more' })}>
                <Trans id="account.subscribers.more">Show more</Trans>
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

export default function SubscribersSection(_: SectionProps) {
  const { api } = useApp();
  const actor = useActorRef(
    subscribersMachine.provide({
      actors: {
        loadSubscribers: fromPromise(({ input, signal }) =>
          api.call('account/subscriber/', { method: 'GET', searchParams: { start: input.start }, schema: SubscriberPageSchema, signal }),
        ),
      },
    }),
  );
  return <SubscribersView actor={actor} />;
}
