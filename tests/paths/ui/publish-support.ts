/**
 * The upload machines as the app provides them (src/web/components/publish/publishing-machine.ts:
 * preflight and progress calls through the API client, the file sent with XMLHttpRequest), over the
 * test's network; and the wire form of the books the paths name.
 */
import { BOOKS_PATH, UPLOAD_PATH } from '../../../machines/constants';
import type { BookProgress } from '../../../machines/publish/types';
import type { ApiClient } from '../../../src/api';
import { createUploadMachine } from '../../../src/web/components/publish/publishing-machine';
import type { FakeNetwork } from './network';

export interface Navigation {
  visited: string[];
  path: string;
}

export function uploadMachineFor(api: ApiClient, net: FakeNetwork, navigation: Navigation) {
  const visit = (to: string) => {
    navigation.visited.push(to);
    navigation.path = to;
  };
  // The app root decides where the batch's redirects go (machines/app.machine.ts): the same decision here.
  return createUploadMachine({ api, createXhr: net.createXhr, getToken: () => 'token-1' }).provide({
    actions: {
      redirectToBooks: () => {
        if (navigation.path === UPLOAD_PATH) visit(BOOKS_PATH);
      },
      goToBooks: () => visit(BOOKS_PATH),
    },
  });
}

/** A book's conversion progress as the server sends it (src/api/publish.ts BookStatusSchema). */
export const bookStatusOf = (output: unknown) => {
  const b = output as BookProgress;
  return {
    id: b.id,
    document: { status: b.status, error_code: b.errorCode, pages_done: b.pagesDone, pages_total: b.pagesTotal },
    image: { small: b.thumbnail },
  };
};

/** The picked file of a path input (`{name, size}`) as the browser gives it: a File of that size. */
export const realFile = (f: { name: string; size: number }) => new File([new Uint8Array(f.size)], f.name, { type: 'application/pdf' });
