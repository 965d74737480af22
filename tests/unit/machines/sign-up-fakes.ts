import { vi } from 'vitest';
import { type AnyActorRef, waitFor } from 'xstate';
import { HASH, loginContent } from '../../../machines/sign-up/fixtures';
import type { SignUpServices } from '../../../machines/sign-up/provide';

/** Fake app services: every call resolves with a realistic answer unless a test overrides it. */
export function fakeServices(overrides: Partial<SignUpServices> = {}) {
  const services = {
    login: vi.fn<SignUpServices['login']>(async () => ({ hash: HASH })),
    confirmLogin: vi.fn<SignUpServices['confirmLogin']>(async () => loginContent()),
    register: vi.fn<SignUpServices['register']>(async () => ({})),
    forgot: vi.fn<SignUpServices['forgot']>(async () => ({})),
    resend: vi.fn<SignUpServices['resend']>(async () => ({})),
    reset: vi.fn<SignUpServices['reset']>(async () => ({})),
    activate: vi.fn<SignUpServices['activate']>(async () => ({ hash: 'l'.repeat(32) })),
    socialSignIn: vi.fn<SignUpServices['socialSignIn']>(async () => ({ kind: 'hash', hash: HASH })),
    saveUser: vi.fn<SignUpServices['saveUser']>(),
    leaveToRoot: vi.fn<SignUpServices['leaveToRoot']>(),
    showSuccess: vi.fn<SignUpServices['showSuccess']>(),
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
