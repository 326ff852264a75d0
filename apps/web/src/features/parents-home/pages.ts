// InfoCare's screens, one chunk: the carer's first screen fetches the rest of InfoCare with it, so moving
// between Alerts, Activities and Appliances never waits on another download (routes.tsx loads it lazily).
export { ActivitiesPage } from './activities/ActivitiesPage';
export { ActivityAlertsPage, ActivityPage } from './activities/ActivityPage';
export { AlertsPage } from './alerts/AlertsPage';
export { AppliancePage } from './appliances/AppliancePage';
export { AppliancesPage } from './appliances/AppliancesPage';
export { AlertFeedbackPage } from './feedback/AlertFeedbackPage';
export { FeedbackPage } from './feedback/FeedbackPage';
export { TrendsPage } from './trends/TrendsPage';
