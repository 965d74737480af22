import type { EventObject } from 'xstate';
import type { MachineEntry } from '../registry-types';
import { PICKED, sampleBackgrounds, sampleSkins, uploadedBackground } from './fixtures';
import { type LibraryContext, libraryMachine } from './library.machine';
import { type SkinEditorContext, skinEditorMachine } from './skin-editor.machine';
import { type LibraryUploadContext, libraryUploadMachine } from './upload.machine';

/** Registry entries of the account libraries' machines (issue 16; spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };
const refused = (code: number) => ({ name: 'ApiCallError', kind: 'server', status: 400, type: 'LIBRARY', code, message: 'refused' });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

export const libraryMachines: MachineEntry[] = [
  {
    id: 'library',
    title: 'Library page',
    description:
      '/account/theme, /account/background, /account/logo: the account’s own skins or images; images come from the uploader beside the list, skins from the skin editor; delete asks first with the number of publications using the item, and the list comes back when the server refuses.',
    machine: libraryMachine,
    eventLabels: { 'library.uploaded': 'an image was uploaded' },
    paths: {
      inputs: [{ kind: 'skin' }, { kind: 'background' }],
      events: (s: Snap) => {
        const c = s.context as LibraryContext;
        const first = c.items[0];
        const list = { items: c.kind === 'skin' ? sampleSkins : sampleBackgrounds, limit: 30 };
        const edited = { ...sampleSkins[0], name: 'Harbour at night' };
        return [
          { type: 'user.retry' },
          done('loadItems', list),
          failed('loadItems', networkError),
          done('reloadItems', list),
          failed('reloadItems', networkError),
          { type: 'user.delete', id: first?.id ?? 'missing' },
          { type: 'user.delete', id: 'missing' },
          done('countUsage', { ...(c.removing ?? first), books: 3 }),
          failed('countUsage', refused(961)),
          { type: 'user.cancelDelete' },
          { type: 'user.confirmDelete' },
          done('deleteItem', { id: c.removing?.id ?? 'x', books: 3 }),
          failed('deleteItem', networkError),
          { type: 'user.create' },
          { type: 'user.edit', id: first?.id ?? 'missing' },
          done('editor', { item: edited }),
          done('editor', null),
          { type: 'library.uploaded', item: uploadedBackground },
        ];
      },
      serializeState: (s) => {
        const c = s.context as LibraryContext;
        return `${JSON.stringify(s.value)}|${c.kind}|${c.items.map((i) => `${i.id}:${i.name}`).join(',')}|${c.removing?.id ?? '-'}|${c.editing?.id ?? '-'}`;
      },
      limit: 2000,
    },
  },
  {
    id: 'libraryUpload',
    title: 'Library image upload',
    description:
      'Pick a background or logo (type and size checked at once), name it, upload it with byte progress; the library gets the new image; the server’s refusals show under the file.',
    machine: libraryUploadMachine,
    paths: {
      input: { kind: 'background' },
      events: (s: Snap) => {
        const c = s.context as LibraryUploadContext;
        return [
          { type: 'user.pick', file: PICKED.image },
          { type: 'user.pick', file: PICKED.svg },
          { type: 'user.pick', file: PICKED.huge },
          { type: 'user.name', value: c.name === '' ? 'Sea at dawn' : '' },
          { type: 'user.upload' },
          { type: 'user.cancel' },
          { type: 'user.clear' },
          { type: 'upload.progress', loaded: 210_000, total: 420_000 },
          { type: 'upload.done', item: uploadedBackground },
          { type: 'upload.failed', error: refused(965) },
        ];
      },
      serializeState: (s) => {
        const c = s.context as LibraryUploadContext;
        return `${JSON.stringify(s.value)}|${c.file?.name ?? '-'}|${c.name}|${c.error}|${c.nameError}`;
      },
    },
  },
  {
    id: 'skinEditor',
    title: 'Skin editor',
    description:
      'A new or existing skin: name, toolbar, text, accent and background colours and the toolbar style, checked as they change with contrast warnings; save (the saved skin is the output) or cancel.',
    machine: skinEditorMachine,
    paths: {
      inputs: [{ item: null }, { item: sampleSkins[0] }],
      events: (s: Snap) => {
        const c = s.context as SkinEditorContext;
        return [
          { type: 'user.set', field: 'name', value: c.values.name === '' ? 'Harbour' : '' },
          { type: 'user.set', field: 'toolbar', value: c.values.toolbar === 'red' ? '#0b3954' : 'red' },
          { type: 'user.save' },
          { type: 'user.cancel' },
          done('saveSkin', sampleSkins[0]),
          failed('saveSkin', refused(962)),
        ];
      },
      serializeState: (s) => {
        const c = s.context as SkinEditorContext;
        return `${JSON.stringify(s.value)}|${c.id}|${c.values.name}|${c.values.toolbar}|${JSON.stringify(c.errors)}|${c.error}|${c.saved?.id ?? '-'}`;
      },
    },
  },
];
