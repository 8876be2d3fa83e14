import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { applyLayout, layout } from './app/layout.ts';
import { AppRoutes } from './app/router.tsx';
import { loadChrome } from './app/Shell.tsx';
import { refreshUserInfo } from './features/auth/session-sync.ts';
import { preloadLocale } from './i18n/locale-files.ts';
import { preferences } from './state/preferences.ts';
import './ui/styles/global.css';
import './ui/styles/components.css';
import './ui/styles/shell.css';

applyLayout(layout);
void refreshUserInfo();

// The first render has to wait for the language's files, fetched on demand. What else it needs,
// the i18n engine, this layout's chrome and the data layer (React Query, price feed), is
// requested at the same moment instead of travelling in this first JavaScript ahead of them.
preloadLocale(preferences.get().language);
const firstRender = Promise.all([
  import('./i18n/i18n.ts').then((i18n) => i18n.initI18n()),
  import('./api/data-layer.ts').then((data) => data.startDataLayer()),
  loadChrome(),
]);

void firstRender.then(([, queryClient]) => {
  const root = document.getElementById('root');
  if (root === null) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
});
