import { fromPromise } from 'xstate';
import { thirdPartyMachine } from '../../../machines/third-party.machine';
import type { ScriptConsent } from '../../contracts/account-constants';
import type { ClientConfig } from '../../contracts/client-config';
import type { Tracker } from './tracker';

// The script elements' code loads when a script is first allowed (a consenting, signed-in user).
type Scripts = typeof import('./scripts');
let scripts: Scripts | undefined;
const loadScripts = (): Promise<Scripts> => import('./scripts').then((m) => (scripts = m));

/** The third-party machine with the page's script elements and the tracker (the app root starts it; loaded on demand from the start, src/web/app/actors.ts). */
export const provideThirdParty = (config: Pick<ClientConfig, 'scripts'>, tracker: Tracker, doc: Document) =>
  thirdPartyMachine.provide({
    actors: {
      loadScript: fromPromise<void, { name: ScriptConsent }>(async ({ input, signal }) =>
        (await loadScripts()).loadScript(doc, input.name, config.scripts[input.name], signal),
      ),
    },
    actions: {
      // A script is unloaded only once loaded, so its module is there.
      unloadScript: (_, { name }) => scripts?.unloadScript(doc, name),
      identify: (_, user) => tracker.identify(user),
    },
  });
