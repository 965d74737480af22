import { useLingui } from '@lingui/react/macro';
import { createContext, useContext } from 'react';
import { SOCIAL_PROVIDERS } from '../../../../machines/constants';
import type { SocialProvider } from '../../../../machines/sign-up-modal.machine';

/** Provider names are brands: never translated. */
const NAMES: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google', linkedin: 'LinkedIn' };

function Logo({ provider }: { provider: SocialProvider }) {
  switch (provider) {
    case 'facebook':
      return (
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" className="social__logo">
          <circle cx="12" cy="12" r="12" fill="#1877F2" />
          <path
            fill="#fff"
            d="M13.4 24v-8.4h2.8l.5-3.3h-3.3v-2.1c0-.9.5-1.8 1.9-1.8h1.5V5.6s-1.3-.2-2.6-.2c-2.7 0-4.4 1.6-4.4 4.5v2.5H7v3.3h2.8V24z"
          />
        </svg>
      );
    case 'google':
      return (
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" className="social__logo">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24" />
          <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8" />
        </svg>
      );
    case 'linkedin':
      return (
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" className="social__logo">
          <rect width="24" height="24" rx="4" fill="#0A66C2" />
          <path
            fill="#fff"
            d="M7.1 9.3h-3v10.2h3zM5.6 4.5a1.8 1.8 0 1 0 0 3.5 1.8 1.8 0 0 0 0-3.5M19.9 13.6c0-3-1.6-4.5-3.9-4.5-1.8 0-2.6 1-3 1.7V9.3H10c0 1 0 10.2 0 10.2h3v-5.7c0-.3 0-.6.1-.8.2-.6.8-1.3 1.7-1.3 1.2 0 1.7.9 1.7 2.3v5.5h3z"
          />
        </svg>
      );
  }
}

/**
 * Sign-in with the three providers (SPEC §1: a social network, a search-engine identity service, a
 * professional network). Each button sends `user.social { provider }` and is enabled only while the
 * machine accepts it.
 */
/** The providers this server has enabled (client config `social`); stories and tests show all three. */
export const SocialProvidersContext = createContext<readonly SocialProvider[]>(SOCIAL_PROVIDERS);
export const useSocialProviders = () => useContext(SocialProvidersContext);

export function SocialButtons({
  canUse,
  busy,
  onSocial,
}: {
  canUse: (provider: SocialProvider) => boolean;
  busy: boolean;
  onSocial: (provider: SocialProvider) => void;
}) {
  const { t } = useLingui();
  const enabled = useSocialProviders();
  return (
    <div className="social" aria-busy={busy || undefined}>
      {SOCIAL_PROVIDERS.filter((p) => enabled.includes(p)).map((provider) => {
        const name = NAMES[provider];
        return (
          <button
            key={provider}
            type="button"
            className={`btn btn--block social__button social__button--${provider}`}
            disabled={!canUse(provider)}
            onClick={() => onSocial(provider)}
          >
            <Logo provider={provider} />
            <span>{t({ id: 'account.social.continue', message: `Continue with ${name}` })}</span>
          </button>
        );
      })}
      {busy && (
        <p className="social__busy" role="status">
          <span className="btn-spinner btn-spinner--ink" aria-hidden="true" />
          {t({ id: 'account.social.busy', message: 'Waiting for the provider…' })}
        </p>
      )}
    </div>
  );
}
