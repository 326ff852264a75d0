import type { ReactNode } from 'react';
import { DashboardLayout, type NavItem } from '../../../shared/layout/DashboardLayout';
import { ApplianceIcon, FeedbackIcon, RankingsIcon, TodayIcon, UsageIcon } from '../../../shared/ui/icons';

// Every HomeView screen sits in the shared dashboard frame with this bottom navigation (spec §2.2).

export const homeViewNav: readonly NavItem[] = [
  { to: '/my-home', label: 'Today', icon: <TodayIcon /> },
  { to: '/my-home/usage', label: 'Usage', icon: <UsageIcon /> },
  { to: '/my-home/rankings', label: 'Rankings', icon: <RankingsIcon /> },
  {
    to: '/my-home/appliances',
    label: 'Appliances',
    icon: <ApplianceIcon />,
    alsoFor: ['/my-home/appliance'],
  },
  { to: '/my-home/feedback', label: 'Feedback', icon: <FeedbackIcon /> },
];

interface HomeViewFrameProps {
  title: string;
  subtitle?: ReactNode;
  /** Default: back to /my-home, or to the chooser from /my-home itself. */
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}

export function HomeViewFrame({ title, subtitle, back, actions, children }: HomeViewFrameProps) {
  return (
    <DashboardLayout
      dashboard="HomeView"
      title={title}
      subtitle={subtitle}
      back={back ?? { to: '/my-home', label: 'My Home' }}
      actions={actions}
      nav={homeViewNav}
    >
      <div className="homeview">{children}</div>
    </DashboardLayout>
  );
}
