import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoginPage } from './features/auth/pages/LoginPage';
import { ChooserPage } from './features/chooser/pages/ChooserPage';
import { NotFoundPage } from './features/not-found/pages/NotFoundPage';
import { infoCareRoutes } from './features/parents-home/routes';
import { tariffRoutes } from './features/tariff/routes';
import { lazyPage } from './shared/layout/lazyPage';
import { RequireOwnHome } from './shared/layout/RequireOwnHome';
import { RequireUser } from './shared/layout/RequireUser';
import { Root } from './shared/layout/Root';
import { RouteErrorBoundary } from './shared/layout/RouteError';

// Code splitting: the sign-in screens and the chooser are in the first bundle; every other screen is
// fetched when first opened (shared/layout/lazyPage). An eager `import { P } from '…'` becomes
// `const P = lazyPage(() => import('…'), 'P');` and the route entry stays `element: <P />`.
const AccountHubPage = lazyPage(() => import('./features/account/pages/AccountHubPage'), 'AccountHubPage');
const AccountLevelPage = lazyPage(
  () => import('./features/account/pages/AccountLevelPage'),
  'AccountLevelPage',
);
const AcceptInvitePage = lazyPage(
  () => import('./features/account/pages/AcceptInvitePage'),
  'AcceptInvitePage',
);
const CarersPage = lazyPage(() => import('./features/account/pages/CarersPage'), 'CarersPage');
const AlertsPage = lazyPage(() => import('./features/account/pages/AlertsPage'), 'AlertsPage');
const ApplianceEditPage = lazyPage(
  () => import('./features/account/pages/ApplianceEditPage'),
  'ApplianceEditPage',
);
const AccountAppliancesPage = lazyPage(
  () => import('./features/account/pages/AppliancesPage'),
  'AppliancesPage',
);
const DoNotDisturbPage = lazyPage(
  () => import('./features/account/pages/DoNotDisturbPage'),
  'DoNotDisturbPage',
);
const EmailReportPage = lazyPage(() => import('./features/account/pages/EmailReportPage'), 'EmailReportPage');
const ForgotPasswordPage = lazyPage(
  () => import('./features/account/pages/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const HolidayModePage = lazyPage(() => import('./features/account/pages/HolidayModePage'), 'HolidayModePage');
const DevicesPage = lazyPage(() => import('./features/account/pages/DevicesPage'), 'DevicesPage');
const SupplierPage = lazyPage(() => import('./features/account/pages/SupplierPage'), 'SupplierPage');
const PasswordPage = lazyPage(() => import('./features/account/pages/PasswordPage'), 'PasswordPage');
const ResetPasswordPage = lazyPage(
  () => import('./features/account/pages/ResetPasswordPage'),
  'ResetPasswordPage',
);
const ApplianceDetailPage = lazyPage(
  () => import('./features/my-home/pages/ApplianceDetailPage'),
  'ApplianceDetailPage',
);
const AppliancesPage = lazyPage(() => import('./features/my-home/pages/AppliancesPage'), 'AppliancesPage');
const FeedbackPage = lazyPage(() => import('./features/my-home/pages/FeedbackPage'), 'FeedbackPage');
const RankingsPage = lazyPage(() => import('./features/my-home/pages/RankingsPage'), 'RankingsPage');
const TariffsPage = lazyPage(() => import('./features/my-home/pages/TariffsPage'), 'TariffsPage');
const TodayPage = lazyPage(() => import('./features/my-home/pages/TodayPage'), 'TodayPage');
const UsagePage = lazyPage(() => import('./features/my-home/pages/UsagePage'), 'UsagePage');
const SetupPage = lazyPage(() => import('./features/setup/pages/SetupPage'), 'SetupPage');

// Every screen of the app. A new screen is one line: public ones under `publicRoutes`, the rest (which
// need a stored user, spec §2) under `protectedRoutes`. Only screens that exist are registered.
const publicRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/accounts/change_password', element: <ResetPasswordPage /> },
  // The emailed carer invitation: it says itself when the visitor must sign in first (issue 25).
  { path: '/account/infocare/carers/accept', element: <AcceptInvitePage /> },
];

const protectedRoutes: RouteObject[] = [
  { path: '/', element: <ChooserPage /> },
  {
    element: <RequireOwnHome />,
    children: [
      { path: '/my-home', element: <TodayPage /> },
      { path: '/my-home/usage', element: <UsagePage /> },
      { path: '/my-home/rankings', element: <RankingsPage /> },
      { path: '/my-home/appliances', element: <AppliancesPage /> },
      { path: '/my-home/appliance/:applianceId', element: <ApplianceDetailPage /> },
      { path: '/my-home/feedback', element: <FeedbackPage /> },
      { path: '/my-home/tariffs', element: <TariffsPage /> },
    ],
  },
  ...infoCareRoutes,
  { path: '/initial-setup', element: <SetupPage /> },
  { path: '/setup', element: <SetupPage /> },
  { path: '/account', element: <AccountHubPage /> },
  { path: '/account/password', element: <PasswordPage /> },
  { path: '/account/do-not-disturb', element: <DoNotDisturbPage /> },
  { path: '/account/infocare/alerts', element: <AlertsPage /> },
  { path: '/account/infocare/email-report', element: <EmailReportPage /> },
  { path: '/account/infocare/carers', element: <CarersPage /> },
  {
    // /account/homeview/… are the own home's settings; /account/infocare/… the dependant's.
    element: <RequireOwnHome level />,
    children: [
      { path: '/account/:level', element: <AccountLevelPage /> },
      { path: '/account/:level/holiday-mode', element: <HolidayModePage /> },
      { path: '/account/:level/appliances', element: <AccountAppliancesPage /> },
      { path: '/account/:level/devices', element: <DevicesPage /> },
      { path: '/account/:level/supplier', element: <SupplierPage /> },
      { path: '/account/:level/appliance/:applianceId', element: <ApplianceEditPage /> },
      ...tariffRoutes,
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...publicRoutes,
      { element: <RequireUser />, children: protectedRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// React Router in declarative mode (<BrowserRouter> and useRoutes), not a data router: the app has no
// loaders, actions or fetchers, and createBrowserRouter + RouterProvider put ~16 kB gzip more of the
// router into every first screen (`npm run bench web-bundle`). A screen that throws shows RouteError.
/** Every screen, under the router main.tsx (or a test) provides. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const screen = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{screen}</RouteErrorBoundary>;
}
