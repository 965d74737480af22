/**
 * The social sign-in's window boundary for the UI tests: a pop-up that the test opens, lands and
 * closes, instead of the browser's window.open and postMessage.
 */
import type { SocialServices } from '../../../machines/sign-up/provide';
import type { KeptOAuthResult } from '../../../machines/sign-up/social.machine';
import type { SocialProvider } from '../../../machines/sign-up/types';

/** For machines that never start a social sign-in. */
export const noSocial: SocialServices = {
  takeKeptResult: () => null,
  openPopup: () => false,
  popupClosed: () => true,
  listen: () => () => undefined,
  redirect: () => undefined,
  closePopup: () => undefined,
};

export class FakePopup implements SocialServices {
  kept: KeptOAuthResult | null = null;
  blocked = false;
  open: SocialProvider | null = null;
  closed = false;
  redirectedTo: SocialProvider | null = null;
  /** Set: listening to the pop-up fails with it (the window channel broke). */
  listenError: unknown = null;
  private landed: ((hash: string) => void) | null = null;

  get listening(): boolean {
    return this.landed !== null;
  }

  takeKeptResult = () => {
    const k = this.kept;
    this.kept = null;
    return k;
  };
  openPopup = (provider: SocialProvider) => {
    if (this.blocked) return false;
    this.open = provider;
    this.closed = false;
    return true;
  };
  popupClosed = () => this.closed;
  listen = (landed: (hash: string) => void) => {
    if (this.listenError) throw this.listenError;
    this.landed = landed;
    return () => {
      this.landed = null;
    };
  };
  redirect = (provider: SocialProvider) => {
    this.redirectedTo = provider;
  };
  closePopup = () => {
    this.open = null;
  };
  /** The provider's page sends the pop-up back to our landing page with this fragment. */
  land(hash: string): void {
    if (!this.landed) throw new Error('no pop-up is listening');
    this.landed(hash);
  }
}
