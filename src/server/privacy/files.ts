import path from 'node:path';
import { filesDir, isSafeId } from '../storage/paths';

/**
 * Where exports live (beside src/server/storage/paths.ts's layout):
 *
 *   files/exports/<accountId>/<exportId>.zip        a finished export (removed when its link expires)
 *   files/exports/<accountId>/<exportId>.zip.part   one being written (renamed when complete)
 *
 * One folder per account, so the purge of an account removes every export it ever had at once.
 */
export const exportsRoot = (dataDir: string) => path.join(filesDir(dataDir), 'exports');

export function accountExportsDir(dataDir: string, accountId: string): string {
  if (!isSafeId(accountId)) throw new Error(`unsafe account id: ${JSON.stringify(accountId)}`);
  return path.join(exportsRoot(dataDir), accountId);
}

export function exportFile(dataDir: string, accountId: string, exportId: string): string {
  if (!isSafeId(exportId)) throw new Error(`unsafe export id: ${JSON.stringify(exportId)}`);
  return path.join(accountExportsDir(dataDir, accountId), `${exportId}.zip`);
}
