import { Component, type ReactNode } from 'react';
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

interface BoundaryProps {
  /** The path shown: a failure belongs to it, so going to another path renders the screens again. */
  pathname: string;
  children: ReactNode;
}

/**
 * Catches what a screen throws while rendering (a chunk that failed to load included) and shows
 * RouteError instead of a blank page, until the path changes. The app's router runs in declarative mode
 * (routes.tsx), which has no route `errorElement`: this boundary stands in for it.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
