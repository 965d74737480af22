import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FieldErrors, SettingsFormActorRef } from '../../../../machines/profile/settings-form';
import { fieldError } from '../../i18n/field-error';
import { Button } from '../ui';

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
