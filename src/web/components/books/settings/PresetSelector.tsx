import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { SELECTORS, type Selector } from '../../../../../machines/book-settings/form';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import type { PresetItem } from '../../../../contracts/presets';
import { Field, Switch } from '../../ui';
import { useField } from './common';
import { NONE_LABELS } from './labels';
import { SoundPreview } from './SoundPreview';

const AUDIO: readonly Selector[] = ['music.url', 'sfx.url'];

/**
 * One selector (SPEC §2): the preset choices with their previews (thumbnails, or audio to play), a "none"
 * choice when the field may stay empty, and the "custom URL" switch that turns it into a URL input with
 * its inline error. The help under the input is hidden for platinum accounts (SPEC §6).
 */
export function PresetSelector({ actor, field }: { actor: BookSettingsActorRef; field: Selector }) {
  const { t, i18n } = useLingui();
  const group = useId();
  const { value, label, error, set } = useField(actor, field);
  const presets = useSelector(actor, (s) => s.context.presets?.[SELECTORS[field]] ?? []);
  const custom = useSelector(actor, (s) => s.context.custom[field]);
  const help = useSelector(actor, (s) => s.context.rights?.customHelp === true);
  const none = NONE_LABELS[field];
  const audio = AUDIO.includes(field);
  // The account's own skins, backgrounds and logos (issue 16) come after the presets, in a group of their own.
  const catalogue = presets.filter((p) => p.enabled && !p.own);
  const own = presets.filter((p) => p.enabled && p.own);
  const choice = (p: PresetItem) => (
    <li key={p.id}>
      <label className="settings-choice" title={p.description}>
        <input type="radio" name={group} value={p.location} checked={value === p.location} onChange={() => set(p.location)} />
        {!audio && <img className="settings-choice__thumb" src={p['url.preview']} alt="" loading="lazy" decoding="async" />}
        <span className="settings-choice__name">{p.name}</span>
      </label>
      {audio && <SoundPreview src={p['url.preview']} name={p.name} />}
    </li>
  );
  return (
    <fieldset className="settings-fieldset settings-selector" data-field={field}>
      <legend>{label}</legend>
      <Switch
        checked={custom}
        onChange={(on) => actor.send({ type: 'user.custom', field, on })}
        label={t({ id: 'book.settings.customUrl', message: 'Custom URL' })}
      />
      {custom ? (
        <Field
          label={t({ id: 'book.settings.customUrl.label', message: `${label} URL` })}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          maxLength={2048}
          error={error}
          hint={help ? t({ id: 'book.settings.customUrl.help', message: 'An address starting with https:// (or http://).' }) : undefined}
          onChange={(e) => set(e.target.value)}
        />
      ) : (
        <ul className={`settings-choices${audio ? ' settings-choices--audio' : ''}`}>
          {none && (
            <li>
              <label className="settings-choice">
                <input type="radio" name={group} checked={value === ''} onChange={() => set('')} />
                <span className="settings-choice__thumb settings-choice__thumb--none" aria-hidden="true" />
                <span className="settings-choice__name">{i18n._(none)}</span>
              </label>
            </li>
          )}
          {catalogue.map(choice)}
        </ul>
      )}
      {!custom && own.length > 0 && (
        <div className="settings-own" data-testid="settings-own">
          <p className="settings-own__title" id={`${group}-own`}>
            <Trans id="book.settings.ownGroup">Your library</Trans>
          </p>
          <ul className={`settings-choices${audio ? ' settings-choices--audio' : ''}`} aria-labelledby={`${group}-own`}>
            {own.map(choice)}
          </ul>
        </div>
      )}
      {!custom && presets.length === 0 && (
        <p className="settings-note">
          <Trans id="book.settings.noPresets">No presets available.</Trans>
        </p>
      )}
    </fieldset>
  );
}
