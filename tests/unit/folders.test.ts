import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sampleFolders } from '../../machines/folders/registry';
import { folderNameError, foldersMachine, PENDING_ID, sortFolders } from '../../machines/folders.machine';
import type { ApiClient } from '../../src/api/client';
import { foldersApi } from '../../src/api/presets';
import type { Folder, FolderDeleteResult } from '../../src/contracts/presets';

/** The folder manager machine (/account/folders): loading, validation, optimistic changes and their undo. */

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const refused = Object.assign(new Error('exists'), { kind: 'server', type: 'FOLDER', code: 802 });
const flush = () => new Promise((r) => setTimeout(r, 0));

/** An actor whose server calls wait until the test settles them; each call is recorded. */
function start() {
  const calls: { kind: string; input: unknown; d: Deferred<unknown> }[] = [];
  const call =
    <T, I>(kind: string) =>
    ({ input }: { input: I }) => {
      const d = deferred<unknown>();
      calls.push({ kind, input, d });
      return d.promise as Promise<T>;
    };
  const actor = createActor(
    foldersMachine.provide({
      actors: {
        loadFolders: fromPromise(call<Folder[], unknown>('load')),
        createFolder: fromPromise(call<Folder, { name: string }>('create')),
        renameFolder: fromPromise(call<Folder, { id: string; name: string }>('rename')),
        deleteFolder: fromPromise(call<FolderDeleteResult, { id: string }>('delete')),
      },
    }),
  ).start();
  const last = () => calls[calls.length - 1] as (typeof calls)[number];
  const names = () => actor.getSnapshot().context.folders.map((f) => f.name);
  return { actor, calls, last, names };
}

async function loaded(list: Folder[] = sampleFolders) {
  const t = start();
  t.last().d.resolve(list);
  await flush();
  return t;
}

describe('folder names', () => {
  it('are required and at most 100 characters, trimmed', () => {
    expect(folderNameError('   ')).toBe('validation.required');
    expect(folderNameError('x'.repeat(101))).toBe('validation.max');
    expect(folderNameError(` ${'x'.repeat(100)} `)).toBeNull();
  });
  it('sort like the server: by name, ignoring case', () => {
    expect(
      sortFolders([
        { id: '1', name: 'beta', books: 0 },
        { id: '2', name: 'Alpha', books: 0 },
      ]).map((f) => f.name),
    ).toEqual(['Alpha', 'beta']);
  });
});

describe('folders machine', () => {
  it('loads into loaded, empty or failed, and retries', async () => {
    const t = await loaded();
    expect(t.actor.getSnapshot().matches({ ready: 'loaded' })).toBe(true);
    expect(t.names()).toEqual(['Catalogues', 'Newsletters']);

    const e = await loaded([]);
    expect(e.actor.getSnapshot().matches({ ready: 'empty' })).toBe(true);

    const f = start();
    f.last().d.reject(new Error('offline'));
    await flush();
    expect(f.actor.getSnapshot().matches('failed')).toBe(true);
    f.actor.send({ type: 'user.retry' });
    expect(f.actor.getSnapshot().matches('loading')).toBe(true);
    expect(f.calls).toHaveLength(2);
  });

  it('refuses an invalid name without calling the server', async () => {
    const t = await loaded([]);
    t.actor.send({ type: 'user.create' });
    expect(t.actor.getSnapshot().context.draftError).toBe('validation.required');
    t.actor.send({ type: 'user.draft', value: 'y'.repeat(101) });
    expect(t.actor.getSnapshot().context.draftError).toBeNull();
    t.actor.send({ type: 'user.create' });
    expect(t.actor.getSnapshot().context.draftError).toBe('validation.max');
    expect(t.calls).toHaveLength(1);
  });

  it('creates optimistically, then takes the server’s folder', async () => {
    const t = await loaded();
    t.actor.send({ type: 'user.draft', value: '  Annual reports ' });
    t.actor.send({ type: 'user.create' });
    const s = t.actor.getSnapshot();
    expect(s.matches({ ready: 'creating' })).toBe(true);
    expect(s.context.folders.map((f) => f.id)).toEqual([PENDING_ID, 'f1', 'f2']);
    expect(t.last().input).toEqual({ name: 'Annual reports' });
    t.last().d.resolve({ id: 'f9', name: 'Annual reports', books: 0 });
    await flush();
    const after = t.actor.getSnapshot();
    expect(after.matches({ ready: 'loaded' })).toBe(true);
    expect(after.context.folders.map((f) => f.id)).toEqual(['f9', 'f1', 'f2']);
    expect(after.context.draft).toBe('');
  });

  it('restores the list and keeps the typed name when the server refuses a creation', async () => {
    const t = await loaded([]);
    t.actor.send({ type: 'user.draft', value: 'Dup' });
    t.actor.send({ type: 'user.create' });
    expect(t.names()).toEqual(['Dup']);
    t.last().d.reject(refused);
    await flush();
    const s = t.actor.getSnapshot();
    expect(s.matches({ ready: 'empty' })).toBe(true);
    expect(s.context.folders).toEqual([]);
    expect(s.context.draft).toBe('Dup');
  });

  it('renames inline, optimistically and sorted; the same name sends nothing', async () => {
    const t = await loaded();
    t.actor.send({ type: 'user.edit', id: 'missing' });
    expect(t.actor.getSnapshot().context.editing).toBeNull();
    t.actor.send({ type: 'user.edit', id: 'f1' });
    expect(t.actor.getSnapshot().context.editName).toBe('Catalogues');
    t.actor.send({ type: 'user.rename' });
    expect(t.actor.getSnapshot().context.editing).toBeNull();
    expect(t.calls).toHaveLength(1);

    t.actor.send({ type: 'user.edit', id: 'f1' });
    t.actor.send({ type: 'user.editName', value: '' });
    t.actor.send({ type: 'user.rename' });
    expect(t.actor.getSnapshot().context.editError).toBe('validation.required');
    t.actor.send({ type: 'user.editName', value: 'Zines' });
    t.actor.send({ type: 'user.rename' });
    expect(t.names()).toEqual(['Newsletters', 'Zines']);
    expect(t.last().input).toEqual({ id: 'f1', name: 'Zines' });
    t.last().d.resolve({ id: 'f1', name: 'Zines', books: 2 });
    await flush();
    expect(t.actor.getSnapshot().context.editing).toBeNull();
    expect(t.names()).toEqual(['Newsletters', 'Zines']);
  });

  it('restores the old name and keeps the editor open when a rename is refused', async () => {
    const t = await loaded();
    t.actor.send({ type: 'user.edit', id: 'f2' });
    t.actor.send({ type: 'user.editName', value: 'catalogues' });
    t.actor.send({ type: 'user.rename' });
    t.last().d.reject(refused);
    await flush();
    const s = t.actor.getSnapshot();
    expect(s.context.folders).toEqual(sampleFolders);
    expect(s.context.editing).toBe('f2');
    expect(s.context.editName).toBe('catalogues');
  });

  it('deletes after a confirmation, and restores the folder when refused', async () => {
    const t = await loaded();
    t.actor.send({ type: 'user.delete', id: 'f1' });
    expect(t.actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    t.actor.send({ type: 'user.cancelDelete' });
    expect(t.actor.getSnapshot().matches({ ready: 'loaded' })).toBe(true);
    expect(t.calls).toHaveLength(1);

    t.actor.send({ type: 'user.delete', id: 'f1' });
    t.actor.send({ type: 'user.confirmDelete' });
    expect(t.names()).toEqual(['Newsletters']);
    expect(t.last().input).toEqual({ id: 'f1' });
    t.last().d.reject(refused);
    await flush();
    expect(t.actor.getSnapshot().context.folders).toEqual(sampleFolders);

    t.actor.send({ type: 'user.delete', id: 'f1' });
    t.actor.send({ type: 'user.confirmDelete' });
    t.last().d.resolve({ id: 'f1', books: 2 });
    await flush();
    expect(t.names()).toEqual(['Newsletters']);
    expect(t.actor.getSnapshot().context.removing).toBeNull();
  });

  it('allows one change at a time', async () => {
    const t = await loaded();
    t.actor.send({ type: 'user.delete', id: 'f1' });
    t.actor.send({ type: 'user.confirmDelete' });
    const s = t.actor.getSnapshot();
    expect(s.can({ type: 'user.create' })).toBe(false);
    expect(s.can({ type: 'user.edit', id: 'f2' })).toBe(false);
    expect(s.can({ type: 'user.delete', id: 'f2' })).toBe(false);
  });
});

describe('foldersApi', () => {
  it('posts create, update and delete to account/subscription/, alerts left to the client', async () => {
    const seen: { url: string; opts: Record<string, unknown> }[] = [];
    const api = {
      call: async (url: string, opts: Record<string, unknown>) => {
        seen.push({ url, opts });
        return {};
      },
    } as unknown as ApiClient;
    const calls = foldersApi(api);
    await calls.list();
    await calls.create('A');
    await calls.rename('f1', 'B');
    await calls.remove('f1');
    expect(seen.map((c) => [c.url, c.opts.method, c.opts.json])).toEqual([
      ['account/subscription/', 'GET', undefined],
      ['account/subscription/create', 'POST', { name: 'A' }],
      ['account/subscription/update', 'POST', { id: 'f1', name: 'B' }],
      ['account/subscription/delete', 'POST', { id: 'f1' }],
    ]);
    expect(seen.every((c) => c.opts.ignoreAlerts === undefined)).toBe(true);
  });
});
