import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CAPTCHA_FIELD, type FieldName, type FormName, formErrors } from '../../../../machines/sign-up/forms';
import type { SelectableTab, SignUpModalActorRef } from '../../../../machines/sign-up-modal.machine';
import type { CaptchaKind } from '../../../contracts/client-config';
import { fieldError } from '../../i18n/field-error';
import { Field } from '../ui';
import { CaptchaField, type RenderCaptcha } from './CaptchaField';
import { ArrowLeftIcon } from './icons';
import { Callout, CheckField, LinkButton, PasswordField, SubmitButton } from './parts';
import { SocialButtons, useSocialProviders } from './SocialButtons';

type Snapshot = ReturnType<SignUpModalActorRef['getSnapshot']>;

/** The step inside a form tab (`editing`, `loggingIn`, `requesting`…), or null for a flat tab. */
export const stepOf = (s: Pick<Snapshot, 'value'>): string | null =>
  typeof s.value === 'object' && s.value !== null ? ((Object.values(s.value)[0] as string | undefined) ?? null) : null;

/** Captcha settings the forms need (from the client config). */
export interface CaptchaOptions {
  kind: CaptchaKind;
  render?: RenderCaptcha;
}

/**
 * One form tab of the modal: values and errors from the machine, `user.setField` on change,
 * `user.submit` on submit. Marks (SPEC §5): after a submit attempt, each field shows its error
 * (machine message id, translated with the field label) or, once valid, the success mark.
 */
function useSignUpForm<N extends FormName>(actor: SignUpModalActorRef, name: N) {
  const { i18n } = useLingui();
  const forms = useSelector(actor, (s) => s.context.forms);
  const devMode = useSelector(actor, (s) => s.context.devMode);
  const resetHash = useSelector(actor, (s) => s.context.resetHash);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const step = useSelector(actor, stepOf);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  // Pure presentation: whether the marks show (the machine records errors only on a submit).
  const [attempted, setAttempted] = useState(false);
  const form = forms[name];
  const errors = form.errors as Partial<Record<string, string>>;
  const values = form.values as unknown as Record<string, string | boolean>;
  const marked = attempted || Object.keys(errors).length > 0;
  const live = marked ? formErrors(forms, name, { devMode, resetHash }) : {};

  const set = (field: FieldName, value: string | boolean) => actor.send({ type: 'user.setField', field, value });
  const text = (field: FieldName, label: string) => ({
    name: field,
    value: String(values[field] ?? ''),
    error: fieldError(i18n, errors[field], label),
    valid: marked && !errors[field] && !live[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    actor.send({ type: 'user.submit' });
  };
  return { values, errors, errorId, step, canSubmit, devMode, text, set, onSubmit, i18n };
}

type SignUpFormApi = Pick<ReturnType<typeof useSignUpForm>, 'text'>;

/** The e-mail field of the login, register, forgot and resend forms. */
function EmailField({
  form,
  field,
  autoComplete,
  readOnly,
}: {
  form: SignUpFormApi;
  field: 'login' | 'email';
  autoComplete: 'username' | 'email';
  readOnly: boolean;
}) {
  const { t } = useLingui();
  const label = t({ id: 'account.field.email', message: 'E-mail address' });
  return (
    <Field
      label={label}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="off"
      spellCheck={false}
      required
      readOnly={readOnly}
      {...form.text(field, label)}
    />
  );
}

/** Social sign-in buttons bound to the modal (login and register tabs). */
function Social({ actor, step }: { actor: SignUpModalActorRef; step: string | null }) {
  const enabled = useSocialProviders();
  const snapshotCan = useSelector(
    actor,
    (s) => ({
      facebook: s.can({ type: 'user.social', provider: 'facebook' }),
      google: s.can({ type: 'user.social', provider: 'google' }),
      linkedin: s.can({ type: 'user.social', provider: 'linkedin' }),
    }),
    (a, b) => a.facebook === b.facebook && a.google === b.google && a.linkedin === b.linkedin,
  );
  if (enabled.length === 0) return null;
  return (
    <>
      <div className="divider">
        <span>
          <Trans id="account.social.or">or</Trans>
        </span>
      </div>
      <SocialButtons
        canUse={(p) => snapshotCan[p]}
        busy={step === 'signingInWithSocial'}
        onSocial={(provider) => actor.send({ type: 'user.social', provider })}
      />
    </>
  );
}

/** The call failed: its message inline, above the submit button. */
function CallError({ id }: { id: string | null }) {
  const { i18n } = useLingui();
  return id ? <Callout tone="danger">{i18n._(id)}</Callout> : null;
}

function TabLink({ actor, tab, children }: { actor: SignUpModalActorRef; tab: SelectableTab; children: ReactNode }) {
  const can = useSelector(actor, (s) => s.can({ type: 'user.selectTab', tab }));
  return (
    <LinkButton disabled={!can} onClick={() => actor.send({ type: 'user.selectTab', tab })}>
      {children}
    </LinkButton>
  );
}

export function LoginForm({ actor }: { actor: SignUpModalActorRef }) {
  const { t } = useLingui();
  const f = useSignUpForm(actor, 'login');
  const busy = f.step === 'loggingIn' || f.step === 'confirming';
  const locked = f.step !== 'editing';
  return (
    <div className="account-view">
      <form className="account-form" onSubmit={f.onSubmit} noValidate aria-busy={busy || undefined}>
        <EmailField form={f} field="login" autoComplete="username" readOnly={locked} />
        <PasswordField
          label={t({ id: 'account.field.password', message: 'Password' })}
          autoComplete="current-password"
          required
          readOnly={locked}
          {...f.text('password', t({ id: 'account.field.password', message: 'Password' }))}
        />
        <div className="account-form__aside">
          <TabLink actor={actor} tab="forgot">
            <Trans id="account.login.forgot">Forgot your password?</Trans>
          </TabLink>
        </div>
        <CallError id={f.errorId} />
        <SubmitButton busy={busy} disabled={!f.canSubmit}>
          {f.step === 'confirming' ? (
            <Trans id="account.login.confirming">Signing you in…</Trans>
          ) : (
            <Trans id="account.login.submit">Log in</Trans>
          )}
        </SubmitButton>
      </form>
      <Social actor={actor} step={f.step} />
      <p className="account-switch">
        <Trans id="account.login.noActivation">Did not get the activation e-mail?</Trans>{' '}
        <TabLink actor={actor} tab="resend">
          <Trans id="account.login.resend">Send it again</Trans>
        </TabLink>
      </p>
    </div>
  );
}

export function RegisterForm({ actor, captcha }: { actor: SignUpModalActorRef; captcha: CaptchaOptions }) {
  const { t } = useLingui();
  const f = useSignUpForm(actor, 'register');
  const busy = f.step === 'registering';
  const locked = f.step !== 'editing';
  const termsLabel = t({ id: 'account.register.termsLabel', message: 'The terms of use' });
  const captchaLabel = t({ id: 'account.captcha.label', message: 'Anti-robot check' });
  return (
    <div className="account-view">
      <form className="account-form" onSubmit={f.onSubmit} noValidate aria-busy={busy || undefined}>
        <Field
          label={t({ id: 'account.field.name', message: 'Your name' })}
          autoComplete="name"
          required
          maxLength={120}
          readOnly={locked}
          {...f.text('name', t({ id: 'account.field.name', message: 'Your name' }))}
        />
        <EmailField form={f} field="email" autoComplete="email" readOnly={locked} />
        <PasswordField
          label={t({ id: 'account.field.password', message: 'Password' })}
          hint={t({ id: 'account.password.policy', message: 'At least 10 characters, not only digits.' })}
          autoComplete="new-password"
          required
          readOnly={locked}
          {...f.text('password', t({ id: 'account.field.password', message: 'Password' }))}
        />
        <CheckField
          name="tos"
          checked={f.values.tos === true}
          disabled={locked}
          onChange={(checked) => f.set('tos', checked)}
          error={fieldError(f.i18n, f.errors.tos, termsLabel)}
          label={
            <Trans id="account.register.terms">
              I accept the{' '}
              <a href="/terms" target="_blank" rel="noopener">
                terms of use
              </a>
            </Trans>
          }
        />
        <CaptchaField
          kind={captcha.kind}
          devMode={f.devMode}
          render={captcha.render}
          token={String(f.values[CAPTCHA_FIELD] ?? '')}
          onToken={(token) => f.set(CAPTCHA_FIELD, token)}
          error={fieldError(f.i18n, f.errors[CAPTCHA_FIELD], captchaLabel)}
        />
        <CallError id={f.errorId} />
        <SubmitButton busy={busy} disabled={!f.canSubmit}>
          <Trans id="account.register.submit">Create my account</Trans>
        </SubmitButton>
      </form>
      <Social actor={actor} step={f.step} />
    </div>
  );
}

/** Forgot and resend: e-mail, captcha, submit (SPEC §3). */
export function EmailCaptchaForm({
  actor,
  name,
  captcha,
}: {
  actor: SignUpModalActorRef;
  name: 'forgot' | 'resend';
  captcha: CaptchaOptions;
}) {
  const { t } = useLingui();
  const f = useSignUpForm(actor, name);
  const busy = f.step === 'requesting';
  const captchaLabel = t({ id: 'account.captcha.label', message: 'Anti-robot check' });
  return (
    <div className="account-view">
      <p className="account-intro">
        {name === 'forgot' ? (
          <Trans id="account.forgot.intro">
            Enter the e-mail address of your account. We will send you a link to choose a new password.
          </Trans>
        ) : (
          <Trans id="account.resend.intro">Enter the e-mail address you signed up with. We will send you a new activation link.</Trans>
        )}
      </p>
      <form className="account-form" onSubmit={f.onSubmit} noValidate aria-busy={busy || undefined}>
        <EmailField form={f} field="email" autoComplete="email" readOnly={f.step !== 'editing'} />
        <CaptchaField
          kind={captcha.kind}
          devMode={f.devMode}
          render={captcha.render}
          token={String(f.values[CAPTCHA_FIELD] ?? '')}
          onToken={(token) => f.set(CAPTCHA_FIELD, token)}
          error={fieldError(f.i18n, f.errors[CAPTCHA_FIELD], captchaLabel)}
        />
        <CallError id={f.errorId} />
        <SubmitButton busy={busy} disabled={!f.canSubmit}>
          {name === 'forgot' ? (
            <Trans id="account.forgot.submit">Send the reset link</Trans>
          ) : (
            <Trans id="account.resend.submit">Send a new activation link</Trans>
          )}
        </SubmitButton>
      </form>
    </div>
  );
}

export function ResetForm({ actor }: { actor: SignUpModalActorRef }) {
  const { t } = useLingui();
  const f = useSignUpForm(actor, 'reset');
  const busy = f.step === 'resetting';
  return (
    <div className="account-view">
      <p className="account-intro">
        <Trans id="account.reset.intro">Choose a new password for your account. You will log in with it from now on.</Trans>
      </p>
      <form className="account-form" onSubmit={f.onSubmit} noValidate aria-busy={busy || undefined}>
        <PasswordField
          label={t({ id: 'account.field.newPassword', message: 'New password' })}
          hint={t({ id: 'account.password.policy', message: 'At least 10 characters, not only digits.' })}
          autoComplete="new-password"
          required
          readOnly={f.step !== 'editing'}
          {...f.text('password', t({ id: 'account.field.newPassword', message: 'New password' }))}
        />
        <CallError id={f.errorId} />
        <SubmitButton busy={busy} disabled={!f.canSubmit}>
          <Trans id="account.reset.submit">Save my new password</Trans>
        </SubmitButton>
      </form>
    </div>
  );
}

export function BackToLogin({ actor }: { actor: SignUpModalActorRef }) {
  const can = useSelector(actor, (s) => s.can({ type: 'user.selectTab', tab: 'login' }));
  return (
    <LinkButton className="back-link" disabled={!can} onClick={() => actor.send({ type: 'user.selectTab', tab: 'login' })}>
      <ArrowLeftIcon />
      <Trans id="account.backToLogin">Back to log in</Trans>
    </LinkButton>
  );
}
