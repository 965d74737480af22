import { fromCallback, fromPromise } from 'xstate';
import { reportingUploadFileMachine, uploadMachine } from '../../../../machines/upload.machine';
import type { UploadActorInput, UploadFileEvent } from '../../../../machines/upload-file.machine';
import { readCookie, TOKEN_COOKIE } from '../../../api';
import { ApiCallError, isSessionExpired } from '../../../api/errors';
import { bookPresetsOf } from '../../../api/presets';
import { getBookProgress, preflight, uploadDocument, uploadUrl } from '../../../api/publish';
import { BOOKS_PATH, type PublishingDeps, UPLOAD_PATH } from './publishing-deps';

/** The upload machine with its real side effects: preflight and status calls, the XHR upload, redirects. Loaded with the first batch. */
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
      redirectToBooks: () => {
        if (deps.currentPath() === UPLOAD_PATH) deps.navigate(BOOKS_PATH);
      },
      goToBooks: () => deps.navigate(BOOKS_PATH),
    },
  });
  return machine;
}
