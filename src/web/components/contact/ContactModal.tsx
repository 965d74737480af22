import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId, useState } from 'react';
import { type ContactActorRef, type ContactField, contactErrors } from '../../../../machines/contact.machine';
import { CAPTCHA_FIELD } from '../../../../machines/sign-up/forms';
import type { CaptchaKind } from '../../../contracts/client-config';
import { CONTACT_LIMITS } from '../../../contracts/contact';
import { fieldError } from '../../i18n/field-error';
import { CaptchaField, type RenderCaptcha } from '../account/CaptchaField';
import { Illustration } from '../account/icons';
import { Callout, ResultPanel, SubmitButton } from '../account/parts';
import { Field, Modal } from '../ui';
import { FieldNotes } from '../ui/Field';
import '../account/account.css';
import './contact.css';

export interface ContactModalProps {
  /** The contact actor (machines/contact.machine.ts, provided by the app). */
  actor: ContactActorRef;
  /** Which captcha the server uses (client config `captcha`); dev mode comes from the machine's context. */
  captcha?: CaptchaKind;
  /** Mounts the captcha widget; a labelled placeholder without it. */
  renderCaptcha?: RenderCaptcha;
  /** Escape and backdrop clicks (the modal stack decides); default: close. */
  onEscape?: () => void;
  onBackdrop?: () => void;
}

/**
 * The contact modal (SPEC §2 Other): normal (with the page's url) or deletion request; signed in, name
 * and e-mail are hidden (the server takes the account's). Renders the machine's state: editing with
 * the SPEC §5 marks after a submit attempt, a busy button while sending, then the thank-you panel.
 */
export function ContactModal({ actor, captcha = 'altcha', renderCaptcha, onEscape, onBackdrop }: ContactModalProps) {
  const { t, i18n } = useLingui();
  const snap = useSelector(actor, (s) => s);
  const { values, errors, errorId, subject, signedIn, devMode } = snap.context;
  const textId = useId();
  // Pure presentation: whether the marks show (the machine records errors only on a submit).
  const [attempted, setAttempted] = useState(false);
  const marked = attempted || Object.keys(errors).length > 0;
  const live = marked ? contactErrors(snap.context) : {};
  const busy = snap.matches('submitting');
  const close = () => actor.send({ type: 'user.close' });
  const set = (field: ContactField, value: string) => actor.send({ type: 'user.setField', field, value });
  const text = (field: ContactField, label: string, max: number) => ({
    label,
    name: field,
    value: values[field],
    maxLength: max,
    error: fieldError(i18n, errors[field], label, [max]),
    valid: marked && !errors[field] && !live[field],
    disabled: busy,
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    actor.send({ type: 'user.submit' });
  };
  const deletion = subject === 'deletion';
  const title = deletion ? (
    <Trans id="contact.title.deletion">Ask us to delete your account</Trans>
  ) : (
    <Trans id="contact.title">Contact us</Trans>
  );
  const textLabel = deletion
    ? t({ id: 'contact.field.reason', message: 'Your request' })
    : t({ id: 'contact.field.text', message: 'Message' });
  const textError = fieldError(i18n, errors.text, textLabel, [CONTACT_LIMITS.text]);

  return (
    <Modal open={snap.status === 'active'} title={title} onEscape={onEscape ?? close} onBackdrop={onBackdrop ?? close} onClose={close}>
      {snap.matches('success') ? (
        <ResultPanel picture={<Illustration kind="success" />} title={<Trans id="contact.success.title">Message sent</Trans>}>
          <p role="status" data-testid="contact-success">
            {deletion ? (
              <Trans id="contact.success.deletion">We received your request and will answer by e-mail before deleting anything.</Trans>
            ) : (
              <Trans id="contact.success.text">Thank you. We will answer by e-mail as soon as we can.</Trans>
            )}
          </p>
        </ResultPanel>
      ) : (
        <form className="account-form" noValidate onSubmit={onSubmit} data-testid="contact-form" data-subject={subject}>
          {deletion ? (
            <p>
              <Trans id="contact.intro.deletion">
                Tell us which account to delete. We confirm by e-mail first: nothing is deleted before you answer.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans id="contact.intro">A question, a problem, an idea? Write to us and we answer by e-mail.</Trans>
            </p>
          )}
          {!signedIn && (
            <>
              <Field {...text('name', t({ id: 'contact.field.name', message: 'Your name' }), CONTACT_LIMITS.name)} autoComplete="name" />
              <Field
                {...text('email', t({ id: 'account.field.email', message: 'E-mail address' }), CONTACT_LIMITS.email)}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="off"
                spellCheck={false}
                required
              />
            </>
          )}
          <Field
            {...text('phone', t({ id: 'contact.field.phone', message: 'Phone (optional)' }), CONTACT_LIMITS.phone)}
            type="tel"
            autoComplete="tel"
          />
          {!deletion && (
            <Field
              {...text('url', t({ id: 'contact.field.url', message: 'Page concerned (optional)' }), CONTACT_LIMITS.url)}
              type="url"
              inputMode="url"
            />
          )}
          <div className={`field${marked && textError ? ' field--invalid' : marked && !live.text ? ' field--valid' : ''}`}>
            <label className="field__label" htmlFor={textId}>
              {textLabel}
            </label>
            <textarea
              id={textId}
              name="text"
              className="field__input contact__text"
              rows={5}
              required
              maxLength={CONTACT_LIMITS.text}
              value={values.text}
              disabled={busy}
              aria-invalid={(marked && !!textError) || undefined}
              aria-describedby={textError ? `${textId}-error` : undefined}
              onChange={(e) => set('text', e.currentTarget.value)}
            />
            <FieldNotes id={textId} error={textError} />
          </div>
          <CaptchaField
            kind={captcha}
            devMode={devMode}
            render={renderCaptcha}
            token={values[CAPTCHA_FIELD]}
            onToken={(token) => set(CAPTCHA_FIELD, token)}
            error={fieldError(i18n, errors[CAPTCHA_FIELD], t({ id: 'account.captcha.label', message: 'Anti-robot check' }))}
          />
          {errorId && <Callout tone="danger">{i18n._(errorId)}</Callout>}
          <SubmitButton busy={busy}>
            {deletion ? <Trans id="contact.submit.deletion">Send my request</Trans> : <Trans id="contact.submit">Send</Trans>}
          </SubmitButton>
        </form>
      )}
    </Modal>
  );
}
