// First, before React renders: starts the opened screen's code and read (see firstScreen.ts).
import { startFirstScreen } from './firstScreen';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/dashboard.css';
import './styles/charts.css';
import './styles/homeview.css';
import './styles/infocare.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './shared/queryClient';
import { AppRoutes, routes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

void startFirstScreen(routes, queryClient, window.location.pathname).then(() =>
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
