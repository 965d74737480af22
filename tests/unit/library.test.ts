import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { PICKED, sampleBackgrounds, sampleSkins, uploadedBackground } from '../../machines/library/fixtures';
import { libraryMachine, reportingUploadMachine } from '../../machines/library/library.machine';
import { type SkinEditorActorRef, skinEditorMachine, skinErrors } from '../../machines/library/skin-editor.machine';
import {
  type ImageUploadInput,
  itemNameError,
  type LibraryUploadActorRef,
  type LibraryUploadEvent,
  libraryUploadMachine,
} from '../../machines/library/upload.machine';
import { libraryUploadUrl, readImageResponse } from '../../src/api/library';
import {
  contrastRatio,
  DEFAULT_SKIN_DESIGN,
  dimensionProblem,
  imageFileProblem,
  type LibraryItem,
  type LibraryList,
  luminance,
  nameFromFile,
  SkinCreateSchema,
  skinWarnings,
} from '../../src/contracts/library';
import { applySkin, httpUrl, parseBackground, themeOf } from '../../src/viewer/render/presentation';

/** The account libraries (issue 16): shared rules, the machines' flows end to end, the reader's skin. */

describe('library rules (src/contracts/library.ts)', () => {
  it('computes WCAG contrast', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
  });

  it('warns about hard-to-read text and accents, against the background when the toolbar is minimal', () => {
    expect(skinWarnings(DEFAULT_SKIN_DESIGN)).toEqual([]);
    const pale = { toolbar: '#f5e6c8', text: '#c9b79c', accent: '#f0e0c0', background: '#101010', style: 'solid' } as const;
    expect(skinWarnings(pale).map((w) => w.kind)).toEqual(['text', 'accent']);
    expect(skinWarnings(pale)[0]?.ratio).toBeLessThan(4.5);
    // Minimal: the text stands on the dark background, where it reads well.
    expect(skinWarnings({ ...pale, style: 'minimal' })).toEqual([]);
    // Half-typed colours warn about nothing.
    expect(skinWarnings({ ...pale, text: '#c9', accent: '' })).toEqual([]);
  });

  it('checks picked files by type and size, and names them after the file', () => {
    expect(imageFileProblem(PICKED.image)).toBeNull();
    expect(imageFileProblem({ name: 'photo.JPEG', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'no-extension', size: 10, type: 'image/webp' })).toBeNull();
    expect(imageFileProblem(PICKED.svg)).toBe('errors.LIBRARY.963');
    expect(imageFileProblem({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe('errors.LIBRARY.963');
    expect(imageFileProblem(PICKED.huge)).toBe('errors.LIBRARY.964');
    expect(imageFileProblem({ name: 'a.png', size: 0 })).toBe('errors.PUBLISH.210');
    expect(nameFromFile('C:\\photos\\Sea_at_dawn.final.jpg')).toBe('Sea at dawn.final');
    expect(nameFromFile(`${'x'.repeat(80)}.png`)).toHaveLength(60);
  });

  it('checks dimensions in either orientation', () => {
    expect(dimensionProblem('background', 800, 600)).toBeNull();
    expect(dimensionProblem('background', 600, 800)).toBeNull();
    expect(dimensionProblem('background', 799, 599)).toBe('small');
    expect(dimensionProblem('background', 8000, 8000)).toBeNull();
    expect(dimensionProblem('background', 8001, 900)).toBe('large');
    expect(dimensionProblem('logo', 16, 16)).toBeNull();
    expect(dimensionProblem('logo', 15, 400)).toBe('small');
    expect(dimensionProblem('logo', 2001, 100)).toBe('large');
  });

  it('lower-cases skin colours and refuses anything but #rrggbb', () => {
    const parsed = v.parse(SkinCreateSchema, { name: ' A ', ...DEFAULT_SKIN_DESIGN, toolbar: '#AABBCC' });
    expect(parsed).toMatchObject({ name: 'A', toolbar: '#aabbcc' });
    expect(skinErrors({ name: '', ...DEFAULT_SKIN_DESIGN, accent: 'red', style: 'glass' as 'solid' })).toEqual({
      name: 'validation.required',
      accent: 'validation.invalid',
      style: 'validation.invalid',
    });
  });
});

describe('the library machines, with their actors provided', () => {
  it('deletes after counting the usage, and restores the item when the server refuses', async () => {
    let refuse = true;
    const actor = createActor(
      libraryMachine.provide({
        actors: {
          loadItems: fromPromise<LibraryList<LibraryItem>>(async () => ({ items: sampleBackgrounds, limit: 30 })),
          countUsage: fromPromise(async ({ input }) => ({
            ...(sampleBackgrounds.find((i) => i.id === input.id) ?? uploadedBackground),
            books: 5,
          })),
          deleteItem: fromPromise(async ({ input }) => {
            if (refuse) throw new Error('refused');
            return { id: input.id, books: 5 };
          }),
        },
      }),
      { input: { kind: 'background' } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const first = sampleBackgrounds[0]?.id ?? '';
    actor.send({ type: 'user.delete', id: first });
    await waitFor(actor, (s) => s.matches({ ready: 'confirming' }));
    expect(actor.getSnapshot().context.usage).toBe(5);
    actor.send({ type: 'user.confirmDelete' });
    expect(actor.getSnapshot().context.items.map((i) => i.id)).not.toContain(first);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(sampleBackgrounds.map((i) => i.id));
    refuse = false;
    actor.send({ type: 'user.delete', id: first });
    await waitFor(actor, (s) => s.matches({ ready: 'confirming' }));
    actor.send({ type: 'user.confirmDelete' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.removing === null);
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([sampleBackgrounds[1]?.id]);
    // Skins only: an image page cannot open the editor.
    expect(actor.getSnapshot().can({ type: 'user.create' })).toBe(false);
  });

  it('adds what its uploader uploads to the top of the list', async () => {
    const upload = fromCallback<LibraryUploadEvent, ImageUploadInput>(({ sendBack, input }) => {
      sendBack({ type: 'upload.progress', loaded: 5, total: 10 });
      setTimeout(() => sendBack({ type: 'upload.done', item: { ...uploadedBackground, name: input.name } }), 0);
    });
    const actor = createActor(
      libraryMachine.provide({
        actors: {
          loadItems: fromPromise<LibraryList<LibraryItem>>(async () => ({ items: sampleBackgrounds, limit: 30 })),
          uploader: reportingUploadMachine.provide({ actors: { upload } }),
        },
      }),
      { input: { kind: 'background' } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const uploader = actor.getSnapshot().children.uploader as LibraryUploadActorRef | undefined;
    if (!uploader) throw new Error('no uploader');
    uploader.send({ type: 'user.pick', file: PICKED.image });
    expect(uploader.getSnapshot().value).toBe('selected');
    uploader.send({ type: 'user.name', value: 'Sky' });
    uploader.send({ type: 'user.upload' });
    expect(uploader.getSnapshot().context).toMatchObject({ loaded: 5, total: 10 });
    await waitFor(actor, (s) => s.context.items.length === 3);
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ id: uploadedBackground.id, name: 'Sky' });
    expect(uploader.getSnapshot().value).toBe('idle');
  });

  it('keeps a refused file and says why; a bad name blocks the upload', () => {
    const actor = createActor(libraryUploadMachine, { input: { kind: 'logo' } }).start();
    actor.send({ type: 'user.pick', file: PICKED.svg });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.error).toBe('errors.LIBRARY.963');
    expect(actor.getSnapshot().can({ type: 'user.upload' })).toBe(false);
    actor.send({ type: 'user.pick', file: PICKED.image });
    actor.send({ type: 'user.name', value: '  ' });
    actor.send({ type: 'user.upload' });
    expect(actor.getSnapshot().value).toBe('selected');
    expect(actor.getSnapshot().context.nameError).toBe('validation.required');
    expect(itemNameError('x'.repeat(61))).toBe('validation.max');
    actor.send({ type: 'user.name', value: 'Mark' });
    actor.send({ type: 'user.upload' });
    expect(actor.getSnapshot().value).toBe('uploading');
    actor.send({ type: 'upload.failed', error: { kind: 'server', type: 'LIBRARY', code: 966 } });
    expect(actor.getSnapshot().context).toMatchObject({ error: 'errors.LIBRARY.966', name: 'Mark' });
  });

  it('edits a skin and hands the saved one to the list', async () => {
    const saved = { ...sampleSkins[0], name: 'Harbour II' } as (typeof sampleSkins)[number];
    const actor = createActor(
      libraryMachine.provide({
        actors: {
          loadItems: fromPromise<LibraryList<LibraryItem>>(async () => ({ items: sampleSkins, limit: 30 })),
          editor: skinEditorMachine.provide({ actors: { saveSkin: fromPromise(async () => saved) } }),
        },
      }),
      { input: { kind: 'skin' } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'user.edit', id: saved.id });
    const editor = actor.getSnapshot().children.editor as SkinEditorActorRef | undefined;
    if (!editor) throw new Error('no editor');
    expect(editor.getSnapshot().context.values.name).toBe('Harbour');
    editor.send({ type: 'user.set', field: 'name', value: '' });
    expect(editor.getSnapshot().context.errors).toEqual({ name: 'validation.required' });
    editor.send({ type: 'user.save' });
    expect(editor.getSnapshot().value).toBe('editing');
    editor.send({ type: 'user.set', field: 'name', value: 'Harbour II' });
    editor.send({ type: 'user.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.items.map((i) => i.name)).toEqual(['Harbour II', 'Paper lantern']);
  });
});

describe('the upload answer', () => {
  it('builds the upload URL and reads the item or the error', () => {
    expect(libraryUploadUrl('/api/', 'background')).toBe('/api/account/background/create?v=2');
    expect(libraryUploadUrl('https://up.example', 'logo')).toBe('https://up.example/account/logo/create?v=2');
    const ok = JSON.stringify({ status: 'ok', content: uploadedBackground, id: 'r1' });
    expect(readImageResponse(200, ok)).toEqual(uploadedBackground);
    const refused = JSON.stringify({ status: 'error', content: { type: 'LIBRARY', code: 965 }, id: 'r2' });
    expect(() => readImageResponse(400, refused)).toThrow(expect.objectContaining({ kind: 'server', type: 'LIBRARY', code: 965 }));
    const odd = JSON.stringify({ status: 'ok', content: { id: 1 }, id: 'r3' });
    expect(() => readImageResponse(200, odd)).toThrow(expect.objectContaining({ kind: 'parse' }));
  });
});

describe('the reader and the account’s own items', () => {
  const element = () => {
    const props = new Map<string, string>();
    return {
      dataset: {} as Record<string, string | undefined>,
      style: { setProperty: (k: string, v: string) => props.set(k, v), removeProperty: (k: string) => props.delete(k) },
      props,
    };
  };

  it('applies an own skin as custom properties, and drops it again', () => {
    const el = element();
    const theme = { toolbar: '#F5E6C8', text: '#222222', accent: '#aa3300', background: '#101010', style: 'translucent' } as const;
    applySkin(el as unknown as HTMLElement, '2021', theme);
    expect(el.dataset).toMatchObject({ skin: 'custom', bars: 'translucent', scheme: 'light' });
    expect(Object.fromEntries(el.props)).toEqual({
      '--qr-custom-bar': '#f5e6c8',
      '--qr-custom-ink': '#222222',
      '--qr-custom-accent': '#aa3300',
      '--qr-custom-room': '#101010',
    });
    // Minimal bars: the scheme follows the background.
    applySkin(el as unknown as HTMLElement, '2021', { ...theme, style: 'minimal' });
    expect(el.dataset.scheme).toBe('dark');
    applySkin(el as unknown as HTMLElement, 'night', null);
    expect(el.dataset.skin).toBe('night');
    expect(el.dataset.bars).toBeUndefined();
    expect(el.props.size).toBe(0);
  });

  it('never applies a theme with a colour that is not #rrggbb or an unknown style', () => {
    const good = { toolbar: '#000000', text: '#ffffff', accent: '#ff0000', background: '#111111', style: 'solid' } as const;
    expect(themeOf(good)).toEqual(good);
    for (const bad of [
      { ...good, toolbar: 'red' },
      { ...good, text: '#fff;}' },
      { ...good, accent: 'url(x)' },
      { ...good, style: 'glass' },
      null,
    ])
      expect(themeOf(bad as typeof good)).toBeNull();
    const el = element();
    applySkin(el as unknown as HTMLElement, 'classic', { ...good, background: 'var(--x)' });
    expect(el.dataset.skin).toBe('classic');
    expect(el.props.size).toBe(0);
  });

  it('loads the library files the server names, and nothing that only looks like them', () => {
    const url = '/brand/c3c3c3c3c3c3c3c3c3c3/image.webp?b=Book_1-x';
    expect(httpUrl(url)).toBe(url);
    expect(httpUrl(`${url}&t=${'a'.repeat(32)}`)).toBe(`${url}&t=${'a'.repeat(32)}`);
    expect(httpUrl('/cdn/brand/c3c3c3c3c3c3c3c3c3c3/image.webp?b=b1')).not.toBeNull();
    expect(parseBackground(url)).toEqual({ image: url });
    for (const bad of [
      '/brand/c3c3/image.webp',
      '/brand/c3c3/image.webp?b=x"y',
      '/brand/C3C3/image.webp?b=b1',
      '/brand/c3c3/preview.svg?b=b1',
      '/brand/c3c3/image.webp?b=b1&t=short',
      '//evil.example/brand/c3c3/image.webp?b=b1',
    ])
      expect(httpUrl(bad), bad).toBeNull();
  });
});
