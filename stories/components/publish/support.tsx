import { type ReactNode, useEffect, useMemo } from 'react';
import { book } from '../../../machines/publish/fixtures';
import type { BookProgress, PickedFile } from '../../../machines/publish/types';
import { loginContent } from '../../../machines/sign-up/fixtures';
import { fileKey, type UploadActorRef, type UploadContext, uploadMachine } from '../../../machines/upload.machine';
import { type UploadFileContext, uploadFileMachine } from '../../../machines/upload-file.machine';
import { Header } from '../../../src/web/components/Header';
import { userFromLogin } from '../../../src/web/session/user-store';
import { StoryApp } from '../../support/StoryApp';
import { restoredActor } from '../account/support';

/** One file of a story batch: its state in the uploadFile machine and what it has so far. */
export interface FileState {
  file: PickedFile;
  /** uploadFile state value: 'queued', 'uploading', { converting: 'waiting' }, 'converted', 'failed'… */
  value: unknown;
  loaded?: number;
  book?: BookProgress | null;
  errorId?: string | null;
}

export interface BatchState {
  /** upload state value, e.g. { active: { transfer: 'sending', progress: 'running', proxy: 'hidden' } }. */
  value: unknown;
  files: FileState[];
  current?: number;
  finished?: number;
  failed?: number;
}

export const active = (transfer: 'sending' | 'sent', progress = 'running', proxy = 'hidden') => ({ active: { transfer, progress, proxy } });
export const converting = (b: BookProgress = book('CONVERTING')) => ({ value: { converting: 'waiting' }, book: b });

/**
 * An upload actor put in a state with its file children restored in theirs (`resolveState`: no
 * invoke or timer runs). Context refs are persisted-style markers that XState revives to the children.
 */
export function batchActor(state: BatchState): UploadActorRef {
  const children = Object.fromEntries(
    state.files.map((f, index) => {
      const context: UploadFileContext = {
        index,
        file: f.file,
        publishingMode: 1,
        startTime: 0,
        host: '/api',
        loaded: f.loaded ?? 0,
        total: f.file.size,
        book: f.book ?? null,
        errorId: f.errorId ?? null,
        pollFailures: 0,
      };
      return [fileKey(index), { src: 'uploadFile', machine: uploadFileMachine, value: f.value, context }];
    }),
  );
  const context = {
    entries: state.files.map((f, index) => ({
      key: fileKey(index),
      name: f.file.name,
      size: f.file.size,
      ref: { xstate$$type: 1, id: fileKey(index) },
    })),
    current: state.current ?? 0,
    finished: state.finished ?? 0,
    failed: state.failed ?? 0,
  } as unknown as UploadContext;
  return restoredActor(uploadMachine, state.value, context, children) as unknown as UploadActorRef;
}

/** The actor of `build`, once per story args, stopped on unmount. */
export function useStoryActor<T extends { stop: () => void }>(build: () => T, deps: unknown): T {
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one actor per story args (key).
  const actor = useMemo(build, [key]);
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}

/** The app shell around a page: a signed-in header of a free or premium account. */
export function SignedInShell({ free = false, children }: { free?: boolean; children: ReactNode }) {
  const content = loginContent();
  const user = userFromLogin({ ...content, account: { ...content.account, mode: free ? 'FREE' : 'PREMIUM' } }, Date.now());
  return (
    <StoryApp state={{ user }}>
      <Header />
      <main>{children}</main>
    </StoryApp>
  );
}
