import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ConsentsActorRef } from '../../../../machines/consents.machine';
import { type NotificationName, SCRIPT_CONSENTS } from '../../../contracts/accounts';
import { useClientConfig } from '../../app/context';
import { Button, Switch } from '../ui';
import { NOTIFICATION_LABELS } from './messages';
import { Callout, Loading, SubmitButton } from './parts';

/**
 * Consents (marketing mail, opt-in), activity notifications, and the third-party scripts this site is
 * configured with (support chat, page testing; SPEC §7), in that order (SPEC §2).
 */
const GROUPS: { id: 'consents' | 'notifications' | 'scripts'; names: NotificationName[] }[] = [
  { id: 'consents', names: ['newsletter', 'product_updates'] },
  { id: 'notifications', names: ['comments', 'subscribers', 'statistics_digest'] },
  { id: 'scripts', names: [...SCRIPT_CONSENTS] },
];

/**
 * The notification preferences of the consents machine: loading, failed (retry), editing (one switch
 * per notification, a title and a one-line description each), submitting. Used by the full-screen
 * consents modal, the sign-up modal's activate-notif tab and the account page `/account/notification`
 * (`page`: no "change it later in your account" note, since it is that place).
 */
export function ConsentsForm({ actor, page = false }: { actor: ConsentsActorRef; page?: boolean }) {
  const { i18n, t } = useLingui();
  const config = useClientConfig();
  const state = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'editing'));
  const values = useSelector(actor, (s) => s.context.values);
  const error = useSelector(actor, (s) => s.context.error);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canToggle = useSelector(actor, (s) => s.can({ type: 'user.toggle', name: 'newsletter' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'user.retry' }));
  const busy = state === 'submitting' || state === 'refreshingUser';

  if (state === 'loading') return <Loading label={<Trans id="account.consents.loading">Loading your preferences…</Trans>} />;
  if (state === 'failed') {
    return (
      <div className="account-view">
        <Callout tone="danger">
          {error ? i18n._(error) : <Trans id="account.consents.loadFailed">Your preferences did not load.</Trans>}
        </Callout>
        <Button variant="primary" block disabled={!canRetry} onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans id="account.consents.retry">Try again</Trans>
        </Button>
      </div>
    );
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  const groupTitle = {
    consents: t({ id: 'account.consents.group.consents', message: 'E-mails from Quire' }),
    notifications: t({ id: 'account.consents.group.notifications', message: 'Activity on your publications' }),
    scripts: t({ id: 'account.consents.group.scripts', message: 'Help and improvements' }),
  };
  // A script this site does not load is no choice to make.
  const shown = (name: NotificationName) =>
    !(SCRIPT_CONSENTS as readonly string[]).includes(name) || config.scripts[name as 'support_chat'] !== '';
  const groups = GROUPS.map((group) => ({ ...group, names: group.names.filter(shown) })).filter((group) => group.names.length > 0);
  return (
    <form className="account-view consents" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      {error && <Callout tone="danger">{i18n._(error)}</Callout>}
      {groups.map((group) => (
        <fieldset key={group.id} className="consents__group">
          <legend className="consents__legend">{groupTitle[group.id]}</legend>
          <ul className="consents__list">
            {group.names.map((name) => (
              <li key={name} className="consents__item">
                <Switch
                  checked={values[name] === true}
                  disabled={!canToggle}
                  onChange={() => actor.send({ type: 'user.toggle', name })}
                  label={
                    <span className="consents__text">
                      <span className="consents__title">{i18n._(NOTIFICATION_LABELS[name].title)}</span>
                      <span className="consents__desc">{i18n._(NOTIFICATION_LABELS[name].text)}</span>
                    </span>
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      {!page && (
        <p className="account-fineprint">
          <Trans id="account.consents.later">You can change these choices at any time in your account settings.</Trans>
        </p>
      )}
      <SubmitButton busy={busy} disabled={!canSubmit}>
        <Trans id="account.consents.submit">Save my preferences</Trans>
      </SubmitButton>
    </form>
  );
}
