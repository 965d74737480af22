import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import type { MfaActorRef } from '../../../../machines/mfa.machine';
import { MFA_CODE_LENGTH } from '../../../contracts/accounts';
import { fieldError } from '../../i18n/field-error';
import { Button, Switch } from '../ui';
import { Illustration } from './icons';
import { SubmitButton } from './parts';

/** A recovery code as typed: ten characters, a dash and some room for spaces. */
const RECOVERY_CODE_MAX = 14;

/**
 * The sign-up modal's mfa tab: renders the `mfa` child (SPEC §3 MFA, §8 1551/1552). A 6-digit
 * one-time code, "trust this device", verify; a wrong code shows its message under the field, an
 * expired one offers to start again from the login tab. "Use a recovery code" switches the field to
 * one of the authenticator app's recovery codes (and back).
 */
export function MfaStep({ actor }: { actor: MfaActorRef }) {
  const { i18n, t } = useLingui();
  const id = useId();
  const state = useSelector(actor, (s) => s.value as string);
  const code = useSelector(actor, (s) => s.context.code);
  const recovery = useSelector(actor, (s) => s.context.recovery);
  const canSwitch = useSelector(actor, (s) => s.can({ type: 'user.useRecovery' }));
  const trusted = useSelector(actor, (s) => s.context.trust_device === 'yes');
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'user.setCode', code: '' }));
  const canRestart = useSelector(actor, (s) => s.can({ type: 'user.restart' }));
  const expired = state === 'expired';
  const busy = state === 'verifying';
  const label = recovery
    ? t({ id: 'account.mfa.recoveryCode', message: 'Recovery code' })
    : t({ id: 'account.mfa.code', message: 'Verification code' });
  const error = fieldError(i18n, errorId ?? undefined, label);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (expired) actor.send({ type: 'user.restart' });
    else actor.send({ type: 'user.submit' });
  };

  return (
    <form className="account-view mfa" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <div className="account-intro account-intro--center">
        <Illustration kind="shield" />
        <p>
          {recovery ? (
            <Trans id="account.mfa.recoveryIntro">
              Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.
            </Trans>
          ) : (
            <Trans id="account.mfa.intro">
              Enter the 6-digit code we sent to your e-mail address, or the one shown by your authenticator app.
            </Trans>
          )}
        </p>
      </div>
      <div className={`field otp${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className={`field__input otp__input${recovery ? ' otp__input--recovery' : ''}`}
          name="code"
          type="text"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize="none"
          spellCheck={false}
          pattern={recovery ? undefined : '[0-9]*'}
          maxLength={recovery ? RECOVERY_CODE_MAX : MFA_CODE_LENGTH}
          placeholder={recovery ? 'xxxxx-xxxxx' : '000000'}
          autoFocus
          value={code}
          readOnly={!canEdit}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => actor.send({ type: 'user.setCode', code: e.currentTarget.value })}
        />
        {error && (
          <span className="field__error" id={`${id}-error`} role="alert">
            {error}
          </span>
        )}
      </div>
      {!expired && (
        <div className="mfa__trust">
          <Switch
            checked={trusted}
            disabled={!canEdit}
            onChange={() => actor.send({ type: 'user.toggleTrust' })}
            label={
              <span className="consents__text">
                <span className="consents__title">
                  <Trans id="account.mfa.trust">Trust this device</Trans>
                </span>
                <span className="consents__desc">
                  <Trans id="account.mfa.trustHint">Skip this step on this browser next time.</Trans>
                </span>
              </span>
            }
          />
        </div>
      )}
      {!expired && (
        <p className="mfa__switch">
          <Button variant="ghost" size="sm" disabled={!canSwitch} onClick={() => actor.send({ type: 'user.useRecovery' })}>
            {recovery ? (
              <Trans id="account.mfa.useCode">Use a verification code instead</Trans>
            ) : (
              <Trans id="account.mfa.useRecovery">Lost your authenticator app? Use a recovery code</Trans>
            )}
          </Button>
        </p>
      )}
      {expired ? (
        <Button type="submit" variant="primary" size="lg" block disabled={!canRestart}>
          <Trans id="account.mfa.restart">Start again</Trans>
        </Button>
      ) : (
        <SubmitButton busy={busy} disabled={!canSubmit}>
          <Trans id="account.mfa.submit">Verify and log in</Trans>
        </SubmitButton>
      )}
    </form>
  );
}
