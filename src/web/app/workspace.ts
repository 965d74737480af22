import { type AnyActorLogic, fromPromise, sendParent } from 'xstate';
import { type LoadedBatch, workspaceMachine } from '../../../machines/workspace.machine';
import type { ApiClient } from '../../api/client';
import type { Language } from '../../contracts/languages';
import type { PublishingDeps } from '../components/publish/publishing-machine';
import { associationId } from '../session/user-store';
import type { AlertsOf } from './alert-action';
import type { SessionWiring } from './session';

export interface WorkspaceDeps {
  api: ApiClient;
  wiring: SessionWiring;
  alerts: AlertsOf;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  doc: Document;
  onSessionExpired: PublishingDeps['onSessionExpired'];
}

/**
 * The signed-in part of the app root (machines/workspace.machine.ts) with its side effects: loaded when
 * the root starts it (the first sign-in, or a session seen signed in), not with the app's first load
 * (issue 14). The post-login steps load with the first sign-in, the upload machine with the first batch.
 */
export function provideWorkspace({ api, wiring, alerts, navigate, doc, onSessionExpired }: WorkspaceDeps) {
  const publishingDeps: PublishingDeps = {
    api,
    getToken: () => wiring.getToken(),
    getAssociationId: () => associationId(globalThis.sessionStorage),
    getUser: () => wiring.store.get(),
    onSessionExpired,
  };
  let uploadModule: Promise<typeof import('../components/publish/publishing-machine')> | null = null;
  const loadBatch = fromPromise<LoadedBatch>(async () => {
    const startTime = Date.now();
    uploadModule ??= import('../components/publish/publishing-machine');
    const { createUploadMachine } = await uploadModule.catch((error) => {
      uploadModule = null;
      throw error;
    });
    return { logic: createUploadMachine(publishingDeps), startTime };
  });
  const loadPostLogin = fromPromise(
    (): Promise<AnyActorLogic> =>
      import('./post-login').then((m) => m.createPostLogin({ api, fetchSession: wiring.fetchSession, alerts, navigate, doc })),
  );
  // A signed-in user's choice is kept on the profile (mail language; SPEC §7 Language).
  const saveLanguage = fromPromise<void, { language: Language }>(async ({ input: { language: lang } }) => {
    const user = wiring.store.get();
    if (!user || user.profile.language === lang) return;
    await api.call('profile/update', { method: 'POST', json: { language: lang }, ignoreAlerts: true });
    wiring.store.set({ ...user, profile: { ...user.profile, language: lang }, language: lang });
  });
  return workspaceMachine.provide({
    actors: { loadBatch, loadPostLogin, saveLanguage },
    actions: {
      navigate: (_, { to, replace }) => navigate(to, { replace }),
      signOut: sendParent({ type: 'postLogin.signOut' }),
    },
  });
}
