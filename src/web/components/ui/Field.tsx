import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Translated error text: the field shows a warning mark and the text beneath (SPEC §5). */
  error?: ReactNode;
  /** Validated and valid: a success mark. */
  valid?: boolean;
  /** No marks (SPEC §5: readonly, disabled or no-validate fields). */
  noValidate?: boolean;
}

export function Field({ label, hint, error, valid, noValidate, readOnly, disabled, ...input }: FieldProps) {
  const id = useId();
  const marked = !(noValidate || readOnly || disabled);
  const state = marked && error ? 'invalid' : marked && valid ? 'valid' : '';
  const describedBy = [hint && `${id}-hint`, state === 'invalid' && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${state ? ` field--${state}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          readOnly={readOnly}
          disabled={disabled}
          aria-invalid={state === 'invalid' || undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {state && (
          <span className="field__mark" aria-hidden="true">
            {state === 'valid' ? '✓' : '!'}
          </span>
        )}
      </div>
      <FieldNotes id={id} hint={hint} error={state === 'invalid' ? error : undefined} />
    </div>
  );
}

/** The hint and the error text beneath a field (ids `${id}-hint` / `${id}-error` for aria-describedby). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </>
  );
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  valid?: boolean;
}

/** A multi-line field with the field's look, marks (SPEC §5) and notes. */
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
          className="field__input field__input--multiline"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
