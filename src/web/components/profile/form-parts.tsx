import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import type { FieldErrors, SettingsFormActorRef } from '../../../../machines/profile/settings-form';
import { fieldError } from '../../i18n/field-error';
import { Button } from '../ui';
import { FieldNotes } from '../ui/Field';

/** What a settings form's view reads from its machine (machines/profile/settings-form.ts), narrowly. */
export function useSettingsForm(actor: SettingsFormActorRef) {
  const phase = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches({ ready: 'saving' }) ? 'saving' : 'ready',
  );
  const values = useSelector(actor, (s) => s.context.values);
  const saved = useSelector(actor, (s) => s.context.saved);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => s.context.error);
  const canSave = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canReset = useSelector(actor, (s) => s.can({ type: 'user.reset' }));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'user.setField', field: 'name', value: '' }));
  const set = (field: string) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'user.setField', field, value: e.currentTarget.value });
  return { phase, values, saved, errors, error, canSave, canReset, canEdit, set };
}

/**
 * A field's marks (SPEC §5): the translated problem once the machine shows one, a success mark on a
 * changed field that passes. `bounds` fill the message's {1}, {2} (a limit).
 */
export function useFieldMarks(errors: FieldErrors, values: Record<string, string>, saved: Record<string, string>) {
  const { i18n } = useLingui();
  return (field: string, label: string, bounds: (string | number)[] = []) => {
    const error = fieldError(i18n, errors[field], label, bounds);
    const changed = (values[field] ?? '') !== (saved[field] ?? '');
    return { error, valid: !error && changed && (values[field] ?? '') !== '' };
  };
}

/** Save and "cancel changes", enabled as the machine allows; a spinner while saving. */
export function FormActions({ actor, saving }: { actor: SettingsFormActorRef; saving: boolean }) {
  const canSave = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canReset = useSelector(actor, (s) => s.can({ type: 'user.reset' }));
  return (
    <div className="account-actions profile-actions">
      <Button type="submit" variant="primary" disabled={!canSave} aria-busy={saving || undefined}>
        {saving ? <Trans id="account.details.saving">Saving…</Trans> : <Trans id="account.details.save">Save</Trans>}
      </Button>
      <Button onClick={() => actor.send({ type: 'user.reset' })} disabled={!canReset}>
        <Trans id="account.details.cancel">Cancel changes</Trans>
      </Button>
    </div>
  );
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  valid?: boolean;
}

/** A multi-line field with the design system's field look, marks and notes. */
export function TextArea({ label, hint, error, valid, ...input }: TextAreaProps) {
  const id = useId();
  const state = error ? 'invalid' : valid ? 'valid' : '';
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${state ? ` field--${state}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <textarea
          id={id}
          className="field__input profile-textarea"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The card of a section while its data loads. */
export function LoadingPanel({ title }: { title: ReactNode }) {
  return (
    <section className="account-card profile-card" aria-busy="true">
      <h2>{title}</h2>
      <span className="spinner" />
    </section>
  );
}

/** The card of a section whose data did not load: the reason and a retry. */
export function FailedPanel({ title, error, onRetry }: { title: ReactNode; error: string | null; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <section className="account-card profile-card">
      <h2>{title}</h2>
      <p className="callout callout--danger" role="alert">
        {error ? i18n._(error) : <Trans id="account.sections.failed">This could not be loaded.</Trans>}
      </p>
      <div className="account-actions">
        <Button onClick={onRetry}>
          <Trans id="account.sections.retry">Try again</Trans>
        </Button>
      </div>
    </section>
  );
}
