import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppActors } from './app/actors';
import { AppProvider } from './app/context';
import { OAUTH_LANDING_PATH } from './app/oauth-path';
import { loadPage } from './pages/loaders';
import { navigate } from './routing/history';
import './styles/tokens.css';
import './styles/base.css';
import './components/ui/ui.css';
import './styles/chrome.css';
import './styles/marketing.css';
import './styles/app.css';
import './styles/scroll-fade.css';

// The social sign-in landing (pop-up or full page) hands its outcome over and leaves: no app boot.
const landing = window.location.pathname === OAUTH_LANDING_PATH;
if (landing) void import('./app/social').then((m) => m.completeOAuthLanding(window));
const i18n = setupI18n();
const root = document.getElementById('root');
if (root && !landing) {
  const actors = createAppActors({ i18n, navigate: (to, options) => navigate(to, options), loadPage });
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AppProvider value={actors}>
          <App />
        </AppProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
