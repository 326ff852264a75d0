import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/layout/lazyPage';

// All of InfoCare is one lazily loaded chunk (./pages): none of it is in the first bundle.
const load = () => import('./pages');
const ActivitiesPage = lazyPage(load, 'ActivitiesPage');
const ActivityAlertsPage = lazyPage(load, 'ActivityAlertsPage');
const ActivityPage = lazyPage(load, 'ActivityPage');
const AlertsPage = lazyPage(load, 'AlertsPage');
const AppliancePage = lazyPage(load, 'AppliancePage');
const AppliancesPage = lazyPage(load, 'AppliancesPage');
const AlertFeedbackPage = lazyPage(load, 'AlertFeedbackPage');
const FeedbackPage = lazyPage(load, 'FeedbackPage');
const TrendsPage = lazyPage(load, 'TrendsPage');

/** InfoCare's screens (spec §2.3), all behind a stored user. */
export const infoCareRoutes: RouteObject[] = [
  { path: '/parents-home', element: <AlertsPage /> },
  { path: '/parents-home/activities', element: <ActivitiesPage /> },
  { path: '/parents-home/activities/:activityId', element: <ActivityPage /> },
  { path: '/parents-home/activities/alert/:activityId', element: <ActivityAlertsPage /> },
  { path: '/parents-home/appliances', element: <AppliancesPage /> },
  { path: '/parents-home/appliance/:applianceId', element: <AppliancePage /> },
  { path: '/parents-home/trends', element: <TrendsPage /> },
  { path: '/parents-home/feedback', element: <FeedbackPage /> },
  { path: '/parents-home/alert-feedback/:alertId', element: <AlertFeedbackPage /> },
];
