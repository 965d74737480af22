import type { ApiClient } from '../../../api';
import type { ApiCallError } from '../../../api/errors';
import type { XhrLike } from '../../../api/publish';

/**
 * What the publishing batch (publishing.ts) and its lazily loaded machine (publishing-machine.ts) share:
 * the two paths and the side effects the app gives them.
 */
export const UPLOAD_PATH = '/upload';
export const BOOKS_PATH = '/account/book';

export interface PublishingDeps {
  api: ApiClient;
  navigate: (to: string) => void;
  /** The path shown now (the automatic redirect only moves a user who is still on the upload page). */
  currentPath: () => string;
  getToken: () => string | undefined;
  getAssociationId?: () => string | undefined;
  /** The current user record: its config.bookPresets ("save as presets") pre-fill every upload. */
  getUser?: () => { config?: Record<string, unknown> } | null | undefined;
  createXhr?: () => XhrLike;
  /** The session's expired-call queue (src/web/app/session.ts): signs in again, then `retry` runs. */
  onSessionExpired?: <T>(retry: () => Promise<T>, error: ApiCallError) => Promise<T>;
}
