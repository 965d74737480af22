import { rmSync } from 'node:fs';
import { startMailCapture } from './support/mail-server';
import { MAIL_DIR } from './support/mailbox';
import { E2E_OAUTH_PORT, startOAuthProvider } from './support/oauth-provider';

export const SMTP_PORT = Number(process.env.QUIRE_E2E_SMTP_PORT ?? 4391);

/** Starts the SMTP capture the e2e server sends its mail to, and the mock OAuth2 provider; stops them after the run. */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const server = await startMailCapture(SMTP_PORT, MAIL_DIR);
  const oauth = await startOAuthProvider(E2E_OAUTH_PORT);
  return async () => {
    await oauth.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
