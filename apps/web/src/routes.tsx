import type { RouteObject } from 'react-router';
import { AccountHubPage } from './features/account/pages/AccountHubPage';
import { AccountLevelPage } from './features/account/pages/AccountLevelPage';
import { AlertsPage } from './features/account/pages/AlertsPage';
import { ApplianceEditPage } from './features/account/pages/ApplianceEditPage';
import { AppliancesPage as AccountAppliancesPage } from './features/account/pages/AppliancesPage';
import { DoNotDisturbPage } from './features/account/pages/DoNotDisturbPage';
import { EmailReportPage } from './features/account/pages/EmailReportPage';
import { ForgotPasswordPage } from './features/account/pages/ForgotPasswordPage';
import { HolidayModePage } from './features/account/pages/HolidayModePage';
import { PasswordPage } from './features/account/pages/PasswordPage';
import { ResetPasswordPage } from './features/account/pages/ResetPasswordPage';
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
import { SetupPage } from './features/setup/pages/SetupPage';
import { tariffRoutes } from './features/tariff/routes';
import { RequireUser } from './shared/layout/RequireUser';
import { Root } from './shared/layout/Root';
import { RouteError } from './shared/layout/RouteError';

// Every screen of the app. A new screen is one line: public ones under `publicRoutes`, the rest (which
// need a stored user, spec §2) under `protectedRoutes`. Only screens that exist are registered.
const publicRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/accounts/change_password', element: <ResetPasswordPage /> },
];

const protectedRoutes: RouteObject[] = [
  { path: '/', element: <ChooserPage /> },
  { path: '/my-home', element: <TodayPage /> },
  { path: '/my-home/usage', element: <UsagePage /> },
  { path: '/my-home/rankings', element: <RankingsPage /> },
  { path: '/my-home/appliances', element: <AppliancesPage /> },
  { path: '/my-home/appliance/:applianceId', element: <ApplianceDetailPage /> },
  { path: '/my-home/feedback', element: <FeedbackPage /> },
  ...infoCareRoutes,
  { path: '/initial-setup', element: <SetupPage /> },
  { path: '/setup', element: <SetupPage /> },
  { path: '/account', element: <AccountHubPage /> },
  { path: '/account/password', element: <PasswordPage /> },
  { path: '/account/do-not-disturb', element: <DoNotDisturbPage /> },
  { path: '/account/infocare/alerts', element: <AlertsPage /> },
  { path: '/account/infocare/email-report', element: <EmailReportPage /> },
  { path: '/account/:level', element: <AccountLevelPage /> },
  { path: '/account/:level/holiday-mode', element: <HolidayModePage /> },
  { path: '/account/:level/appliances', element: <AccountAppliancesPage /> },
  { path: '/account/:level/appliance/:applianceId', element: <ApplianceEditPage /> },
  ...tariffRoutes,
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
