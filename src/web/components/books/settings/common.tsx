import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FieldName, FieldValue } from '../../../../../machines/book-settings/form';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import { fieldError } from '../../../i18n/field-error';
import { FIELD_LABELS, OWN_ERRORS } from './labels';

/** A field's value, its translated label and error, and how to change it. */
export function useField<F extends FieldName>(actor: BookSettingsActorRef, field: F) {
  const { i18n } = useLingui();
  const value = useSelector(actor, (s) => s.context.values[field]);
  const errorId = useSelector(actor, (s) => s.context.errors[field]);
  const label = i18n._(FIELD_LABELS[field]);
  const own = errorId ? OWN_ERRORS[errorId] : undefined;
  const error = own ? i18n._(own) : fieldError(i18n, errorId, label);
  const set = (next: FieldValue) => actor.send({ type: 'user.field', field, value: next });
  return { value, label, error, set };
}

/** A checkbox for a 0/1 (or 0/2) field. */
export function CheckField({
  actor,
  field,
  on = 1,
}: {
  actor: BookSettingsActorRef;
  field: 'is_adult' | 'share_mode' | 'subscribe_mode' | 'download_mode' | 'print_mode' | 'private_url';
  /** The value when checked (download and print: 2). */
  on?: number;
}) {
  const { value, label, set } = useField(actor, field);
  return (
    <label className="settings-check">
      <input type="checkbox" checked={value !== 0} onChange={(e) => set(e.target.checked ? on : 0)} />
      {label}
    </label>
  );
}
