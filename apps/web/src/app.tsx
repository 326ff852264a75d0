import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startFirstScreen } from './firstScreen';
import type { OpenedRead } from './openingScreen';
import { createQueryClient } from './shared/queryClient';
import { AppRoutes, routes } from './routes';

/** Renders the app into #root, once the opened screen's code and read are in (firstScreen.ts). */
export function startApp(opened: OpenedRead | undefined): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const queryClient = createQueryClient();
  void startFirstScreen(routes, queryClient, window.location.pathname, opened).then(() =>
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
