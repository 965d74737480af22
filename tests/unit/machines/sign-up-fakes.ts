import { vi } from 'vitest';
import { type AnyActorRef, waitFor } from 'xstate';
import { HASH, loginContent } from '../../../machines/sign-up/fixtures';
import type { SignUpEndingServices, SignUpServices, SocialServices } from '../../../machines/sign-up/provide';

/**
 * A fake browser for the social machine: the pop-up opens (unless `blocked`) and its landing posts
 * `hash` right away (unless `hash` is null: the user still sits at the provider). `closeUser()`
 * closes the pop-up the way the user does.
 */
export function fakeSocial(options: { hash?: string | null; blocked?: boolean; kept?: SocialServices['takeKeptResult'] } = {}) {
  const hash = options.hash === undefined ? `#hash-${HASH}` : options.hash;
  let open = false;
  const social = {
    takeKeptResult: vi.fn<SocialServices['takeKeptResult']>(options.kept ?? (() => null)),
    openPopup: vi.fn<SocialServices['openPopup']>(() => {
      open = !options.blocked;
      return open;
    }),
    popupClosed: vi.fn<SocialServices['popupClosed']>(() => !open),
    listen: vi.fn<SocialServices['listen']>((landed) => {
      if (hash !== null) queueMicrotask(() => landed(hash));
      return () => undefined;
    }),
    redirect: vi.fn<SocialServices['redirect']>(),
    closePopup: vi.fn<SocialServices['closePopup']>(() => {
      open = false;
    }),
    closeUser: () => {
      open = false;
    },
  };
  return social;
}

/** Fake app services: every call resolves with a realistic answer unless a test overrides it. */
export function fakeServices(overrides: Partial<Omit<SignUpServices, 'socialSignIn'>> = {}, social = fakeSocial()) {
  const services = {
    login: vi.fn<SignUpServices['login']>(async () => ({ hash: HASH })),
    confirmLogin: vi.fn<SignUpServices['confirmLogin']>(async () => loginContent()),
    register: vi.fn<SignUpServices['register']>(async () => ({})),
    forgot: vi.fn<SignUpServices['forgot']>(async () => ({})),
    resend: vi.fn<SignUpServices['resend']>(async () => ({})),
    reset: vi.fn<SignUpServices['reset']>(async () => ({})),
    activate: vi.fn<SignUpServices['activate']>(async () => ({ hash: 'l'.repeat(32) })),
    activated: vi.fn<NonNullable<SignUpServices['activated']>>(),
    socialSignIn: social,
    saveUser: vi.fn<SignUpServices['saveUser']>(),
    leaveToRoot: vi.fn<SignUpServices['leaveToRoot']>(),
    showSuccess: vi.fn<SignUpServices['showSuccess']>(),
    finish: vi.fn<SignUpEndingServices['finish']>(),
    cancelExpiredSignIn: vi.fn<SignUpEndingServices['cancelExpiredSignIn']>(),
  };
  for (const [key, impl] of Object.entries(overrides)) {
    (services[key as keyof typeof services] as { mockImplementation: (f: unknown) => void }).mockImplementation(impl);
  }
  return services;
}

/** A call that rejects the way the API client does (plain object of ApiCallError's shape). */
export const rejecting = (error: unknown) => async (): Promise<never> => {
  throw error;
};

/** Waits until the actor's snapshot satisfies `predicate` (fails after 1 s). */
export const until = <T extends AnyActorRef>(actor: T, predicate: (s: ReturnType<T['getSnapshot']>) => boolean) =>
  waitFor(actor, predicate as never, { timeout: 1000 });

/** Lets pending promise callbacks run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
