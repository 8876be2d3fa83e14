import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { startDataLayer, startLivePrices } from './api/data-layer.ts';
import { applyLayout, layout } from './lib/layout.ts';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { loadChrome } from './app/Shell.tsx';
import { refreshUserInfo } from './features/auth/session-sync.ts';
import { initI18n } from './i18n/i18n.ts';
import { prepareNumberFormats } from './lib/format.ts';
import './ui/styles/global.css';
import './ui/styles/components.css';
import './ui/styles/shell.css';

applyLayout(layout);
void refreshUserInfo();
const queryClient = startDataLayer();

// The first render waits for what is fetched on demand: the language's files (requested by
// initI18n), this layout's chrome and the code of the screen asked for, all side by side.
const firstRender = Promise.all([initI18n(), loadChrome(), preloadPage(window.location.pathname)]);

void firstRender.then(() => {
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
  startLivePrices(queryClient);
  setTimeout(prepareNumberFormats, 0);
});
