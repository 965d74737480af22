import type { PresetSkin } from '../../contracts/presets';
import type { ReaderBook, ReaderTheme } from '../../contracts/reader';
import { h, icon } from './dom';

/**
 * The book's presentation (SPEC §3 bg, logo, logo.link, music, sfx, license_mode): its background on
 * the stage, its logo link, its license badge, and its sounds with one mute control. The pure parts
 * (validation, license mapping) come first and are unit tested without a DOM.
 */

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * A preset file served by this server when the skins host is the origin itself (or a path on it):
 * `[/prefix]/resources/<hex>.svg|.wav[?v=<n>]` (src/server/presets/catalogue.ts). The only relative
 * URLs the reader accepts.
 */
const PRESET_FILE = /^(?:\/[A-Za-z0-9._-]+)*\/resources\/[0-9a-f]{1,64}\.(?:svg|wav)(?:\?v=\d{1,6})?$/;
/**
 * A file of the account's own library (issue 16): `[/prefix]/brand/<hex>/image.webp?b=<book>[&t=<token>]`
 * (src/server/routes/library/site.ts), accepted like a preset file.
 */
const BRAND_FILE = /^(?:\/[A-Za-z0-9._-]+)*\/brand\/[0-9a-f]{1,64}\/image\.webp\?b=[A-Za-z0-9_-]{1,64}(?:&t=[A-Za-z0-9_-]{16,128})?$/;

/**
 * An absolute http(s) URL, normalised by the URL parser, or a root-relative preset file path (kept
 * as is: the browser resolves it against this page's origin); anything else (javascript:, data:,
 * other relative URLs…) is null.
 */
export function httpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (PRESET_FILE.test(url) || BRAND_FILE.test(url)) return url;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export type StageBackground = { color: string } | { image: string } | null;

/**
 * ReaderBook.background → what the stage may show: a hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa) or
 * an http(s) image. Other values (preset ids the server did not resolve, CSS fragments) show nothing.
 */
export function parseBackground(bg: string | null | undefined): StageBackground {
  const value = bg?.trim() ?? '';
  if (HEX_COLOUR.test(value)) return { color: value.toLowerCase() };
  const image = httpUrl(value);
  return image ? { image } : null;
}

/**
 * A CSS `url("…")` for a URL already normalised by httpUrl. The URL serializer percent-encodes
 * quotes, spaces and controls already; the characters that could still end the string or the
 * function are encoded again so the value can never become more than one CSS token.
 */
export function cssUrl(href: string): string {
  return `url("${href.replace(/["'()\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`)}")`;
}

export const CC_LICENSES = ['by', 'by_nc', 'by_nc_nd', 'by_nc_sa', 'by_nd', 'by_sa'] as const;

export type LicenseInfo = { kind: 'cc'; label: string; url: string } | { kind: 'pd'; url: string } | { kind: 'all' };

/** license_mode → the badge: CC variants with their short label and deed, public domain, or all rights reserved. */
export function licenseInfo(mode: string | null | undefined): LicenseInfo {
  const code = (mode ?? '').trim().toLowerCase();
  if (code === 'pd') return { kind: 'pd', url: 'https://creativecommons.org/publicdomain/mark/1.0/' };
  if ((CC_LICENSES as readonly string[]).includes(code)) {
    const parts = code.split('_');
    return {
      kind: 'cc',
      label: `CC ${parts.map((p) => p.toUpperCase()).join('-')}`,
      url: `https://creativecommons.org/licenses/${parts.join('-')}/4.0/`,
    };
  }
  return { kind: 'all' };
}

/**
 * The skins the reader has rules for (src/viewer/reader.css `[data-skin]`); the first is the default.
 * The same list as PRESET_SKINS (a unit test checks), written out so the reader bundle does not pull
 * in the contract module's schemas.
 */
export const READER_SKINS = ['2021', 'classic', 'night'] as const satisfies readonly PresetSkin[];

/** ReaderBook.skin → a skin of READER_SKINS. A remote skin URL is never loaded (no CSS from elsewhere): default. */
export function skinOf(skin: string | null | undefined): PresetSkin {
  const value = skin?.trim() ?? '';
  return (READER_SKINS as readonly string[]).includes(value) ? (value as PresetSkin) : READER_SKINS[0];
}

/** `#rrggbb` only: the theme's colours become custom properties, never CSS text. */
const HEX6 = /^#[0-9a-f]{6}$/i;
const THEME_STYLES = ['solid', 'translucent', 'minimal'] as const;
const THEME_PROPS = {
  toolbar: '--qr-custom-bar',
  text: '--qr-custom-ink',
  accent: '--qr-custom-accent',
  background: '--qr-custom-room',
} as const;

/** An account's own skin as the reader may apply it: every colour `#rrggbb` and a known style; else null. */
export function themeOf(theme: ReaderTheme | null | undefined): ReaderTheme | null {
  if (!theme || typeof theme !== 'object') return null;
  const colours = [theme.toolbar, theme.text, theme.accent, theme.background];
  if (!colours.every((c) => typeof c === 'string' && HEX6.test(c))) return null;
  return (THEME_STYLES as readonly string[]).includes(theme.style) ? theme : null;
}

/** Relative luminance of `#rrggbb` (light bars get the light colour scheme: native controls follow). */
function light(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255) > 0.4;
}

/**
 * Sets `data-skin` on the reader root: every skin rule of reader.css hangs off it. A book with one of
 * its account's own skins (`theme`) gets `data-skin="custom"`, `data-bars` (its toolbar style) and
 * its colours as custom properties read by reader.css.
 */
export function applySkin(el: HTMLElement, skin: string | null | undefined, theme?: ReaderTheme | null): void {
  const own = themeOf(theme);
  const next = own ? 'custom' : skinOf(skin);
  if (el.dataset.skin !== next) el.dataset.skin = next;
  if (!own) {
    if (el.dataset.bars !== undefined) {
      delete el.dataset.bars;
      delete el.dataset.scheme;
      for (const prop of Object.values(THEME_PROPS)) el.style.removeProperty(prop);
    }
    return;
  }
  el.dataset.bars = own.style;
  el.dataset.scheme = light(own.style === 'minimal' ? own.background : own.toolbar) ? 'light' : 'dark';
  for (const [key, prop] of Object.entries(THEME_PROPS)) el.style.setProperty(prop, own[key as keyof typeof THEME_PROPS].toLowerCase());
}

/** Sets the stage background as custom properties read by reader.css (never raw CSS text). */
export function applyBackground(el: HTMLElement, bg: string | null | undefined): void {
  const parsed = parseBackground(bg);
  el.style.removeProperty('--qr-bg-color');
  el.style.removeProperty('--qr-bg-image');
  if (!parsed) return;
  if ('color' in parsed) el.style.setProperty('--qr-bg-color', parsed.color);
  else el.style.setProperty('--qr-bg-image', cssUrl(parsed.image));
}

/** The footer badge; CC and public domain link to their deed in a new tab. */
export function licenseBadge(mode: string, labels: { pd: string; all: string }): HTMLElement {
  const info = licenseInfo(mode);
  if (info.kind === 'all') return h('span', { class: 'qr-license' }, `© ${labels.all}`);
  return h(
    'a',
    { class: 'qr-license', href: info.url, target: '_blank', rel: 'noopener noreferrer license' },
    info.kind === 'cc' ? info.label : labels.pd,
  );
}

export const MUTE_KEY = 'quire.reader.muted';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The speaker drawn like dom.ts icons; muted adds the cross. */
function speakerIcon(muted: boolean): SVGSVGElement {
  const svg = icon('close');
  svg
    .querySelector('path')
    ?.setAttribute('d', `M4 9h4l5-4v14l-5-4H4z${muted ? 'M16 9l5 6M21 9l-5 6' : 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12'}`);
  return svg;
}

/**
 * Background music and the page-turn sound. Browsers block audio before a user gesture, and the
 * reader must never start sound on its own: nothing plays until the reader has pointed, tapped or
 * pressed a key in the page, and the mute choice (remembered per browser) silences both.
 */
export class ReaderSound {
  readonly button: HTMLButtonElement | null = null;
  private muted: boolean;
  private activated = false;
  private music: HTMLAudioElement | null = null;
  private sfx: HTMLAudioElement | null = null;
  private ctx: AudioContext | null = null;

  constructor(
    private readonly book: Pick<ReaderBook, 'music' | 'sfx'>,
    private readonly labels: { mute: string; unmute: string },
  ) {
    this.muted = storage()?.getItem(MUTE_KEY) === '1';
    const musicUrl = httpUrl(book.music?.url);
    if (!musicUrl && !book.sfx.enabled) return;
    if (musicUrl) {
      this.music = new Audio();
      this.music.preload = 'none';
      this.music.loop = book.music?.loop ?? true;
      this.music.src = musicUrl;
    }
    this.button = h('button', { type: 'button', class: 'qr-btn qr-mute', onClick: () => this.toggle() });
    this.render();
    document.addEventListener('pointerdown', this.onGesture, true);
    document.addEventListener('keydown', this.onGesture, true);
  }

  /** The first gesture unlocks audio (and starts the music unless muted). */
  private readonly onGesture = (e: Event) => {
    if (!e.isTrusted || this.activated) return;
    this.activated = true;
    // The mute button's own click decides (no blip of music before it mutes).
    if (!this.button?.contains(e.target as Node)) this.playMusic();
  };

  isMuted(): boolean {
    return this.muted;
  }

  toggle(): void {
    this.muted = !this.muted;
    storage()?.setItem(MUTE_KEY, this.muted ? '1' : '0');
    this.render();
    if (this.muted) this.music?.pause();
    else this.playMusic();
  }

  /** One page turn (book and slide layouts). */
  turn(): void {
    if (this.muted || !this.activated || !this.book.sfx.enabled) return;
    const url = httpUrl(this.book.sfx.url);
    if (url) {
      this.sfx ??= Object.assign(new Audio(url), { preload: 'auto' });
      this.sfx.currentTime = 0;
      this.sfx.play().catch(() => {});
    } else this.rustle();
  }

  destroy(): void {
    document.removeEventListener('pointerdown', this.onGesture, true);
    document.removeEventListener('keydown', this.onGesture, true);
    this.music?.pause();
    this.sfx?.pause();
    this.ctx?.close().catch(() => {});
  }

  private playMusic(): void {
    if (this.music && this.activated && !this.muted) this.music.play().catch(() => {});
  }

  private render(): void {
    if (!this.button) return;
    const label = this.muted ? this.labels.unmute : this.labels.mute;
    this.button.setAttribute('aria-pressed', String(this.muted));
    this.button.setAttribute('aria-label', label);
    this.button.title = label;
    this.button.replaceChildren(speakerIcon(this.muted));
  }

  /** A short paper rustle: band-passed noise with a rising centre and a quick fade (no audio file to ship). */
  private rustle(): void {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    this.ctx ??= new Ctx();
    const ctx = this.ctx;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const secs = 0.22;
    const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * secs), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
    const noise = ctx.createBufferSource();
    noise.buffer = buffer;
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.Q.value = 0.8;
    const now = ctx.currentTime;
    band.frequency.setValueAtTime(900, now);
    band.frequency.exponentialRampToValueAtTime(3800, now + secs);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.35, now + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + secs);
    noise.connect(band).connect(gain).connect(ctx.destination);
    noise.start(now);
    noise.stop(now + secs);
  }
}
