import { createContext, type ReactNode, useContext } from 'react';
import type { WorkspaceActorRef } from '../../../machines/workspace.machine';
import { type ClientConfig, DEFAULT_CLIENT_CONFIG } from '../../contracts/client-config';
import type { AppActors } from './actors';
import { useSelector } from './use-selector';

const AppContext = createContext<AppActors | null>(null);

export function AppProvider({ value, children }: { value: AppActors; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

/** The app-wide actors (alerts, language, modals, router) and the API client. */
export function useApp(): AppActors {
  const v = useContext(AppContext);
  if (!v) throw new Error('useApp outside AppProvider');
  return v;
}

/** The client configuration (the defaults outside the app, e.g. in stories). */
export function useClientConfig(): Readonly<ClientConfig> {
  return useContext(AppContext)?.config ?? DEFAULT_CLIENT_CONFIG;
}

/**
 * The app root's signed-in part (machines/workspace.machine.ts: the publish modal, the upload batch,
 * the post-login steps), once the root started it (undefined before: none of them exists yet).
 */
export function useWorkspace() {
  const { app } = useApp();
  return useSelector(app, (s) => s.children.workspace as WorkspaceActorRef | undefined);
}
