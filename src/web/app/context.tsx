import { createContext, type ReactNode, useContext } from 'react';
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
