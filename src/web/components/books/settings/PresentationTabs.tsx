import { useLingui } from '@lingui/react/macro';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import { Select } from '../../ui';
import { useField } from './common';
import { MUSIC_MODE_LABELS, SFX_MODE_LABELS, tr } from './labels';
import { PresetSelector } from './PresetSelector';

/** Branding, design and sound: the six preset selectors (SPEC §2) and the music and page-turn modes. */

export function BrandingTab({ actor }: { actor: BookSettingsActorRef }) {
  return (
    <div className="settings-stack">
      <PresetSelector actor={actor} field="logo.url" />
      <PresetSelector actor={actor} field="logo.link" />
    </div>
  );
}

export function DesignTab({ actor }: { actor: BookSettingsActorRef }) {
  return (
    <div className="settings-stack">
      <PresetSelector actor={actor} field="skin.url" />
      <PresetSelector actor={actor} field="bg.url" />
    </div>
  );
}

/** Sound: music (looped or once) and the page-turn sound (on every turn or none), with previews. */
export function SoundTab({ actor }: { actor: BookSettingsActorRef }) {
  const { i18n } = useLingui();
  const music = useField(actor, 'music.mode');
  const sfx = useField(actor, 'sfx.mode');
  return (
    <div className="settings-stack">
      <PresetSelector actor={actor} field="music.url" />
      <Select
        label={music.label}
        value={String(music.value)}
        onChange={(e) => music.set(Number(e.target.value))}
        options={[0, 1].map((m) => ({ value: String(m), label: tr(i18n, MUSIC_MODE_LABELS[m], String(m)) }))}
      />
      <PresetSelector actor={actor} field="sfx.url" />
      <Select
        label={sfx.label}
        value={String(sfx.value)}
        onChange={(e) => sfx.set(Number(e.target.value))}
        options={[0, 1].map((m) => ({ value: String(m), label: tr(i18n, SFX_MODE_LABELS[m], String(m)) }))}
      />
    </div>
  );
}
