import { fromCallback, fromPromise, sendParent } from 'xstate';
import { reportingUploadFileMachine, uploadMachine } from '../../../../machines/upload.machine';
import type { UploadActorInput, UploadFileEvent } from '../../../../machines/upload-file.machine';
import type { ApiClient } from '../../../api';
import { readCookie, TOKEN_COOKIE } from '../../../api';
import { ApiCallError, isSessionExpired } from '../../../api/errors';
import { bookPresetsOf } from '../../../api/presets';
import { getBookProgress, preflight, uploadDocument, uploadUrl, type XhrLike } from '../../../api/publish';

export interface PublishingDeps {
  api: ApiClient;
  getToken: () => string | undefined;
  getAssociationId?: () => string | undefined;
  /** The current user record: its config.bookPresets ("save as presets") pre-fill every upload. */
  getUser?: () => { config?: Record<string, unknown> } | null | undefined;
  createXhr?: () => XhrLike;
  /** The session's expired-call queue (src/web/app/session.ts): signs in again, then `retry` runs. */
  onSessionExpired?: <T>(retry: () => Promise<T>, error: ApiCallError) => Promise<T>;
}

/**
 * The upload machine with its real side effects: preflight and status calls, the XHR upload. Loaded with
 * the first batch; the app root spawns it (machines/app.machine.ts) and decides where its redirects go.
 */
export function createUploadMachine(deps: PublishingDeps) {
  const upload = fromCallback<UploadFileEvent, UploadActorInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const file = input.file as unknown;
    if (!(file instanceof Blob)) {
      sendBack({ type: 'upload.failed', error: new ApiCallError('parse', { status: 0 }) });
      return;
    }
    const send = () =>
      uploadDocument({
        url: uploadUrl(input.host),
        file,
        fileName: input.file.name,
        // Saved presets first; what this upload chose (publishing mode) wins.
        fields: { ...bookPresetsOf(deps.getUser?.()), ...input.fields },
        // Read at each attempt: a replay after signing in again sends the new token.
        token: deps.getToken() ?? readCookie(TOKEN_COOKIE),
        associationId: deps.getAssociationId?.(),
        signal: controller.signal,
        createXhr: deps.createXhr,
        onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
      });
    send()
      .catch((error: unknown) =>
        // The session ended meanwhile (SPEC §4 Session expiry): the user signs in again and the file is
        // sent once more, like any other call the API client replays.
        error instanceof ApiCallError && isSessionExpired(error) && deps.onSessionExpired && !controller.signal.aborted
          ? deps.onSessionExpired(send, error)
          : Promise.reject(error),
      )
      .then(
        (book) => sendBack({ type: 'upload.done', book }),
        (error: unknown) => {
          // Stopped (the batch was replaced or the user signed out): nobody listens any more.
          if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
        },
      );
    return () => controller.abort();
  });

  const machine = uploadMachine.provide({
    actors: {
      uploadFile: reportingUploadFileMachine.provide({
        actors: {
          preflight: fromPromise(({ input, signal }) => preflight(deps.api, input, signal)),
          upload,
          getBook: fromPromise(({ input, signal }) => getBookProgress(deps.api, input.id, signal)),
        },
      }),
    },
    actions: {
      // The root goes to the book list (the automatic redirect only from the upload page).
      redirectToBooks: sendParent({ type: 'batch.redirect' }),
      goToBooks: sendParent({ type: 'batch.goToBooks' }),
    },
  });
  return machine;
}
