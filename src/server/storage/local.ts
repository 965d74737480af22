import { rm } from 'node:fs/promises';
import { checkWritable, fileInfo, localPath, openLocal, readLocal, streamAtomic, walkFiles, writeAtomic } from './local-files';
import { type FileStore, keyInside } from './store';

/** The default store: the data folder's `files/` (./store.ts). Files are where the code writes them. */
export function createLocalStore(root: string): FileStore {
  const pathOf = (key: string) => localPath(root, key);
  const keyOf = (file: string) => keyInside(root, file);
  return {
    kind: 'local',
    root,
    pathOf,
    keyOf,
    async fetch(key) {
      const file = pathOf(key);
      return (await fileInfo(file)) ? file : undefined;
    },
    async fetchTree(prefix) {
      return (await walkFiles(pathOf(prefix))).length;
    },
    async put(key) {
      // The file is already in the store; only the key is checked.
      pathOf(key);
    },
    async putTree(prefix) {
      return (await walkFiles(pathOf(prefix))).length;
    },
    // async: an unsafe key rejects like every other failure, never throws at the call.
    write: async (key, data) => writeAtomic(pathOf(key), data),
    writeStream: async (key, body) => streamAtomic(pathOf(key), body),
    read: async (key) => readLocal(pathOf(key)),
    open: async (key, range) => openLocal(pathOf(key), range),
    stat: async (key) => fileInfo(pathOf(key)),
    async list(prefix) {
      const files = await walkFiles(pathOf(prefix));
      const out: Array<{ key: string; size: number }> = [];
      for (const file of files) {
        const info = await fileInfo(file);
        if (info) out.push({ key: keyOf(file), size: info.size });
      }
      return out;
    },
    async remove(key) {
      await rm(pathOf(key), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
    async dropLocal(key) {
      pathOf(key);
    },
    async signedUrl() {
      return undefined;
    },
    check: () => checkWritable(root),
    close() {},
  };
}
