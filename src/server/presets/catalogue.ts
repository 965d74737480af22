import { createHash } from 'node:crypto';
import { DEFAULT_SKIN } from '../../contracts/books';
import {
  HEX_COLOUR,
  isHttpUrl,
  PRESET_SKINS,
  type PresetItem,
  type PresetLists,
  type PresetSkin,
  RESOURCE_TOKEN,
} from '../../contracts/presets';
import { type BackgroundDesign, backgroundSvg, type LogoDesign, linkBadgeSvg, logoSvg, type SkinPalette, skinPreviewSvg } from './svg';
import { encodeWav, type MusicSpec, type SwishSpec, synthMusic, synthSwish } from './synth';

/**
 * The preset catalogue (SPEC §3 Preset lists; §7 presets): skins, backgrounds, logos, logo links,
 * music and page-turn sounds, all made by this project (./LICENSE.md). Assets are addressed as
 * `resource:<hex>`; the hex id is a hash of a fixed key, so it stays the same across versions and
 * installations (books keep pointing at it). Bytes are generated on first request and kept in memory.
 * Served at `{skins}/resources/<hex>.<ext>?v=<ASSET_VERSION>` and `{skins}/skins/<id>/preview.svg`.
 */

/** Bump when a generator's output changes: the URLs change with it, so immutable caches refetch. */
export const ASSET_VERSION = 1;

export type AssetKind = 'image' | 'audio';
type ListName = keyof PresetLists;

interface AssetDef {
  list: Exclude<ListName, 'skins'>;
  name: string;
  description: string;
  kind: AssetKind;
  make: () => string | Buffer;
  /** Logo links: the URL stored in the book (the asset is only its preview badge). */
  link?: string;
}

const hexId = (key: string) => createHash('sha256').update(`quire-preset:${key}`).digest('hex').slice(0, 16);

const bg = (design: BackgroundDesign, name: string, description: string): [string, AssetDef] => [
  hexId(`bg:${design}`),
  { list: 'backgrounds', name, description, kind: 'image', make: () => backgroundSvg(design) },
];
const logo = (design: LogoDesign, name: string, description: string): [string, AssetDef] => [
  hexId(`logo:${design}`),
  { list: 'logos', name, description, kind: 'image', make: () => logoSvg(design) },
];
const link = (url: string, name: string, description: string): [string, AssetDef] => [
  hexId(`logolink:${url}`),
  { list: 'logolinks', name, description, kind: 'image', make: () => linkBadgeSvg(url), link: url },
];
const music = (key: string, name: string, description: string, spec: MusicSpec): [string, AssetDef] => [
  hexId(`music:${key}`),
  { list: 'musics', name, description, kind: 'audio', make: () => encodeWav(synthMusic(spec)) },
];
const swish = (key: string, name: string, description: string, spec: SwishSpec): [string, AssetDef] => [
  hexId(`sfx:${key}`),
  { list: 'sfx', name, description, kind: 'audio', make: () => encodeWav(synthSwish(spec)) },
];

/** In catalogue order; the first page-turn sound is the reader's default. */
const ASSETS = new Map<string, AssetDef>([
  bg('paper', 'Paper', 'Warm paper with faint ruled lines'),
  bg('slate', 'Slate', 'Dark slate with a fine grid'),
  bg('ocean', 'Ocean', 'Deep blue with rolling waves'),
  bg('dots', 'Dots', 'Violet dots on midnight'),
  bg('sunset', 'Sunset', 'An evening sun over the horizon'),
  bg('forest', 'Forest', 'Green hills and pines'),
  logo('book', 'Folio', 'An open book and the word Folio'),
  logo('star', 'Stellar', 'A golden star and the word Stellar'),
  logo('leaf', 'Verdant', 'A green leaf and the word Verdant'),
  link('https://creativecommons.org/', 'Creative Commons', 'Links the logo to creativecommons.org'),
  link('https://www.wikipedia.org/', 'Wikipedia', 'Links the logo to wikipedia.org'),
  link('https://archive.org/', 'Internet Archive', 'Links the logo to archive.org'),
  music('calm', 'Calm morning', 'A gentle major chord loop (8 s)', {
    chords: [
      [60, 64, 67],
      [55, 59, 62],
      [57, 60, 64],
      [53, 57, 60],
    ],
    beat: 0.5,
    beatsPerChord: 4,
    arpeggio: 'up',
    arpPerBeat: 2,
    brightness: 0.15,
  }),
  music('dusk', 'Dusk', 'A slow minor pad without rhythm (9.6 s)', {
    chords: [
      [57, 60, 64],
      [53, 57, 60],
      [48, 52, 55],
      [55, 59, 62],
    ],
    beat: 0.8,
    beatsPerChord: 3,
    arpeggio: 'none',
    arpPerBeat: 1,
    brightness: 0.05,
  }),
  music('bounce', 'Bounce', 'A lively plucked arpeggio (8 s)', {
    chords: [
      [62, 66, 69],
      [59, 62, 66],
      [55, 59, 62],
      [57, 61, 64],
    ],
    beat: 0.4,
    beatsPerChord: 5,
    arpeggio: 'updown',
    arpPerBeat: 4,
    brightness: 0.3,
  }),
  swish('soft', 'Soft page', 'A soft paper swish', { seconds: 0.32, from: 700, to: 3200, q: 0.9, seed: 2021, peak: 0.35 }),
  swish('crisp', 'Crisp page', 'A quick, bright page flick', { seconds: 0.22, from: 1500, to: 6000, q: 1.4, seed: 7, peak: 0.2 }),
]);

/** Skins: each sets the reader's chrome (src/viewer/reader.css `[data-skin]`). */
export const SKIN_PALETTES: Record<PresetSkin, SkinPalette & { name: string; description: string }> = {
  '2021': {
    name: '2021',
    description: 'The default: a dark room, flat bars, deep page shadows',
    room: '#1c1c24',
    bar: '#14141c',
    ink: '#ececf4',
    accent: '#7a78ff',
    radius: 0,
    inset: 0,
  },
  classic: {
    name: 'Classic',
    description: 'A light reading room in warm paper tones with brown bars',
    room: '#e8e1d3',
    bar: '#faf6ee',
    ink: '#3b2f22',
    accent: '#9b5d2e',
    radius: 0,
    inset: 0,
  },
  night: {
    name: 'Night',
    description: 'Midnight blue with floating rounded bars and a soft glow',
    room: '#070a14',
    bar: '#121a33',
    ink: '#d6e2ff',
    accent: '#49d6ff',
    radius: 11,
    inset: 8,
  },
};

export const isPresetSkin = (id: string): id is PresetSkin => (PRESET_SKINS as readonly string[]).includes(id);

/** Base URL of the skins host ('' = the origin root). */
const resourceUrl = (skinsHost: string, id: string, kind: AssetKind) =>
  `${skinsHost}/resources/${id}.${kind === 'image' ? 'svg' : 'wav'}?v=${ASSET_VERSION}`;
export const skinPreviewUrl = (skinsHost: string, id: PresetSkin) => `${skinsHost}/skins/${id}/preview.svg?v=${ASSET_VERSION}`;

/** The six lists of the presets call. */
export function presetLists(skinsHost: string): PresetLists {
  const lists: PresetLists = { skins: [], backgrounds: [], logos: [], logolinks: [], musics: [], sfx: [] };
  for (const id of PRESET_SKINS) {
    const s = SKIN_PALETTES[id];
    lists.skins.push({
      id,
      name: s.name,
      description: s.description,
      type: 'skin',
      location: id,
      enabled: true,
      'url.preview': skinPreviewUrl(skinsHost, id),
    });
  }
  const TYPE: Record<AssetDef['list'], string> = {
    backgrounds: 'background',
    logos: 'logo',
    logolinks: 'logolink',
    musics: 'music',
    sfx: 'sfx',
  };
  for (const [id, a] of ASSETS) {
    const item: PresetItem = {
      id,
      name: a.name,
      description: a.description,
      type: TYPE[a.list],
      location: a.link ?? `resource:${id}`,
      enabled: true,
      'url.preview': resourceUrl(skinsHost, id, a.kind),
    };
    lists[a.list].push(item);
  }
  return lists;
}

/**
 * A `resource:<hex>` value → the URL the reader loads, when the catalogue has an asset of that kind
 * (an image for backgrounds and logos, audio for music and sounds); anything else → null.
 */
export function resourceToUrl(value: string, kind: AssetKind, skinsHost: string): string | null {
  if (!RESOURCE_TOKEN.test(value)) return null;
  const id = value.slice('resource:'.length).toLowerCase();
  const asset = ASSETS.get(id);
  return asset && asset.kind === kind && !asset.link ? resourceUrl(skinsHost, id, kind) : null;
}

/** Whether the catalogue has an image asset (a background or a logo, not a logo link's badge) of this id. */
export function catalogueImage(id: string): boolean {
  const asset = ASSETS.get(id.toLowerCase());
  return !!asset && asset.kind === 'image' && !asset.link;
}

/** The default page-turn sound (the first of the sfx list). */
export function defaultSfxUrl(skinsHost: string): string {
  const first = [...ASSETS].find(([, a]) => a.list === 'sfx');
  if (!first) throw new Error('the catalogue has no page-turn sound');
  return resourceUrl(skinsHost, first[0], 'audio');
}

export interface AssetFile {
  body: Buffer;
  type: string;
}

const made = new Map<string, AssetFile>();

/** The bytes of an asset by file name (`<hex>.svg` or `<hex>.wav`), made once; undefined when unknown. */
export function assetFile(file: string): AssetFile | undefined {
  const m = /^([0-9a-f]{16})\.(svg|wav)$/.exec(file);
  if (!m) return undefined;
  const [, id = '', ext] = m;
  const asset = ASSETS.get(id);
  if (!asset || (asset.kind === 'image') !== (ext === 'svg')) return undefined;
  let out = made.get(id);
  if (!out) {
    const bytes = asset.make();
    out = {
      body: typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes,
      type: asset.kind === 'image' ? 'image/svg+xml; charset=utf-8' : 'audio/wav',
    };
    made.set(id, out);
  }
  return out;
}

/** A skin's preview image. */
export function skinPreviewFile(id: string): AssetFile | undefined {
  if (!isPresetSkin(id)) return undefined;
  const key = `skin:${id}`;
  let out = made.get(key);
  if (!out) {
    out = { body: Buffer.from(skinPreviewSvg(SKIN_PALETTES[id]), 'utf8'), type: 'image/svg+xml; charset=utf-8' };
    made.set(key, out);
  }
  return out;
}

/**
 * A stored presentation value → what the reader loads: catalogue resources become their served URL
 * (unknown ids → null, so no broken image), http(s) URLs stay as they are, and backgrounds may also
 * be a colour. Anything else (a host-like token that names nothing, a relative URL) → null.
 */
export function presentationUrl(value: string | null | undefined, kind: AssetKind | 'background', skinsHost: string): string | null {
  const v = value?.trim() ?? '';
  if (v === '') return null;
  if (RESOURCE_TOKEN.test(v)) return resourceToUrl(v, kind === 'audio' ? 'audio' : 'image', skinsHost);
  if (isHttpUrl(v)) return v;
  if (kind === 'background' && HEX_COLOUR.test(v)) return v;
  return null;
}

/** The skin the reader shows: a catalogue skin id, else the default (remote skins are never loaded as code). */
export const readerSkin = (value: string | null | undefined): PresetSkin => {
  const v = value?.trim() ?? '';
  return isPresetSkin(v) ? v : DEFAULT_SKIN;
};
