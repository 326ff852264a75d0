import type { RouteObject } from 'react-router';
import { LoginPage } from './features/auth/pages/LoginPage';
import { ChooserPage } from './features/chooser/pages/ChooserPage';
import { NotFoundPage } from './features/not-found/pages/NotFoundPage';
import { infoCareRoutes } from './features/parents-home/routes';
import { RequireUser } from './shared/layout/RequireUser';
import { Root } from './shared/layout/Root';
import { RouteError } from './shared/layout/RouteError';

// Every screen of the app. A new screen is one line: public ones under `publicRoutes`, the rest (which
// need a stored user, spec §2) under `protectedRoutes`. Only screens that exist are registered.
const publicRoutes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];

const protectedRoutes: RouteObject[] = [{ path: '/', element: <ChooserPage /> }, ...infoCareRoutes];

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
