import { messages } from '@homeview/contract/web';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { greetingFor } from '../../../shared/format';
import { Page } from '../../../shared/layout/Page';
import { SiteHeader } from '../../../shared/layout/SiteHeader';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { useNow } from '../../../shared/useNow';
import { useStoredUser } from '../../../shared/useStoredUser';
import { NoticePopup } from '../../popup/components/NoticePopup';
import { useAfterLoginRedirect } from '../afterLogin';
import { Clock } from '../components/Clock';
import { DashboardList } from '../components/DashboardList';
import { useDashboards } from '../queries';

/** / : choose a dashboard (spec §2.1). */
export function ChooserPage() {
  const user = useStoredUser();
  const now = useNow();
  const dashboards = useDashboards();
  const leavingFor = useAfterLoginRedirect(dashboards.data);

  return (
    <>
      <SiteHeader>
        <Link to="/login" className="header-link">
          Sign Out
        </Link>
      </SiteHeader>
      <Page className="chooser">
        <div className="chooser__intro">
          <div>
            <h1 className="chooser__greeting">
              {greetingFor(Math.floor(now.getTime() / 1000))}
              {user ? `, ${user.username}` : ''}
            </h1>
            <p className="chooser__lead">Which home would you like to look at?</p>
          </div>
          <Clock now={now} />
        </div>
        {leavingFor ? (
          <LoadingState title={messages.fetchingDashboards} />
        ) : (
          <Dashboards query={dashboards} />
        )}
      </Page>
      {leavingFor ? null : <NoticePopup />}
    </>
  );
}

function Dashboards({ query }: { query: ReturnType<typeof useDashboards> }) {
  if (query.isPending) return <LoadingState title={messages.fetchingDashboards} />;
  return (
    <div className="stack">
      {query.isError ? (
        <>
          <Alert tone="danger">{errorMessage(query.error)}</Alert>
          <p>
            <button type="button" className="button button--secondary" onClick={() => query.refetch()}>
              Try Again
            </button>
          </p>
        </>
      ) : null}
      {query.data ? <DashboardList items={query.data} /> : null}
    </div>
  );
}
