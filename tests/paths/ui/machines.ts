/**
 * The machines whose generated paths must drive their real views (issue 13: the flows the owner
 * named). `npm run test:paths` fails when one of them has no UI test (tests/paths/ui/<id>.test.tsx)
 * or its view's paths take less than every transition.
 */
export const UI_MACHINES = [
  'sign-up-modal', // sign-up modal tabs
  'mfa',
  'activation',
  'upload-file', // preflight → upload → conversion
  'upload', // the batch → redirect
  'trigger', // repeating-mode rules
  'alerts',
  'session', // refresh with the queued replay, through the header and alerts
  'refresh-lock', // the session's cross-tab lock, under the header
] as const;
