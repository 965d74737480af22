import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';

/** Seconds as m:ss. */
export const formatDuration = (seconds: number): string => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A sound preset's sample (issue 22: the browser's bare players read "0:00 / 0:00"): one play/pause
 * button of the design system and the sample's real length, read from the file's metadata. Starting
 * one sample pauses any other. Playing or not is the audio element's own state, mirrored for display.
 */
export function SoundPreview({ src, name }: { src: string; name: string }) {
  const { t } = useLingui();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [duration, setDuration] = useState<number | null>(null);
  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (!a.paused) {
      a.pause();
      return;
    }
    for (const other of document.querySelectorAll<HTMLAudioElement>('audio.sound-preview__audio')) if (other !== a) other.pause();
    a.play().catch(() => setPlaying(false));
  };
  return (
    <span className="sound-preview">
      <button
        type="button"
        className="sound-preview__button"
        aria-pressed={playing}
        aria-label={
          playing
            ? t({ id: 'book.settings.sound.pause', message: `Pause “${name}”` })
            : t({ id: 'book.settings.sound.play', message: `Listen to “${name}”` })
        }
        onClick={toggle}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          {playing ? <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" /> : <path d="M5 3l8 5-8 5z" fill="currentColor" />}
        </svg>
      </button>
      <span className="sound-preview__time">{duration === null ? '–:––' : formatDuration(duration)}</span>
      {/* biome-ignore lint/a11y/useMediaCaption: a music or page-turn sample has no words to caption. */}
      <audio
        ref={audio}
        className="sound-preview__audio"
        preload="metadata"
        src={src}
        onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : null)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
    </span>
  );
}
