import { Link } from 'react-router';
import { Page } from '../../../shared/layout/Page';
import { SiteHeader } from '../../../shared/layout/SiteHeader';

/** Any unknown path: say so kindly and offer the way home. */
export function NotFoundPage() {
  return (
    <>
      <SiteHeader />
      <Page width="narrow" className="message-page">
        <p className="message-page__code">Page not found</p>
        <h1>We couldn't find that page</h1>
        <p>The link may be old, or the address may have a typo. Your dashboards are one click away.</p>
        <p className="message-page__actions">
          <Link className="button button--primary" to="/">
            Go to my dashboards
          </Link>
        </p>
      </Page>
    </>
  );
}
