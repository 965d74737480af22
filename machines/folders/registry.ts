import type { Folder } from '../../src/contracts/presets';
import { type FoldersContext, foldersMachine } from '../folders.machine';
import type { MachineEntry } from '../registry-types';

/** Registry entry of the folder manager's machine (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };
const refused = { name: 'ApiCallError', kind: 'server', status: 409, type: 'FOLDER', code: 802, message: 'exists' };

export const sampleFolders: Folder[] = [
  { id: 'f1', name: 'Catalogues', books: 2 },
  { id: 'f2', name: 'Newsletters', books: 0 },
];

export const foldersMachines: MachineEntry[] = [
  {
    id: 'folders',
    title: 'Folder manager',
    description:
      '/account/folders: the account’s folders with their book counts; create, rename inline and delete after a confirmation, each optimistic with the previous list restored when the server refuses.',
    machine: foldersMachine,
    paths: {
      events: (s: Snap) => {
        const c = s.context as FoldersContext;
        const first = c.folders[0];
        return [
          { type: 'user.retry' },
          { type: 'xstate.done.actor.loadFolders', output: sampleFolders },
          { type: 'xstate.done.actor.loadFolders', output: [] },
          { type: 'xstate.error.actor.loadFolders', error: networkError },
          { type: 'xstate.done.actor.reloadFolders', output: sampleFolders },
          { type: 'xstate.error.actor.reloadFolders', error: networkError },
          { type: 'user.draft', value: c.draft === '' ? 'Reports' : '' },
          // Creating past three folders only repeats behaviour already covered.
          ...(c.folders.length < 3 ? [{ type: 'user.create' }] : []),
          { type: 'xstate.done.actor.createFolder', output: { id: 'f3', name: c.draft.trim(), books: 0 } },
          { type: 'xstate.error.actor.createFolder', error: refused },
          { type: 'user.edit', id: first?.id ?? 'missing' },
          { type: 'user.edit', id: 'missing' },
          { type: 'user.editName', value: c.editName === first?.name ? 'Archive' : c.editName === 'Archive' ? '' : (first?.name ?? '') },
          { type: 'user.rename' },
          { type: 'user.cancelEdit' },
          { type: 'xstate.done.actor.renameFolder', output: { id: c.editing ?? 'f1', name: c.editName.trim(), books: 2 } },
          { type: 'xstate.error.actor.renameFolder', error: refused },
          { type: 'user.delete', id: first?.id ?? 'missing' },
          { type: 'user.delete', id: 'missing' },
          { type: 'user.cancelDelete' },
          { type: 'user.confirmDelete' },
          { type: 'xstate.done.actor.deleteFolder', output: { id: c.removing?.id ?? 'f1', books: 2 } },
          { type: 'xstate.error.actor.deleteFolder', error: refused },
        ];
      },
      serializeState: (s) => {
        const c = s.context as FoldersContext;
        return `${JSON.stringify(s.value)}|${c.folders.length}|${c.draft}|${c.editing}|${c.editName}|${c.removing?.id ?? '-'}`;
      },
      limit: 1000,
    },
  },
];
