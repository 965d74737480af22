import { fromPromise } from 'xstate';
import { type ThirdPartyInput, thirdPartyMachine } from '../../../machines/third-party.machine';
import type { ScriptConsent } from '../../contracts/accounts';
import type { ClientConfig } from '../../contracts/client-config';
import type { Tracker } from './tracker';

/** The attribute that marks the scripts this module added (one per name). */
export const SCRIPT_ATTRIBUTE = 'data-quire-script';

/**
 * Adds the script at `url` to the page; resolves when it has loaded, rejects when it fails. Aborting
 * removes it (if it has not run yet, it never will).
 */
export function loadScript(doc: Document, name: ScriptConsent, url: string, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    unloadScript(doc, name);
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.setAttribute(SCRIPT_ATTRIBUTE, name);
    const onAbort = () => {
      script.remove();
      reject(new DOMException('aborted', 'AbortError'));
    };
    script.addEventListener('load', () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    script.addEventListener('error', () => {
      signal?.removeEventListener('abort', onAbort);
      script.remove();
      reject(new Error(`${name}: the script did not load`));
    });
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    doc.head.append(script);
  });
}

/** Removes the script this module added for `name`. */
export function unloadScript(doc: Document, name: ScriptConsent): void {
  for (const el of doc.querySelectorAll(`script[${SCRIPT_ATTRIBUTE}="${name}"]`)) el.remove();
}

/** Which scripts the client config names. */
export const thirdPartyInput = (config: Pick<ClientConfig, 'scripts'>): ThirdPartyInput => ({
  configured: { support_chat: config.scripts.support_chat !== '', page_testing: config.scripts.page_testing !== '' },
});

/** The third-party machine with the page's script elements and the tracker (the app root starts it). */
export const provideThirdParty = (config: Pick<ClientConfig, 'scripts'>, tracker: Tracker, doc: Document) =>
  thirdPartyMachine.provide({
    actors: {
      loadScript: fromPromise<void, { name: ScriptConsent }>(({ input, signal }) =>
        loadScript(doc, input.name, config.scripts[input.name], signal),
      ),
    },
    actions: {
      unloadScript: (_, { name }) => unloadScript(doc, name),
      identify: (_, user) => tracker.identify(user),
    },
  });
