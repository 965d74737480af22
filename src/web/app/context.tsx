import { createContext, type ReactNode, useContext } from 'react';
import { type ClientConfig, DEFAULT_CLIENT_CONFIG } from '../../contracts/client-config';
import type { AppActors } from './actors';

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
