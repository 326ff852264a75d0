import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../shared/layout/Page';
import { SiteHeader } from '../../../shared/layout/SiteHeader';
import { getHouseId } from '../../../shared/storage';
import { BackIcon } from '../../../shared/ui/icons';

interface AccountLayoutProps {
  title: string;
  /** Where the back link goes (the hub, or a level's card page). */
  back?: { to: string; label: string };
  /** False for a visitor not signed in (a public page): no links to dashboards they cannot open yet. */
  dashboards?: boolean;
  children: ReactNode;
}

/** The frame of every account screen (spec §2.4): header links to HomeView and InfoCare, a back link, a title. */
export function AccountLayout({ title, back, dashboards = true, children }: AccountLayoutProps) {
  return (
    <>
      <SiteHeader>
        {dashboards && getHouseId() !== null ? (
          <Link to="/my-home" className="header-link">
            HomeView
          </Link>
        ) : null}
        {dashboards ? (
          <Link to="/parents-home" className="header-link">
            InfoCare
          </Link>
        ) : null}
      </SiteHeader>
      <Page width="narrow" className="account">
        {back ? (
          <Link to={back.to} className="account__back">
            <BackIcon className="account__back-icon" />
            {back.label}
          </Link>
        ) : null}
        <h1 className="account__title">{title}</h1>
        {children}
      </Page>
    </>
  );
}
