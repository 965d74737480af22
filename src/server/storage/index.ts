import type { Config } from '../config';
import { createLocalStore } from './local';
import { filesDir } from './paths';
import type { FileStore } from './store';

export type { FileStore, OpenedFile, PutOptions, SignedUrlOptions, StoredInfo, StoreKind } from './store';

/**
 * The configured file store (./store.ts): the data folder's `files/`, or the S3 bucket of QUIRE_S3_* with
 * `files/` as its cache. The S3 client is loaded only when a bucket is configured.
 */
export async function createFileStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<FileStore> {
  const root = filesDir(config.dataDir);
  const { s3, cacheBytes, urlTtlSeconds } = config.storage;
  if (!s3) return createLocalStore(root);
  const { createS3Store } = await import('./s3');
  return createS3Store(root, s3, { cacheBytes, urlTtlSeconds });
}
