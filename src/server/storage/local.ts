import { readdir, rm } from 'node:fs/promises';
import { checkWritable, fileInfo, isMissing, localPath, openLocal, readLocal, streamAtomic, walkFiles, writeAtomic } from './local-files';
import { type FileStore, keyInside, type ListedFile } from './store';

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
      const out: ListedFile[] = [];
      for (const file of files) {
        const info = await fileInfo(file);
        if (info) out.push({ key: keyOf(file), size: info.size, modifiedMs: info.modifiedMs });
      }
      return out;
    },
    async folders(prefix) {
      const entries = await readdir(pathOf(prefix), { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
        throw error;
      });
      return entries
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
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
