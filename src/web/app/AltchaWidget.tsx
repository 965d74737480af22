import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { type AltchaChallenge, captchaMachine } from '../../../machines/captcha.machine';
import type { CaptchaWidgetProps } from '../components/account/CaptchaField';
import { solveAltcha } from './altcha';
import { useApp } from './context';

/** The ALTCHA check, solved in the browser by altcha-lib (Web Crypto): no third-party script, nothing to click. */
export function AltchaWidget({ token, onToken, describedBy }: CaptchaWidgetProps) {
  const { t } = useLingui();
  const { api } = useApp();
  const actor = useActorRef(
    captchaMachine.provide({
      actors: {
        fetchChallenge: fromPromise<unknown>(({ signal }) =>
          api.call<AltchaChallenge>('public/captcha', { method: 'GET', skipSessionWait: true, ignoreAlerts: true, signal }),
        ),
        solve: fromPromise(({ input, signal }) => solveAltcha(input as AltchaChallenge, signal)),
      },
      actions: { deliver: (_, { token: value }) => onToken(value) },
    }),
  );
  const state = useSelector(actor, (s) => s.value as string);
  // The form spent the token on a failed call: solve a new challenge.
  useEffect(() => {
    if (token === '' && actor.getSnapshot().matches('solved')) actor.send({ type: 'form.tokenSpent' });
  }, [token, actor]);
  return (
    <div className={`altcha altcha--${state}`} aria-live="polite" aria-describedby={describedBy}>
      {state === 'solved' ? (
        <span className="altcha__ok">
          <span aria-hidden="true">✓ </span>
          <Trans id="account.captcha.solved">Verified: you are not a robot</Trans>
        </span>
      ) : state === 'failed' ? (
        <>
          <span className="altcha__err">
            <Trans id="account.captcha.failed">The anti-robot check could not run.</Trans>
          </span>{' '}
          <button type="button" className="btn btn--sm" onClick={() => actor.send({ type: 'user.retry' })}>
            {t({ id: 'commons.retry', message: 'Try again' })}
          </button>
        </>
      ) : (
        <span>
          <span className="spinner spinner--sm" aria-hidden="true" />{' '}
          <Trans id="account.captcha.checking">Checking that you are not a robot…</Trans>
        </span>
      )}
    </div>
  );
}
