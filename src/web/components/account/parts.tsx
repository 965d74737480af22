import { Trans, useLingui } from '@lingui/react/macro';
import { type ButtonHTMLAttributes, Component, type ErrorInfo, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Button, Modal } from '../ui';
import { FieldNotes } from '../ui/Field';
import { CheckIcon, EyeIcon, InfoIcon, WarningIcon } from './icons';

/** Small building blocks shared by the account views (pure presentation). */

export type Tone = 'info' | 'success' | 'warning' | 'danger';
const TONE_ICONS = { info: InfoIcon, success: CheckIcon, warning: WarningIcon, danger: WarningIcon } as const;

/** A message atop a form: notices (info/success) or why a call failed (danger, announced at once). */
export function Callout({ tone, children, id }: { tone: Tone; children: ReactNode; id?: string }) {
  const Icon = TONE_ICONS[tone];
  return (
    <div className={`callout callout--${tone}`} role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'} id={id}>
      <span className="callout__icon">
        <Icon />
      </span>
      <div className="callout__text">{children}</div>
    </div>
  );
}

/** The form's primary button: disabled unless the machine accepts the event; a spinner while busy. */
export function SubmitButton({
  busy,
  disabled,
  children,
  type = 'submit',
  ...rest
}: { busy: boolean; disabled?: boolean; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>) {
  return (
    <Button
      type={type}
      variant="primary"
      size="lg"
      block
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={busy ? 'btn--busy' : undefined}
      {...rest}
    >
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      <span>{children}</span>
    </Button>
  );
}

/** A button that looks like a link (switches tabs, signs out: actions, not navigation). */
export function LinkButton({ children, className, ...rest }: { children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={`link-button${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </button>
  );
}

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  valid?: boolean;
}

/** The design-system field (same classes and marks) with a show/hide toggle. */
export function PasswordField({ label, hint, error, valid, disabled, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const state = disabled ? '' : error ? 'invalid' : valid ? 'valid' : '';
  const describedBy = [hint && `${id}-hint`, state === 'invalid' && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field field--password${state ? ` field--${state}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="field__input"
          disabled={disabled}
          aria-invalid={state === 'invalid' || undefined}
          aria-describedby={describedBy}
          autoCapitalize="off"
          spellCheck={false}
          {...input}
        />
        {state && (
          <span className="field__mark" aria-hidden="true">
            {state === 'valid' ? '✓' : '!'}
          </span>
        )}
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={t({ id: 'account.password.show', message: 'Show password' })}
          title={
            visible
              ? t({ id: 'account.password.hideTitle', message: 'Hide password' })
              : t({ id: 'account.password.showTitle', message: 'Show password' })
          }
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon off={visible} />
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={state === 'invalid' ? error : undefined} />
    </div>
  );
}

/** A checkbox with its label (terms, trust this device) and an error beneath. */
export function CheckField({
  label,
  checked,
  onChange,
  error,
  disabled,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: ReactNode;
  disabled?: boolean;
  name?: string;
}) {
  const id = useId();
  return (
    <div className={`check-field${error ? ' check-field--invalid' : ''}`}>
      <div className="check">
        <input
          id={id}
          type="checkbox"
          className="check__input"
          name={name}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <label className="check__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A centred result: picture, title, text and actions (register success, activation result, thanks). */
export function ResultPanel({
  picture,
  title,
  children,
  actions,
}: {
  picture: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="result">
      {picture}
      <h3 className="result__title">{title}</h3>
      {children && <div className="result__text">{children}</div>}
      {actions && <div className="result__actions">{actions}</div>}
    </div>
  );
}

/** A loading placeholder with a label for screen readers. */
export function Loading({ label }: { label: ReactNode }) {
  return (
    <div className="account-loading" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="account-loading__label">{label}</span>
    </div>
  );
}

function BrokenModal({ onClose }: { onClose?: () => void }) {
  return (
    <Modal open title={<Trans id="account.broken.title">Something went wrong</Trans>} onEscape={() => onClose?.()} onClose={onClose}>
      <div className="account-view">
        <Callout tone="danger">
          <Trans id="account.broken.text">This window stopped working. Reload the page to try again; nothing you saved is lost.</Trans>
        </Callout>
        <Button variant="primary" block onClick={() => window.location.reload()}>
          <Trans id="account.broken.reload">Reload the page</Trans>
        </Button>
      </div>
    </Modal>
  );
}

/**
 * @xstate/react's useSelector throws when an actor fails (TECH-NOTES): machine-driven modals render
 * inside this boundary, which shows a small "reload" modal instead of unmounting the app.
 */
export class AccountErrorBoundary extends Component<{ children: ReactNode; onClose?: () => void }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Account view failed', error, info.componentStack);
  }
  override render() {
    if (this.state.error) return <BrokenModal onClose={this.props.onClose} />;
    return this.props.children;
  }
}
