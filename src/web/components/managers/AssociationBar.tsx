import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { AssociationSwitchActorRef } from '../../../../machines/managers/association-switch.machine';
import type { Account } from '../../../contracts/accounts';
import { ASSOCIATION_TYPE, isManagerAccount, MANAGER_PATH } from '../../../contracts/managers';
import { Link } from '../../routing/link';
import { readAssociation } from '../../session/user-schema';
import type { Association } from '../../session/user-store';
import { Button } from '../ui';
import { useAssociationSwitch } from './association-switch-actor';
import './managers.css';

/**
 * Under the header (issue 20; SPEC §2 Header, Other; §4 Impersonation), loaded only for an account with a
 * management type: a manager's child-account selector (its own account first) and, inside an association
 * session, the banner naming the account it acts for (not clickable); for a managed (association) account,
 * the banner that opens /account/manager.
 */
export function AssociationSwitchView({ actor, current }: { actor: AssociationSwitchActorRef; current: Association | null }) {
  const { i18n, t } = useLingui();
  const id = useId();
  const children = useSelector(actor, (s) => s.context.children);
  const state = useSelector(actor, (s) => s.value as string);
  const error = useSelector(actor, (s) => s.context.error);
  const name = current?.name ?? '';
  return (
    <div className={current ? 'association-bar association-bar--acting' : 'association-bar'} data-testid="association-bar">
      <div className="container association-bar__inner">
        {current && (
          <p className="association-bar__banner" role="status" data-testid="association-banner">
            <Trans id="manager.banner.acting">You are acting for {name}. Everything you do is logged.</Trans>
          </p>
        )}
        <label className="association-bar__label" htmlFor={id}>
          <Trans id="manager.switch.label">Account</Trans>
        </label>
        <select
          id={id}
          className="field__input association-bar__select"
          value={current?.id ?? ''}
          disabled={state === 'loading' || state === 'switching'}
          aria-busy={state === 'loading' || state === 'switching'}
          data-testid="association-switch"
          onChange={(e) => actor.send({ type: 'user.choose', id: e.target.value === '' ? null : e.target.value })}
        >
          <option value="">{t({ id: 'manager.switch.own', message: 'My own account' })}</option>
          {/* The stored child while the list loads (or failed), so the selector shows where the manager is. */}
          {current && !children.some((c) => c.child.id === current.id) && <option value={current.id}>{current.name}</option>}
          {children.map((c) => (
            <option key={c.child.id} value={c.child.id}>
              {c.name}
            </option>
          ))}
        </select>
        {state === 'failed' && (
          <>
            <span className="association-bar__error" role="alert">
              {error ? i18n._(error) : null}
            </span>
            <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'user.retry' })}>
              <Trans id="account.sections.retry">Try again</Trans>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

function ManagerSwitch() {
  const actor = useAssociationSwitch();
  return <AssociationSwitchView actor={actor} current={readAssociation(globalThis.sessionStorage)} />;
}

/** A managed account's own banner: clickable, it opens /account/manager (its manager and the log). */
export function ManagedBanner() {
  return (
    <div className="association-bar" data-testid="association-bar">
      <div className="container association-bar__inner">
        <Link href={MANAGER_PATH} className="association-bar__banner association-bar__link" data-testid="association-banner">
          <Trans id="manager.banner.managed">This account is managed by a manager. See what was done on your behalf.</Trans>
        </Link>
      </div>
    </div>
  );
}

export default function AssociationBar({ account }: { account: Account }) {
  if (isManagerAccount(account)) return <ManagerSwitch />;
  if (account.management.type === ASSOCIATION_TYPE) return <ManagedBanner />;
  return null;
}
