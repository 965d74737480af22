import { rmSync } from 'node:fs';
import { startStripeFake } from '../fakes/stripe';
import { STRIPE_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './support/billing';
import { startMailCapture } from './support/mail-server';
import { MAIL_DIR } from './support/mailbox';
import { E2E_OAUTH_PORT, startOAuthProvider } from './support/oauth-provider';
import { E2E_PORT } from './support/paths';

export const SMTP_PORT = Number(process.env.QUIRE_E2E_SMTP_PORT ?? 4391);

/** Starts the SMTP capture the e2e server sends its mail to, and the mock OAuth2 provider; stops them after the run. */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const server = await startMailCapture(SMTP_PORT, MAIL_DIR);
  const oauth = await startOAuthProvider(E2E_OAUTH_PORT);
  // The card provider: its hosted pay page completes the session, signs the webhook to the app and redirects back.
  const stripe = await startStripeFake({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${E2E_PORT}/webhooks/stripe`,
    port: STRIPE_PORT,
  });
  return async () => {
    await stripe.close();
    await oauth.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
