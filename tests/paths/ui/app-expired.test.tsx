/**
 * The session as the app runs it (src/web/app/actors.ts `createAppActors`: the root with its real
 * children), rendered by the real Header, AlertStack and AuthHost: a page's call meets the expired
 * session, the app opens the expired sign-in — the sign-up modal a person sees — and, after its
 * delay, the expired alert. The boundary is the test's: the server (held fetch, handed to the app)
 * and the clock (xstate's SimulatedClock, handed to the app's actor system). The session's own
 * generated paths (session.test.tsx) record what the session tells the root; this file shows what
 * the root then makes of it.
 */
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { SimulatedClock } from 'xstate';
import { messages as en } from '../../../locales/en/messages.po';
import { EXPIRED_SIGN_IN, SESSION_EXPIRED_ALERT_DELAY_MS } from '../../../machines/constants';
import type { SessionSource } from '../../../machines/session.machine';
import { CLIENT_CONFIG_ELEMENT_ID, DEFAULT_CLIENT_CONFIG } from '../../../src/contracts/client-config';
import { AuthHost } from '../../../src/web/app/AuthHost';
import { type AppActors, createAppActors } from '../../../src/web/app/actors';
import { AppProvider } from '../../../src/web/app/context';
import { AlertStack } from '../../../src/web/components/AlertStack';
import { Header } from '../../../src/web/components/Header';
import { createTestI18n } from '../../../src/web/i18n/testing';
import { USER_KEY } from '../../../src/web/session/user-store';
import { FakeNetwork } from './network';
import { accountMenuName, loginOf, storedOf } from './session-support';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0).reverse()) clean();
  localStorage.clear();
  sessionStorage.clear();
});

const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const alice: SessionSource = {
  session: {
    access_token: `${b64url('{"alg":"none"}')}.${b64url(JSON.stringify({ sub: 'p-alice', exp: 1_900_000_000 }))}.`,
    expires_in: 3600,
  },
  profile: { id: 'p-alice' },
};

function mountApp() {
  const net = new FakeNetwork();
  const clock = new SimulatedClock();
  // The page's client configuration, as the server renders it: the API is the held network.
  const config = document.createElement('script');
  config.type = 'application/json';
  config.id = CLIENT_CONFIG_ELEMENT_ID;
  config.textContent = JSON.stringify({ ...DEFAULT_CLIENT_CONFIG, api: net.apiBase, data: net.apiBase, dataSecure: net.apiBase });
  document.head.append(config);
  cleanups.push(() => config.remove());
  const i18n = createTestI18n('en', en);
  const actors: AppActors = createAppActors({
    i18n,
    navigate: () => undefined,
    loadPage: async () => ({}),
    doc: document,
    fetch: net.fetch,
    clock,
  });
  cleanups.push(() => actors.app.stop());
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AppProvider value={actors}>
          <Header />
          <AlertStack actor={actors.alerts} />
          <AuthHost />
        </AppProvider>
      </I18nProvider>
    </StrictMode>,
  );
  cleanups.push(() => {
    root.unmount();
    container.remove();
  });
  return { net, clock, actors, i18n };
}

it('an expired session met by a page call opens the expired sign-in and, after its delay, the expired alert', async () => {
  await page.viewport(1280, 800);
  localStorage.setItem(USER_KEY, JSON.stringify(storedOf(alice)));
  const { net, clock, actors, i18n } = mountApp();
  // The session check asks the server with the stored token: signed in as Alice.
  net.ok(await net.take('GET', 'profile/session'), loginOf(alice));
  await expect.element(page.getByRole('button', { name: accountMenuName('Alice Archer') })).toBeVisible();
  expect(page.getByRole('dialog').elements()).toEqual([]);

  // A page's call meets the expired session: it waits for the sign-in, which the app opens.
  const call = actors.api.call('book/list', { method: 'GET' }).then(
    () => 'resolved',
    () => 'rejected',
  );
  net.fail(await net.take('GET', 'book/list'), { status: 401, type: 'SESSION', code: 149 });
  await expect.poll(() => actors.modals.getSnapshot().context.stack.map((m) => m.id)).toEqual([EXPIRED_SIGN_IN]);
  const dialog = page.getByRole('dialog');
  await expect.element(dialog, { timeout: 3000 }).toBeVisible();
  await expect.element(dialog.getByRole('button', { name: i18n._('account.login.submit') })).toBeVisible();
  // The header no longer shows the session's person: the session is cleared until the sign-in.
  await expect.element(page.getByRole('button', { name: accountMenuName('Alice Archer') })).not.toBeInTheDocument();

  // The expired alert waits its delay on the app's clock.
  const expired = page.getByText(i18n._('account.session.expired'));
  clock.increment(SESSION_EXPIRED_ALERT_DELAY_MS - 1);
  await expect.element(expired).not.toBeInTheDocument();
  clock.increment(1);
  await expect.element(expired).toBeVisible();
  // The call still waits for the sign-in.
  expect(await Promise.race([call, new Promise((r) => setTimeout(() => r('waiting'), 50))])).toBe('waiting');
});
