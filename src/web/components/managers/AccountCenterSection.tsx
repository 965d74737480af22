import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { type AccountCenterActorRef, accountCenterMachine } from '../../../../machines/managers/account-center.machine';
import type { AssociationSwitchActorRef } from '../../../../machines/managers/association-switch.machine';
import { AccountCenterSchema, ASSOCIATION_STEP, type CenterChild } from '../../../contracts/managers';
import { useApp } from '../../app/context';
import { associationId } from '../../session/user-store';
import { FailedCard, LoadingCard } from '../account-sections/shared';
import { Button } from '../ui';
import { useAssociationSwitch } from './association-switch-actor';
import { AccountFigures, ModeBadge } from './figures';
import './managers.css';

/** One child: name, owner and mode, its figures, and the switch to it (or "current" when the manager acts for it). */
function CenterCard({ actor, switcher, item }: { actor: AccountCenterActorRef; switcher: AssociationSwitchActorRef; item: CenterChild }) {
  const titleId = useId();
  const id = item.child.id;
  const current = useSelector(actor, (s) => s.context.current === id);
  const canSwitch = useSelector(actor, (s) => s.can({ type: 'user.switch', id }));
  // The header's switch must know the child too (it stores it): both agree before the button is enabled.
  const switcherKnows = useSelector(switcher, (s) => s.can({ type: 'user.choose', id }));
  const busy = useSelector(actor, (s) => s.matches('switching') && s.context.chosen === id);
  const name = item.name;
  return (
    <li className="managers-item card" data-testid="center-child" aria-labelledby={titleId}>
      <div className="managers-item__head">
        <div className="center-item__who">
          <h3 className="managers-item__name" id={titleId}>
            {name}
          </h3>
          {item.email && <span className="as-meta center-item__email">{item.email}</span>}
        </div>
        <ModeBadge mode={item.child.type.mode} />
      </div>
      <AccountFigures figures={item} testPrefix="center" />
      <div className="managers-item__actions">
        {current ? (
          <span className="center-item__current" data-testid="center-current">
            <Trans id="center.current">You are acting for this account</Trans>
          </span>
        ) : (
          <Button
            size="sm"
            variant="primary"
            disabled={!canSwitch || !switcherKnows}
            aria-busy={busy}
            data-testid="center-switch"
            onClick={() => actor.send({ type: 'user.switch', id })}
          >
            <Trans id="center.switch">Switch to this account</Trans>
            <span className="visually-hidden"> {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** /account/account-center drawn from the account-centre machine; the switches go through the header's switch machine. */
export function AccountCenterView({ actor, switcher }: { actor: AccountCenterActorRef; switcher: AssociationSwitchActorRef }) {
  const { t } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const center = useSelector(actor, (s) => s.context.center);
  const error = useSelector(actor, (s) => s.context.error);
  const acting = useSelector(actor, (s) => s.context.current !== null);
  const canBack = useSelector(actor, (s) => s.can({ type: 'user.back' }));
  const switcherBack = useSelector(switcher, (s) => s.can({ type: 'user.choose', id: null }));
  const goingBack = useSelector(actor, (s) => s.matches('switching') && s.context.chosen === null);
  const title = <Trans id="menu.account.account_center">Account centre</Trans>;
  const back = acting && (
    <Button
      disabled={!canBack || !switcherBack}
      aria-busy={goingBack}
      data-testid="center-back"
      onClick={() => actor.send({ type: 'user.back' })}
    >
      <Trans id="center.back">Back to my account</Trans>
    </Button>
  );
  if (state === 'loading') return <LoadingCard title={title} className="managers center" />;
  if (state === 'failed')
    return (
      <div className="managers-stack">
        <FailedCard title={title} className="managers center" error={error} onRetry={() => actor.send({ type: 'user.retry' })} />
        {back && <div className="account-actions">{back}</div>}
      </div>
    );
  const totals = center?.totals;
  const list = center?.list ?? [];
  return (
    <section className="account-card managers center" aria-labelledby="center-title" aria-busy={state === 'switching'}>
      <div className="managers-head">
        <h2 id="center-title">{title}</h2>
        {back && <div className="managers-head__actions">{back}</div>}
      </div>
      <p className="as-meta">
        <Trans id="center.intro">
          Every account you manage at a glance, with this month’s figures. Switch to one to publish and manage its publications: everything
          you do there is logged.
        </Trans>
      </p>
      {totals && (
        <section className="center-totals" aria-labelledby="center-totals-title" data-testid="center-totals">
          <h3 id="center-totals-title">
            <Trans id="center.totals">All your managed accounts ({totals.accounts})</Trans>
          </h3>
          <AccountFigures figures={totals} testPrefix="center" />
        </section>
      )}
      {list.length === 0 ? (
        <p className="managers-empty" data-testid="center-empty">
          <Trans id="center.empty">You do not manage any account yet. Create or invite one in Managed accounts.</Trans>
        </p>
      ) : (
        <ul className="managers-list card-list" aria-label={t({ id: 'manager.list', message: 'Your managed accounts' })}>
          {list.map((item) => (
            <CenterCard key={item.child.id} actor={actor} switcher={switcher} item={item} />
          ))}
        </ul>
      )}
      {center && center.total > list.length && (
        <p className="as-meta" data-testid="center-more">
          <Trans id="center.more">
            The first {list.length} of {center.total} accounts are listed; the totals count them all.
          </Trans>
        </p>
      )}
    </section>
  );
}

/** /account/account-center (issue 20): a manager's child accounts, their figures and totals, and the switch to each. */
export default function AccountCenterSection() {
  const { api } = useApp();
  const switcher = useAssociationSwitch();
  const actor = useActorRef(
    accountCenterMachine.provide({
      actors: {
        // As the manager itself (its own page's call), whatever account it acts for now.
        loadCenter: fromPromise(({ signal }) =>
          api.call('account/manager/center', {
            method: 'GET',
            schema: AccountCenterSchema,
            signal,
            asSelf: true,
            ignoreAlerts: true,
            searchParams: { step: ASSOCIATION_STEP },
          }),
        ),
      },
      actions: {
        // The header's switch: it stores (a child) or clears (null) the association session and reloads.
        chooseAccount: (_, { id }) => switcher.send({ type: 'user.choose', id }),
      },
    }),
    { input: { current: associationId(globalThis.sessionStorage) ?? null } },
  );
  return <AccountCenterView actor={actor} switcher={switcher} />;
}
