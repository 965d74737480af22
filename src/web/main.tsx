import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/App';
import { createAppActors } from './app/actors';
import { AppProvider } from './app/context';
import './styles/tokens.css';
import './styles/base.css';
import './components/ui/ui.css';
import './styles/app.css';

const i18n = setupI18n();
const actors = createAppActors({ i18n, navigate: (to) => navigate(to) });

const root = document.getElementById('root');
if (root) {
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
