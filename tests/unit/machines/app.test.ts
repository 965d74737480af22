import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, createMachine, fromPromise, sendParent, waitFor } from 'xstate';
import { type AppActorRef, appMachine } from '../../../machines/app.machine';
import { BOOKS_PATH, EXPIRED_SIGN_IN, UPLOAD_PATH } from '../../../machines/constants';
import { postLoginMachine } from '../../../machines/post-login.machine';
import { publishModalMachine } from '../../../machines/publish-modal.machine';
import type { Route } from '../../../machines/router.machine';
import { type SessionSource, sessionMachine } from '../../../machines/session.machine';
import { loginContent } from '../../../machines/sign-up/fixtures';
import { openingOf } from '../../../machines/sign-up/host.machine';
import { uploadMachine } from '../../../machines/upload.machine';
import { type LoadedBatch, type WorkspaceActorRef, workspaceMachine } from '../../../machines/workspace.machine';
import { watchApp } from '../../../src/web/app/watch';
import { createUserStore, userFromLogin } from '../../../src/web/session/user-store';

/**
 * The app root with its real children (their default, side-effect-free actors) and the app's real
 * `watch` (src/web/app/watch.ts) over a real user store: the glue that was in actors.ts, session.ts,
 * SignUpModalView.tsx and PublishHostBody.tsx, driven as the app drives it.
 */
const route = (path: string, name: string, requiresLogin = false): Route => ({
  path,
  params: {},
  page: { name, requiresLogin, bypassTerms: false },
});

function start(options: { socialPending?: 'google' } = {}) {
  const store = createUserStore(undefined);
  const navigate = vi.fn<(to: string, replace: boolean) => void>();
  const visitRedirect = vi.fn<(path: string) => void>();
  const saveLanguage = vi.fn(async (_language: string) => {});
  // A batch that keeps sending (its files never settle): the upload machine with inert file children.
  const batchLogic = uploadMachine.provide({ actors: { uploadFile: createMachine({}) as never } });
  const loadBatch = vi.fn(async (): Promise<LoadedBatch> => ({ logic: batchLogic, startTime: 42 }));
  const app: AppActorRef = createActor(
    appMachine.provide({
      actors: {
        watch: watchApp(store),
        // The signed-in part as the app provides it (src/web/app/workspace.ts), with the steps' and batch's loaders.
        workspace: workspaceMachine.provide({
          actors: {
            loadPostLogin: fromPromise(
              async (): Promise<AnyActorLogic> =>
                postLoginMachine.provide({ actions: { visitRedirect: (_, { path }) => visitRedirect(path) } }),
            ),
            loadPublishModal: fromPromise(async (): Promise<AnyActorLogic> => publishModalMachine),
            loadBatch: fromPromise(loadBatch),
            saveLanguage: fromPromise(({ input }) => saveLanguage(input.language)),
          },
          actions: { navigate: (_, { to, replace }) => navigate(to, replace), signOut: sendParent({ type: 'postLogin.signOut' }) },
        }),
      },
      actions: { navigate: (_, { to, replace }) => navigate(to, replace) },
    }),
    { input: { language: { language: 'en' }, signupPage: false, authPages: ['login', 'register', 'activate'], ...options } },
  ).start();
  const child = <K extends keyof ReturnType<AppActorRef['getSnapshot']>['children']>(id: K) => app.getSnapshot().children[id]!;
  const go = (r: Route) => child('router').send({ type: 'route.changed', route: r });
  const signIn = () => {
    store.set(userFromLogin(loginContent(), Date.now()));
    app.send({
      type: 'signUp.finished',
      ending: { signedIn: loginContent(), closeExpiredSignIn: false, navigateTo: null },
      redirectPath: null,
    });
  };
  /** The signed-in part, once the root started it (the first sign-in or signed-in session seen). */
  const workspace = async (): Promise<WorkspaceActorRef> =>
    (await waitFor(app, (s) => s.children.workspace !== undefined)).children.workspace as WorkspaceActorRef;
  return { app, store, navigate, visitRedirect, saveLanguage, loadBatch, child, go, signIn, workspace };
}

describe('app root', () => {
  it('the session reaches the router: a page that requires login waits for it, then shows', async () => {
    const { app, child, go, signIn } = start();
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    // The sign-up host loads on demand (machines/lazy.ts): what it is sent meanwhile waits for it.
    go(route('/account/dashboard', 'account', true));
    expect(child('router').getSnapshot().value).toBe('loginRequired');
    await waitFor(child('signUpHost'), (s) => (s.value as string) !== 'loading');
    expect(child('router').getSnapshot().value).toBe('loginRequired');
    expect(openingOf(child('signUpHost').getSnapshot())?.reason).toBe('required');
    signIn();
    await waitFor(child('router'), (s) => s.matches('ready'));
    expect(app.getSnapshot().matches({ login: 'signedIn' })).toBe(true);
    expect(openingOf(child('signUpHost').getSnapshot())).toBeNull();
  });

  it('a sign-in from the modal feeds the session and the post-login steps, closes the expired sign-in and leaves the route', async () => {
    const { app, child, navigate, visitRedirect, workspace } = start();
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    expect(app.getSnapshot().children.workspace).toBeUndefined();
    app.send({ type: 'session.signInNeeded' });
    expect(
      child('modals')
        .getSnapshot()
        .context.stack.map((m) => m.id),
    ).toEqual([EXPIRED_SIGN_IN]);
    app.send({
      type: 'signUp.finished',
      ending: { signedIn: loginContent(), closeExpiredSignIn: true, navigateTo: '/' },
      redirectPath: '/x',
    });
    expect(child('session').getSnapshot().matches('loggedIn')).toBe(true);
    // The post-login steps load with this first sign-in; no step is due for this user: the login-redirect path is visited.
    await vi.waitFor(() => expect(visitRedirect).toHaveBeenCalledWith('/x'));
    expect((await workspace()).getSnapshot().matches({ postLogin: 'ready' })).toBe(true);
    expect(child('modals').getSnapshot().context.stack).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/', true);
  });

  it('a manager signing in inside an association session counts as profile type 2: the usage context is asked (SPEC §6, issue 20)', async () => {
    const signInAs = async (managerInAssociation: boolean | undefined) => {
      const { app, child, workspace } = start();
      await waitFor(child('session'), (s) => s.matches('loggedOut'));
      // A profile of type 1 whose account has no usage context yet.
      const content = loginContent({ account: { context: null } });
      app.send({
        type: 'signUp.finished',
        ending: { signedIn: content, closeExpiredSignIn: false, navigateTo: null },
        redirectPath: null,
        ...(managerInAssociation === undefined ? {} : { managerInAssociation }),
      });
      const ws = await workspace();
      await waitFor(ws, (s) => s.context.postLogin !== null);
      const postLogin = ws.getSnapshot().context.postLogin as ReturnType<typeof createActor<typeof postLoginMachine>>;
      await vi.waitFor(() => expect(postLogin.getSnapshot().context.run ?? postLogin.getSnapshot().value).toBeTruthy());
      return postLogin.getSnapshot();
    };
    const inside = await signInAs(true);
    expect(inside.context.run?.isManagerInAssociation).toBe(true);
    expect(inside.matches({ running: 'usageContext' })).toBe(true);
    // As itself (or any account that is no manager in an association): a type-1 profile skips the step.
    const itself = await signInAs(false);
    expect(itself.matches({ running: 'usageContext' })).toBe(false);
    expect((await signInAs(undefined)).matches({ running: 'usageContext' })).toBe(false);
  });

  it('the session follows a sign-in the modal stores while the modal still shows (activation success): the header never lags', async () => {
    const { app, child, go, store, visitRedirect, workspace } = start();
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    // A social sign-up from the register page leads to the activation tab, which confirms the login:
    // the modal stores the user and stays on its success step.
    go(route('/register', 'register'));
    expect(openingOf(child('signUpHost').getSnapshot())?.reason).toBe('route');
    store.set(userFromLogin(loginContent(), Date.now()));
    app.send({ type: 'signUp.signedIn', content: loginContent() });
    expect(child('session').getSnapshot().matches('loggedIn')).toBe(true);
    await waitFor(app, (s) => s.matches({ login: 'signedIn' }));
    // Signed in, the register route would hide the modal: it stays while it shows its step; the
    // post-login steps wait for its end.
    expect(openingOf(child('signUpHost').getSnapshot())?.reason).toBe('route');
    expect((await workspace()).getSnapshot().matches({ postLogin: 'unloaded' })).toBe(true);
    // "Go to my dashboard" ends the modal: the session (already signed in) ignores the repeat; the steps
    // run and the modal is gone.
    app.send({
      type: 'signUp.finished',
      ending: { signedIn: loginContent(), closeExpiredSignIn: false, navigateTo: null },
      redirectPath: '/y',
    });
    await vi.waitFor(() => expect(visitRedirect).toHaveBeenCalledWith('/y'));
    expect(child('session').getSnapshot().matches('loggedIn')).toBe(true);
    expect(openingOf(child('signUpHost').getSnapshot())).toBeNull();
  });

  it('the publish route opens the publish modal; its files start a batch and go to the upload page; signing out stops the batch', async () => {
    const { child, go, signIn, navigate, loadBatch, workspace } = start();
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    go(route('/', 'home'));
    signIn();
    go(route('/publish', 'publish', true));
    const ws = await workspace();
    const modal = (await waitFor(ws, (s) => s.context.publishModal !== null)).context.publishModal!;
    expect(modal.getSnapshot().context).toMatchObject({ maxFiles: 1, filesize: 104_857_600 });
    const file = new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' });
    modal.send({ type: 'user.pick', files: [file] } as never);
    modal.send({ type: 'user.submit' } as never);
    const running = await waitFor(ws, (s) => s.context.batch !== null);
    expect(running.context.publishModal).toBeNull();
    expect(loadBatch).toHaveBeenCalledTimes(1);
    expect(running.context.batch!.getSnapshot().context.entries.map((e) => e.name)).toEqual(['a.pdf']);
    expect(navigate).toHaveBeenLastCalledWith(UPLOAD_PATH, true);
    go(route(UPLOAD_PATH, 'upload', true));
    // Back on the publish route while files are still sent: that batch shows, no second modal.
    go(route('/publish', 'publish', true));
    await waitFor(child('router'), (s) => s.matches('ready'));
    expect(navigate).toHaveBeenLastCalledWith(UPLOAD_PATH, true);
    expect(ws.getSnapshot().context.publishModal).toBeNull();
    // The batch's automatic redirect moves only a user on the upload page.
    go(route(UPLOAD_PATH, 'upload', true));
    await waitFor(child('router'), (s) => s.matches('ready'));
    ws.send({ type: 'batch.redirect' });
    expect(navigate).toHaveBeenLastCalledWith(BOOKS_PATH, false);
    const batch = ws.getSnapshot().context.batch!;
    child('session').send({ type: 'user.logout' });
    await waitFor(ws, (s) => s.context.batch === null);
    expect(batch.getSnapshot().status).toBe('stopped');
  });

  it('the long-lived children are in the system under their ids; a new batch replaces the old one, stopped before the new one takes the id', async () => {
    const { app, child, go, signIn, workspace } = start();
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    go(route('/', 'home'));
    signIn();
    const ws = await workspace();
    expect(app.system.get('workspace')).toBe(ws);
    await waitFor(ws, (s) => s.matches({ postLogin: 'ready' }));
    expect(app.system.get('postLogin')).toBe(ws.getSnapshot().context.postLogin);
    go(route('/publish', 'publish', true));
    const modal = (await waitFor(ws, (s) => s.context.publishModal !== null)).context.publishModal!;
    expect(app.system.get('publishModal')).toBe(modal);
    modal.send({ type: 'user.close' } as never);
    expect(app.system.get('publishModal')).toBeUndefined();
    // Opened again: a new modal takes the id the first one left.
    go(route('/', 'home'));
    go(route('/publish', 'publish', true));
    const again = (await waitFor(ws, (s) => s.context.publishModal !== null)).context.publishModal!;
    expect(again).not.toBe(modal);
    expect(app.system.get('publishModal')).toBe(again);

    const request = (name: string) => ({ files: [new File(['%PDF-1.7'], name, { type: 'application/pdf' })], publishingMode: 1 as const });
    ws.send({ type: 'batch.start', request: request('first.pdf') });
    const first = (await waitFor(ws, (s) => s.context.batch !== null)).context.batch!;
    expect(app.system.get('batch')).toBe(first);
    ws.send({ type: 'batch.start', request: request('second.pdf') });
    expect(first.getSnapshot().status).toBe('stopped');
    expect(app.system.get('batch')).toBeUndefined();
    const second = (await waitFor(ws, (s) => s.context.batch !== null)).context.batch!;
    expect(second).not.toBe(first);
    expect(app.system.get('batch')).toBe(second);
    expect(second.getSnapshot().context.entries.map((e) => e.name)).toEqual(['second.pdf']);
    expect(app.getSnapshot().status).toBe('active');
    child('session').send({ type: 'user.logout' });
    await waitFor(ws, (s) => s.context.batch === null);
    expect(app.system.get('batch')).toBeUndefined();
  });

  it('closing the publish modal goes back to the page the user came from', async () => {
    const { child, go, signIn, navigate, workspace } = start();
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    signIn();
    go(route('/explorer', 'explorer'));
    go(route('/publish', 'publish', true));
    const ws = await workspace();
    const modal = (await waitFor(ws, (s) => s.context.publishModal !== null)).context.publishModal!;
    modal.send({ type: 'user.close' } as never);
    expect(navigate).toHaveBeenLastCalledWith('/explorer', true);
    expect(ws.getSnapshot().matches({ publish: 'leaving' })).toBe(true);
  });

  it('back from a full-page social sign-in, the sign-up modal opens to resume it until the modal ends', async () => {
    const { app, child, go } = start({ socialPending: 'google' });
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    go(route('/', 'home'));
    expect(openingOf(child('signUpHost').getSnapshot())).toMatchObject({ reason: 'route', resumeSocial: 'google' });
    app.send({ type: 'signUp.finished', ending: { signedIn: null, closeExpiredSignIn: false, navigateTo: null }, redirectPath: null });
    go(route('/explorer', 'explorer'));
    expect(openingOf(child('signUpHost').getSnapshot())).toBeNull();
  });

  it('a language the user chose is kept on the profile only while signed in', async () => {
    const { app, child, signIn, saveLanguage } = start();
    await waitFor(child('session'), (s) => s.matches('loggedOut'));
    app.send({ type: 'language.chosen', language: 'de' });
    expect(saveLanguage).not.toHaveBeenCalled();
    signIn();
    app.send({ type: 'language.chosen', language: 'fr' });
    await vi.waitFor(() => expect(saveLanguage).toHaveBeenCalledWith('fr'));
  });

  it('the location reaches the router, the modal stack and the session only once the session check is over', async () => {
    const store = createUserStore(undefined);
    let finishCheck: (v: SessionSource | null) => void = () => {};
    const app = createActor(
      appMachine.provide({
        actors: {
          watch: watchApp(store),
          session: sessionMachine.provide({
            actors: { checkSession: fromPromise(() => new Promise<SessionSource | null>((r) => (finishCheck = r))) },
          }),
        },
      }),
      { input: { language: { language: 'en' }, signupPage: false, authPages: [] } },
    ).start();
    const { router, modals, session } = app.getSnapshot().children;
    modals!.send({ type: 'modal.open', id: 'terms', full: true });
    app.send({ type: 'location.changed', route: route('/account/dashboard', 'account', true) });
    app.send({ type: 'location.changed', route: route('/register', 'register') });
    expect(router!.getSnapshot().value).toBe('idle');
    expect(modals!.getSnapshot().context.stack).toHaveLength(1);
    finishCheck(null);
    await waitFor(router!, (s) => s.matches('ready'));
    expect(router!.getSnapshot().context.route?.path).toBe('/register');
    expect(modals!.getSnapshot().context.stack).toEqual([]);
    expect(session!.getSnapshot().context.signupPage).toBe(true);
  });
});
