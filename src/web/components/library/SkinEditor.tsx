import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type CSSProperties, type FormEvent, type KeyboardEvent, useId } from 'react';
import { type SkinEditorActorRef, type SkinField, warningsOf } from '../../../../machines/library/skin-editor.machine';
import {
  CONTRAST_ACCENT,
  CONTRAST_TEXT,
  HEX6,
  LIBRARY_NAME_MAX,
  SKIN_COLOURS,
  SKIN_STYLES,
  type SkinColour,
} from '../../../contracts/library';
import { fieldError } from '../../i18n/field-error';
import { Button, Field } from '../ui';
import { COLOUR_LABELS, STYLE_LABELS } from './labels';

/** One colour: the browser's colour picker and the same value as `#rrggbb` text. */
function ColourField({ actor, field }: { actor: SkinEditorActorRef; field: SkinColour }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const value = useSelector(actor, (s) => s.context.values[field]);
  const error = useSelector(actor, (s) => s.context.errors[field]);
  const label = i18n._(COLOUR_LABELS[field]);
  const set = (next: string) => actor.send({ type: 'user.set', field, value: next });
  return (
    <div className="lib-colour" data-field={field}>
      <input
        id={id}
        type="color"
        className="lib-colour__picker"
        value={HEX6.test(value) ? value.toLowerCase() : '#000000'}
        aria-label={t({ id: 'library.skin.picker', message: `${label}: colour picker` })}
        onChange={(e) => set(e.target.value)}
      />
      <Field
        label={label}
        value={value}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        placeholder="#rrggbb"
        error={fieldError(i18n, error, label)}
        onChange={(e) => set(e.target.value)}
      />
    </div>
  );
}

/** A miniature reader in the skin's colours (only valid colours are applied). */
function SkinPreview({ actor }: { actor: SkinEditorActorRef }) {
  const values = useSelector(actor, (s) => s.context.values);
  const colour = (c: string, fallback: string) => (HEX6.test(c) ? c : fallback);
  const style = {
    '--lib-toolbar': colour(values.toolbar, '#14141c'),
    '--lib-text': colour(values.text, '#ececf4'),
    '--lib-accent': colour(values.accent, '#7a78ff'),
    '--lib-room': colour(values.background, '#1c1c24'),
  } as CSSProperties;
  return (
    <div className="lib-preview" data-style={values.style} style={style} aria-hidden="true" data-testid="skin-preview">
      <div className="lib-preview__bar">
        <span className="lib-preview__accent" />
        <span className="lib-preview__text" />
      </div>
      <div className="lib-preview__pages">
        <span />
        <span />
      </div>
      <div className="lib-preview__bar lib-preview__bar--bottom">
        <span className="lib-preview__text" />
      </div>
    </div>
  );
}

/** Warnings about colours a reader might struggle to see (the skin may still be saved). */
function ContrastWarnings({ actor }: { actor: SkinEditorActorRef }) {
  const { i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.values);
  const warnings = warningsOf(values);
  const ratio = (r: number) => new Intl.NumberFormat(i18n.locale || 'en', { maximumFractionDigits: 1 }).format(r);
  return (
    <div role="status" aria-live="polite" data-testid="skin-warnings">
      {warnings.length > 0 && (
        <ul className="callout callout--warning lib-warnings">
          {warnings.map((w) => {
            const now = ratio(w.ratio);
            return (
              <li key={w.kind}>
                {w.kind === 'text' ? (
                  <Trans id="library.skin.warning.text">
                    The text and icons are hard to read on the toolbar (contrast {now}:1; aim for at least {CONTRAST_TEXT}:1).
                  </Trans>
                ) : (
                  <Trans id="library.skin.warning.accent">
                    The accent is hard to see on the toolbar (contrast {now}:1; aim for at least {CONTRAST_ACCENT}:1).
                  </Trans>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The skin editor of /account/theme (machines/library/skin-editor.machine.ts). Escape cancels. */
export function SkinEditor({ actor }: { actor: SkinEditorActorRef }) {
  const { t, i18n } = useLingui();
  const styleGroup = useId();
  const isNew = useSelector(actor, (s) => s.context.id === null);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => s.context.error);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'user.save' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const set = (field: SkinField, value: string) => actor.send({ type: 'user.set', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.save' });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && canCancel) actor.send({ type: 'user.cancel' });
  };
  const nameLabel = t({ id: 'library.skin.name', message: 'Skin name' });
  return (
    <form
      className="lib-editor"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-busy={saving || undefined}
      aria-labelledby="skin-editor-title"
      data-testid="skin-editor"
    >
      <h3 id="skin-editor-title">
        {isNew ? <Trans id="library.skin.new.title">New skin</Trans> : <Trans id="library.skin.edit.title">Edit the skin</Trans>}
      </h3>
      {error && (
        <p className="callout callout--danger" role="alert">
          {i18n._(error)}
        </p>
      )}
      <div className="lib-editor__grid">
        <div className="lib-editor__fields">
          <Field
            label={nameLabel}
            value={values.name}
            maxLength={LIBRARY_NAME_MAX}
            autoComplete="off"
            // The user asked for this editor: typing starts in its first field.
            autoFocus
            error={fieldError(i18n, errors.name, nameLabel, [LIBRARY_NAME_MAX])}
            onChange={(e) => set('name', e.target.value)}
          />
          {SKIN_COLOURS.map((field) => (
            <ColourField key={field} actor={actor} field={field} />
          ))}
          <fieldset className="lib-styles">
            <legend>
              <Trans id="library.skin.style">Toolbar style</Trans>
            </legend>
            {SKIN_STYLES.map((style) => (
              <label key={style} className="lib-style">
                <input type="radio" name={styleGroup} value={style} checked={values.style === style} onChange={() => set('style', style)} />
                {i18n._(STYLE_LABELS[style])}
              </label>
            ))}
          </fieldset>
        </div>
        <div className="lib-editor__side">
          <SkinPreview actor={actor} />
          <ContrastWarnings actor={actor} />
        </div>
      </div>
      <div className="account-actions">
        <Button type="submit" variant="primary" disabled={!canSave} data-testid="skin-save">
          {saving ? <span className="spinner spinner--sm" /> : null} <Trans id="library.skin.save">Save the skin</Trans>
        </Button>
        <Button variant="ghost" disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
          <Trans id="library.skin.cancel">Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
