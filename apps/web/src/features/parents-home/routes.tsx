import type { RouteObject } from 'react-router';
import { ActivitiesPage } from './activities/ActivitiesPage';
import { ActivityAlertsPage, ActivityPage } from './activities/ActivityPage';
import { AlertsPage } from './alerts/AlertsPage';
import { AppliancePage } from './appliances/AppliancePage';
import { AppliancesPage } from './appliances/AppliancesPage';
import { AlertFeedbackPage } from './feedback/AlertFeedbackPage';
import { FeedbackPage } from './feedback/FeedbackPage';

/** InfoCare's screens (spec §2.3), all behind a stored user. */
export const infoCareRoutes: RouteObject[] = [
  { path: '/parents-home', element: <AlertsPage /> },
  { path: '/parents-home/activities', element: <ActivitiesPage /> },
  { path: '/parents-home/activities/:activityId', element: <ActivityPage /> },
  { path: '/parents-home/activities/alert/:activityId', element: <ActivityAlertsPage /> },
  { path: '/parents-home/appliances', element: <AppliancesPage /> },
  { path: '/parents-home/appliance/:applianceId', element: <AppliancePage /> },
  { path: '/parents-home/feedback', element: <FeedbackPage /> },
  { path: '/parents-home/alert-feedback/:alertId', element: <AlertFeedbackPage /> },
];
