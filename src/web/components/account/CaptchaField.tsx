import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { CaptchaKind } from '../../../contracts/client-config';

/** What a captcha widget receives when the app mounts one (ALTCHA, reCAPTCHA). */
export interface CaptchaWidgetProps {
  kind: Exclude<CaptchaKind, 'none'>;
  /** The current token; '' after a failed call spent it (the widget must be solved again). */
  token: string;
  /** Sends `user.setField { field: 'g-recaptcha-response', value }`. */
  onToken: (token: string) => void;
  /** Ids of the error text, for the widget's aria-describedby. */
  describedBy?: string;
}
export type RenderCaptcha = (props: CaptchaWidgetProps) => ReactNode;

export interface CaptchaFieldProps {
  kind: CaptchaKind;
  /** Dev mode (QUIRE_DEV): no captcha (SPEC §5). */
  devMode: boolean;
  token: string;
  onToken: (token: string) => void;
  /** Translated error (captcha required). */
  error?: ReactNode;
  /** Mounts the real widget; without it a labelled placeholder shows where the widget goes. */
  render?: RenderCaptcha;
}

/**
 * The anti-robot check of the register, forgot and resend forms. Nothing in dev mode or when the
 * server uses none; otherwise a labelled group `data-captcha="<kind>"` that holds the widget.
 */
export function CaptchaField({ kind, devMode, token, onToken, error, render }: CaptchaFieldProps) {
  const { t } = useLingui();
  const id = useId();
  if (devMode || kind === 'none') return null;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className={`field captcha${error ? ' field--invalid' : ''}`}>
      <fieldset className="captcha__slot" aria-describedby={describedBy} data-captcha={kind} data-token={token ? 'set' : 'empty'}>
        <legend className="visually-hidden">{t({ id: 'account.captcha.label', message: 'Anti-robot check' })}</legend>
        {render ? (
          render({ kind, token, onToken, describedBy })
        ) : (
          <span className="captcha__placeholder">
            <span className="captcha__dot" aria-hidden="true" />
            <Trans id="account.captcha.placeholder">The anti-robot check loads here.</Trans>
          </span>
        )}
      </fieldset>
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
