import { Link } from 'react-router';
import { Page } from './Page';
import { SiteHeader } from './SiteHeader';

/** Shown when a screen fails to render: calm words and a way back, never a stack trace. */
export function RouteError() {
  return (
    <>
      <SiteHeader />
      <Page width="narrow" className="message-page">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Please try again, or go back to your dashboards.</p>
        <p className="message-page__actions">
          <a className="button button--primary" href={window.location.pathname}>
            Try again
          </a>
          <Link className="button button--secondary" to="/">
            Go to my dashboards
          </Link>
        </p>
      </Page>
    </>
  );
}
