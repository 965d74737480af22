import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { captchaMachine } from '../../../machines/captcha.machine';
import type { CaptchaWidgetProps } from '../components/account/CaptchaField';
import { useApp } from './context';
import { type Grecaptcha, loadRecaptcha } from './recaptcha';

/** Google reCAPTCHA (dark theme, SPEC §9) through the same captcha machine as ALTCHA. */
export function RecaptchaWidget({ token, onToken, describedBy }: CaptchaWidgetProps) {
  const { t } = useLingui();
  const { config } = useApp();
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | undefined>(undefined);
  const answer = useRef<{ resolve: (t: string) => void; reject: (e: unknown) => void } | null>(null);
  const actor = useActorRef(
    captchaMachine.provide({
      actors: {
        fetchChallenge: fromPromise<unknown>(() => loadRecaptcha(window as never, document as never)),
        solve: fromPromise(
          ({ input, signal }) =>
            new Promise<string>((resolve, reject) => {
              answer.current = { resolve, reject };
              signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
              const g = input as Grecaptcha;
              if (widgetId.current !== undefined) return g.reset(widgetId.current);
              if (!box.current) return reject(new Error('no reCAPTCHA container'));
              widgetId.current = g.render(box.current, {
                sitekey: config.recaptchaSiteKey,
                theme: 'dark',
                callback: (value) => answer.current?.resolve(value),
                'expired-callback': () => onToken(''),
                'error-callback': () => answer.current?.reject(new Error('reCAPTCHA error')),
              });
            }),
        ),
      },
      actions: { deliver: (_, { token: value }) => onToken(value) },
    }),
  );
  const failed = useSelector(actor, (s) => s.matches('failed'));
  useEffect(() => {
    if (token === '' && actor.getSnapshot().matches('solved')) actor.send({ type: 'form.tokenSpent' });
  }, [token, actor]);
  return (
    <div aria-describedby={describedBy}>
      <div ref={box} />
      {failed && (
        <p className="altcha altcha--failed">
          <span className="altcha__err">
            <Trans id="account.captcha.failed">The anti-robot check could not run.</Trans>
          </span>{' '}
          <button type="button" className="btn btn--sm" onClick={() => actor.send({ type: 'user.retry' })}>
            {t({ id: 'commons.retry', message: 'Try again' })}
          </button>
        </p>
      )}
    </div>
  );
}
