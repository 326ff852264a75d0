import type { RouteObject } from 'react-router';
import { LoginPage } from './features/auth/pages/LoginPage';
import { ChooserPage } from './features/chooser/pages/ChooserPage';
import { ApplianceDetailPage } from './features/my-home/pages/ApplianceDetailPage';
import { AppliancesPage } from './features/my-home/pages/AppliancesPage';
import { FeedbackPage } from './features/my-home/pages/FeedbackPage';
import { RankingsPage } from './features/my-home/pages/RankingsPage';
import { TodayPage } from './features/my-home/pages/TodayPage';
import { UsagePage } from './features/my-home/pages/UsagePage';
import { NotFoundPage } from './features/not-found/pages/NotFoundPage';
import { infoCareRoutes } from './features/parents-home/routes';
import { RequireUser } from './shared/layout/RequireUser';
import { Root } from './shared/layout/Root';
import { RouteError } from './shared/layout/RouteError';

// Every screen of the app. A new screen is one line: public ones under `publicRoutes`, the rest (which
// need a stored user, spec §2) under `protectedRoutes`. Only screens that exist are registered.
const publicRoutes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];

const protectedRoutes: RouteObject[] = [
  { path: '/', element: <ChooserPage /> },
  { path: '/my-home', element: <TodayPage /> },
  { path: '/my-home/usage', element: <UsagePage /> },
  { path: '/my-home/rankings', element: <RankingsPage /> },
  { path: '/my-home/appliances', element: <AppliancesPage /> },
  { path: '/my-home/appliance/:applianceId', element: <ApplianceDetailPage /> },
  { path: '/my-home/feedback', element: <FeedbackPage /> },
  ...infoCareRoutes,
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      { element: <RequireUser />, children: protectedRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
