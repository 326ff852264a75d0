import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BackIcon, UserIcon } from '../ui/icons';
import { Page } from './Page';

// The frame of both dashboards (spec §2.2, §2.3): a header with a back link, the screen's title and an
// Account link, the screen itself, and a bottom navigation bar. HomeView and InfoCare differ only in
// the items they pass (homeViewNav in features/homeview, InfoCare's own list).

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Other paths that belong to this item (e.g. an appliance's page under Appliances). */
  alsoFor?: readonly string[];
}

export interface DashboardLayoutProps {
  /** The dashboard's name for assistive technology: 'HomeView' or 'InfoCare'. */
  dashboard: string;
  /** The screen's heading (h1). */
  title: string;
  /** A line under the title, e.g. the period shown. */
  subtitle?: ReactNode;
  /** Where the back link goes; the dashboards' home screens go back to the chooser. */
  back: { to: string; label: string };
  /** Links beside Account, e.g. Edit Appliance. */
  actions?: ReactNode;
  /** The Account hub tab to open (spec §2.4: default 'energy', InfoCare's is 'assisted'). */
  accountTab?: 'assisted';
  nav: readonly NavItem[];
  children: ReactNode;
}

/** Whether `pathname` is `to` or lies under one of the item's paths. */
export function isCurrent(item: NavItem, pathname: string, exact: boolean): boolean {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (trimmed === item.to) return true;
  if (exact) return false;
  return [item.to, ...(item.alsoFor ?? [])].some((p) => trimmed.startsWith(`${p}/`) || trimmed === p);
}

export function DashboardLayout(props: DashboardLayoutProps) {
  const { dashboard, title, subtitle, back, actions, accountTab, nav, children } = props;
  return (
    <div className="dashboard">
      <header className="dashboard-header">
        <div className="dashboard-header__inner">
          <Link to={back.to} className="dashboard-header__back">
            <BackIcon className="dashboard-header__back-icon" />
            <span>{back.label}</span>
          </Link>
          <nav aria-label={`${dashboard} links`} className="dashboard-header__actions">
            {actions}
            <AccountLink tab={accountTab} />
          </nav>
        </div>
      </header>
      <Page className="dashboard__page">
        <div className="dashboard__title">
          <h1>{title}</h1>
          {subtitle ? <p className="dashboard__subtitle">{subtitle}</p> : null}
        </div>
        {children}
      </Page>
      <BottomNav dashboard={dashboard} items={nav} />
    </div>
  );
}

/** The Account hub (spec §2.4), on the dashboard's tab. */
export function AccountLink({ tab }: { tab?: 'assisted' }) {
  return (
    <Link to={tab ? `/account?tab=${tab}` : '/account'} className="header-link">
      <UserIcon className="header-link__icon" />
      Account
    </Link>
  );
}

/** The bottom bar. The first item is the dashboard's home, current only on its own path. */
function BottomNav({ dashboard, items }: { dashboard: string; items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={dashboard} className="bottom-nav">
      <ul className="bottom-nav__list">
        {items.map((item, i) => {
          const current = isCurrent(item, pathname, i === 0);
          return (
            <li key={item.to}>
              <Link to={item.to} className="bottom-nav__link" aria-current={current ? 'page' : undefined}>
                {item.icon}
                <span className="bottom-nav__label">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
