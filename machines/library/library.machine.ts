import { type ActorRefFrom, assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import type { LibraryDeleteResult, LibraryItem, LibraryKind, LibraryList, SkinItem } from '../../src/contracts/library';
import { pending } from '../sign-up/errors';
import { type SkinEditorOutput, skinEditorMachine } from './skin-editor.machine';
import { type LibraryUploaded, libraryUploadMachine } from './upload.machine';

/**
 * One library page (issue 16: /account/theme, /account/background, /account/logo): the account's
 * items, newest first. loading → ready | failed (retry).
 * - Images: an uploader (upload.machine.ts) runs beside the list from the start; each image it
 *   uploads joins the list at the top.
 * - Skins: "new skin" and "edit" open the skin editor (skin-editor.machine.ts) in place of the list;
 *   its saved skin joins (or replaces its old self in) the list.
 * - Delete asks first: the item's usage is counted now (`countUsage`: "Used by 3 publications"), the
 *   user confirms or keeps it; the item leaves the list at once and comes back when the server
 *   refuses (the API client raises the alert). One change at a time.
 */

export interface LibraryInput {
  kind: LibraryKind;
}

export interface LibraryContext extends LibraryInput {
  items: LibraryItem[];
  /** How many items the account may keep (the list's answer). */
  limit: number;
  /** The list before the deletion in flight, restored when the server refuses it. */
  previous: LibraryItem[] | null;
  /** The item whose deletion is being confirmed (or is in flight). */
  removing: LibraryItem | null;
  /** Publications using it, counted when the user asked to delete it. */
  usage: number;
  /** The skin being edited; null with the editor open = a new skin. */
  editing: SkinItem | null;
}

export type LibraryEvent =
  | { type: 'user.retry' }
  | { type: 'user.delete'; id: string }
  | { type: 'user.confirmDelete' }
  | { type: 'user.cancelDelete' }
  | { type: 'user.create' }
  | { type: 'user.edit'; id: string }
  | LibraryUploaded;

/** The uploader with its report going to this machine (the app provides its upload actor). */
export const reportingUploadMachine = libraryUploadMachine.provide({
  actions: { report: sendParent((_, params: LibraryUploaded) => params) },
});

export const initialLibraryContext = (kind: LibraryKind): LibraryContext => ({
  kind,
  items: [],
  limit: 0,
  previous: null,
  removing: null,
  usage: 0,
  editing: null,
});

const upsert = (items: LibraryItem[], item: LibraryItem): LibraryItem[] =>
  items.some((i) => i.id === item.id) ? items.map((i) => (i.id === item.id ? item : i)) : [item, ...items];

export const libraryMachine = setup({
  types: {
    context: {} as LibraryContext,
    events: {} as LibraryEvent,
    input: {} as LibraryInput,
  },
  actors: {
    loadItems: fromPromise<LibraryList<LibraryItem>>(() => pending()),
    countUsage: fromPromise<LibraryItem, { id: string }>(() => pending()),
    deleteItem: fromPromise<LibraryDeleteResult, { id: string }>(() => pending()),
    uploader: reportingUploadMachine,
    editor: skinEditorMachine,
  },
  actions: {
    loaded: assign(({ event }) => {
      const list = (event as unknown as { output: LibraryList<LibraryItem> }).output;
      return { items: list.items, limit: list.limit };
    }),
    restore: assign({ items: ({ context }) => context.previous ?? context.items, previous: null, removing: null }),
  },
  guards: {
    roomForSkin: ({ context }) => context.kind === 'skin' && context.items.length < context.limit,
    knownItem: ({ context, event }) => 'id' in event && context.items.some((i) => i.id === event.id),
    knownSkin: ({ context, event }) => context.kind === 'skin' && 'id' in event && context.items.some((i) => i.id === event.id),
  },
}).createMachine({
  id: 'library',
  context: ({ input }) => initialLibraryContext(input.kind),
  // Images: the uploader lives as long as the page.
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.kind !== 'skin') enqueue.spawnChild('uploader', { id: 'uploader', input: { kind: context.kind } });
  }),
  on: {
    'library.uploaded': { actions: assign({ items: ({ context, event }) => upsert(context.items, event.item) }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'loadItems', src: 'loadItems', onDone: { target: 'ready', actions: 'loaded' }, onError: 'failed' },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.retry': 'reloading',
            'user.delete': {
              guard: 'knownItem',
              target: 'checking',
              actions: assign({ removing: ({ context, event }) => context.items.find((i) => i.id === event.id) ?? null, usage: 0 }),
            },
            'user.create': { guard: 'roomForSkin', target: 'editing', actions: assign({ editing: null }) },
            'user.edit': {
              guard: 'knownSkin',
              target: 'editing',
              actions: assign({ editing: ({ context, event }) => (context.items.find((i) => i.id === event.id) as SkinItem) ?? null }),
            },
          },
        },
        checking: {
          invoke: {
            id: 'countUsage',
            src: 'countUsage',
            input: ({ context }) => ({ id: context.removing?.id ?? '' }),
            onDone: { target: 'confirming', actions: assign({ usage: ({ event }) => event.output.books }) },
            // Gone meanwhile, or the call failed (the API client says why): back to the list as it is.
            onError: { target: 'idle', actions: assign({ removing: null }) },
          },
        },
        confirming: {
          on: {
            'user.cancelDelete': { target: 'idle', actions: assign({ removing: null, usage: 0 }) },
            'user.confirmDelete': {
              target: 'deleting',
              actions: assign({
                previous: ({ context }) => context.items,
                items: ({ context }) => context.items.filter((i) => i.id !== context.removing?.id),
              }),
            },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteItem',
            src: 'deleteItem',
            input: ({ context }) => ({ id: context.removing?.id ?? '' }),
            onDone: { target: 'idle', actions: assign({ previous: null, removing: null, usage: 0 }) },
            onError: { target: 'idle', actions: 'restore' },
          },
        },
        editing: {
          invoke: {
            id: 'editor',
            src: 'editor',
            input: ({ context }) => ({ item: context.editing }),
            onDone: {
              target: 'idle',
              actions: assign({
                items: ({ context, event }) => {
                  const output = event.output as SkinEditorOutput;
                  return output ? upsert(context.items, output.item) : context.items;
                },
                editing: null,
              }),
            },
          },
        },
        reloading: {
          invoke: { id: 'reloadItems', src: 'loadItems', onDone: { target: 'idle', actions: 'loaded' }, onError: 'idle' },
        },
      },
    },
  },
});

/** A running libraryMachine, as the views get it. */
export type LibraryActorRef = ActorRefFrom<typeof libraryMachine>;
