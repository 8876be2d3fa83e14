import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { applyLayout, layout } from './app/layout.ts';
import { router } from './app/router.tsx';
import { startPriceFeed } from './api/price-feed.ts';
import { refreshUserInfo, watchSessionExpiry } from './features/auth/session-sync.ts';
import { initI18n } from './i18n/i18n.ts';
import './ui/styles/global.css';
import './ui/styles/components.css';
import './ui/styles/shell.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

applyLayout(layout);
watchSessionExpiry(router);
void refreshUserInfo();
startPriceFeed(queryClient);

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (root === null) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
