import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BookSettingsSchema } from '../../src/contracts/books';
import { isBackgroundValue, PRESET_SKINS } from '../../src/contracts/presets';
import {
  ASSET_VERSION,
  assetFile,
  defaultSfxUrl,
  presentationUrl,
  presetLists,
  readerSkin,
  resourceToUrl,
  skinPreviewFile,
} from '../../src/server/presets/catalogue';
import { escapeXml, linkBadgeSvg } from '../../src/server/presets/svg';
import { encodeWav, SAMPLE_RATE, seededRandom, synthMusic, synthSwish } from '../../src/server/presets/synth';
import { applySkin, httpUrl, parseBackground, READER_SKINS, skinOf } from '../../src/viewer/render/presentation';

describe('preset audio synthesis', () => {
  it('encodes 16-bit mono PCM WAV with a correct header and clipping', () => {
    const wav = encodeWav(new Float32Array([0, 0.5, -0.5, 2, -2]));
    expect(wav.length).toBe(44 + 10);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 10);
    expect(wav.readUInt32LE(24)).toBe(SAMPLE_RATE);
    expect(wav.readUInt32LE(40)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 16384, -16383, 32767, -32767]);
  });

  it('is deterministic (seeded noise) and stays within [-1, 1]', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, seededRandom(6))).not.toEqual(seqA);
    const spec = { seconds: 0.3, from: 800, to: 3000, q: 1, seed: 1, peak: 0.3 };
    const s1 = synthSwish(spec);
    expect(synthSwish(spec)).toEqual(s1);
    expect(s1.length).toBe(Math.round(0.3 * SAMPLE_RATE));
    expect(Math.max(...s1.map(Math.abs))).toBeCloseTo(0.7, 5);
  });

  it('makes chord loops that start and end in silence (no click when looping)', () => {
    const music = synthMusic({
      chords: [
        [60, 64, 67],
        [53, 57, 60],
      ],
      beat: 0.5,
      beatsPerChord: 4,
      arpeggio: 'none',
      arpPerBeat: 1,
      brightness: 0.1,
    });
    expect(music.length).toBe(Math.round(4 * SAMPLE_RATE));
    expect(Math.abs(music[0] ?? 1)).toBeLessThan(0.001);
    expect(Math.abs(music[music.length - 1] ?? 1)).toBeLessThan(0.01);
    // Something is heard in the middle.
    expect(Math.max(...music.slice(SAMPLE_RATE / 2, SAMPLE_RATE).map(Math.abs))).toBeGreaterThan(0.1);
  });
});

describe('preset catalogue', () => {
  const lists = presetLists('https://skins.example');

  it('has stable resource ids across runs (books keep pointing at them)', () => {
    const again = presetLists('');
    expect(again.backgrounds.map((b) => b.id)).toEqual(lists.backgrounds.map((b) => b.id));
    for (const b of lists.backgrounds) expect(b.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('builds preview URLs on the skins host with the asset version', () => {
    expect(lists.skins[1]?.['url.preview']).toBe(`https://skins.example/skins/classic/preview.svg?v=${ASSET_VERSION}`);
    const bg = lists.backgrounds[0];
    expect(bg?.['url.preview']).toBe(`https://skins.example/resources/${bg?.id}.svg?v=${ASSET_VERSION}`);
    expect(lists.musics[0]?.['url.preview']).toMatch(/\.wav\?v=\d+$/);
    expect(defaultSfxUrl('')).toBe(`/resources/${lists.sfx[0]?.id}.wav?v=${ASSET_VERSION}`);
  });

  it('resolves resources by kind only', () => {
    const bg = lists.backgrounds[0]?.location ?? '';
    const sfx = lists.sfx[0]?.location ?? '';
    expect(resourceToUrl(bg, 'image', '')).toMatch(/^\/resources\/[0-9a-f]{16}\.svg/);
    expect(resourceToUrl(bg, 'audio', '')).toBeNull();
    expect(resourceToUrl(sfx, 'audio', '')).toMatch(/\.wav/);
    expect(resourceToUrl(bg.toUpperCase().replace('RESOURCE', 'resource'), 'image', '')).not.toBeNull();
    expect(resourceToUrl('resource:abc', 'image', '')).toBeNull();
    // A logo link's preview badge is not a logo.
    expect(resourceToUrl(`resource:${lists.logolinks[0]?.id}`, 'image', '')).toBeNull();
  });

  it('turns stored values into what the reader may load', () => {
    expect(presentationUrl('https://a.example/x.png', 'image', '')).toBe('https://a.example/x.png');
    expect(presentationUrl('#abc', 'background', '')).toBe('#abc');
    expect(presentationUrl('#abc', 'image', '')).toBeNull();
    for (const bad of [null, undefined, '', '2021', 'javascript:alert(1)', '/x.png', 'data:image/png;base64,AA'])
      expect(presentationUrl(bad, 'background', ''), String(bad)).toBeNull();
    expect(readerSkin('night')).toBe('night');
    expect(readerSkin('https://skins.example/x.css')).toBe('2021');
    expect(readerSkin(null)).toBe('2021');
  });

  it('makes each file once, by exact name', () => {
    const id = lists.logos[0]?.id ?? '';
    const file = assetFile(`${id}.svg`);
    expect(file?.type).toContain('image/svg+xml');
    expect(assetFile(`${id}.svg`)).toBe(file);
    for (const bad of [`${id}.wav`, `${id}.SVG`, `${id}x.svg`, '../x.svg', `${id}.svg/`]) expect(assetFile(bad), bad).toBeUndefined();
    expect(skinPreviewFile('night')?.body.toString()).toContain('#070a14');
    expect(skinPreviewFile('constructor')).toBeUndefined();
  });

  it('escapes the host name in link badges', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(linkBadgeSvg('https://www.example.org/path')).toContain('>www.example.org</text>');
  });
});

describe('selector values in the book settings contract', () => {
  const ok = (field: string, value: unknown) => v.safeParse(BookSettingsSchema, { [field]: value }).success;

  it('accepts preset tokens, host-like tokens, http(s) URLs and clearing', () => {
    expect(ok('skin.url', 'classic')).toBe(true);
    expect(ok('bg.url', 'resource:0a1b')).toBe(true);
    expect(ok('bg.url', '#fff')).toBe(true);
    expect(ok('logo.url', 'https://x.example/l.svg')).toBe(true);
    expect(ok('music.url', 'resource:ff')).toBe(true);
    expect(ok('sfx.url', '')).toBe(true);
    expect(ok('logo.link', null)).toBe(true);
    expect(isBackgroundValue('#12345')).toBe(false);
  });

  it('refuses other schemes and anything that is not a URL where one is needed', () => {
    for (const field of ['skin.url', 'bg.url', 'logo.url', 'logo.link', 'music.url', 'sfx.url'])
      for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'JAVASCRIPT:alert(1)', ' javascript:x'])
        expect(ok(field, bad), `${field} ${bad}`).toBe(false);
    expect(ok('logo.link', 'not a url')).toBe(false);
    expect(ok('music.url', 'classic')).toBe(false);
  });
});

describe('skins in the reader', () => {
  it('knows the same skins as the catalogue', () => {
    expect([...READER_SKINS]).toEqual([...PRESET_SKINS]);
  });

  it('maps unknown and remote skins to 2021', () => {
    expect(skinOf('classic')).toBe('classic');
    expect(skinOf(' night ')).toBe('night');
    for (const other of [null, undefined, '', 'Classic', 'https://skins.example/a.css', '2021"]{}']) expect(skinOf(other)).toBe('2021');
  });

  it('sets data-skin on the root', () => {
    const el = { dataset: {} as Record<string, string> } as unknown as HTMLElement;
    applySkin(el, 'night');
    expect(el.dataset.skin).toBe('night');
    applySkin(el, 'javascript:alert(1)');
    expect(el.dataset.skin).toBe('2021');
  });

  it('loads the server’s own preset files by path, and nothing else relative', () => {
    expect(httpUrl('/resources/0123456789abcdef.svg?v=1')).toBe('/resources/0123456789abcdef.svg?v=1');
    expect(httpUrl('/cdn/resources/0123456789abcdef.wav')).toBe('/cdn/resources/0123456789abcdef.wav');
    expect(parseBackground('/resources/0123456789abcdef.svg?v=1')).toEqual({ image: '/resources/0123456789abcdef.svg?v=1' });
    for (const bad of [
      '/resources/x.svg',
      '/resources/0a.svg?v=1&x=2',
      '//evil.example/resources/0a.svg',
      '/resources/0a.js',
      '/etc/passwd',
    ])
      expect(httpUrl(bad), bad).toBeNull();
  });
});
