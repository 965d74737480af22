/** The session's side effects that validate (./io.ts, with the schemas): not part of the app's first load. */
export type SessionIo = typeof import('./io');

let loading: Promise<SessionIo> | null = null;
/** ./io.ts, loaded once (a failed load is tried again by the next call); the app starts it at boot. */
export function loadSessionIo(): Promise<SessionIo> {
  loading ??= import('./io').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
