import type { ReactNode } from 'react';
import { DashboardLayout, type NavItem } from '../../../shared/layout/DashboardLayout';
import {
  ActivitiesIcon,
  AlertsIcon,
  ApplianceIcon,
  FeedbackIcon,
  TrendsIcon,
} from '../../../shared/ui/icons';

// InfoCare's frame (spec §2.3): the shared dashboard layout with the carer's screens in the bar.

export const infoCareNav: readonly NavItem[] = [
  { to: '/parents-home', label: 'Alerts', icon: <AlertsIcon className="line-icon" /> },
  { to: '/parents-home/activities', label: 'Activities', icon: <ActivitiesIcon className="line-icon" /> },
  {
    to: '/parents-home/appliances',
    label: 'Appliances',
    icon: <ApplianceIcon className="line-icon" />,
    alsoFor: ['/parents-home/appliance'],
  },
  { to: '/parents-home/trends', label: 'Trends', icon: <TrendsIcon className="line-icon" /> },
  {
    to: '/parents-home/feedback',
    label: 'Feedback',
    icon: <FeedbackIcon className="line-icon" />,
    alsoFor: ['/parents-home/alert-feedback'],
  },
];

interface InfoCareLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Default: back to the dashboard chooser. */
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}

export function InfoCareLayout({ title, subtitle, back, actions, children }: InfoCareLayoutProps) {
  return (
    <DashboardLayout
      dashboard="InfoCare"
      title={title}
      subtitle={subtitle}
      back={back ?? { to: '/', label: 'Dashboards' }}
      actions={actions}
      accountTab="assisted"
      nav={infoCareNav}
    >
      {children}
    </DashboardLayout>
  );
}
