import { alertLevelLabel } from '@homeview/contract/web';
import { useCallback } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { RequireDependant } from '../components/RequireDependant';
import { AlertCard, alertElementId } from './AlertCard';
import { AttentionSummary, countAttention } from './AttentionSummary';
import { MoreAlerts } from './MoreAlerts';
import { needsAttention, useAlertPages } from './queries';

/** /parents-home: the carer's Alerts (spec §2.3). */
export function AlertsPage() {
  return (
    <InfoCareLayout title="Alerts">
      <RequireDependant>{(dependantId) => <Alerts dependantId={dependantId} />}</RequireDependant>
    </InfoCareLayout>
  );
}

function Alerts({ dependantId }: { dependantId: number }) {
  const pages = useAlertPages(dependantId);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = pages;
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  if (pages.isPending) return <LoadingState title="Fetching alerts" />;
  if (!pages.data) {
    return (
      <div className="stack">
        <Alert tone="danger">{errorMessage(pages.error)}</Alert>
        <p>
          <button type="button" className="button button--secondary" onClick={() => pages.refetch()}>
            Try again
          </button>
        </p>
      </div>
    );
  }

  const alerts = pages.data.pages.flatMap((p) => p.alerts);
  const routine = pages.data.pages[0]?.routine;
  const jump = (level: 'Urgent' | 'Investigate') => {
    const first = alerts.find((a) => needsAttention(a) && alertLevelLabel(a.level) === level);
    const card = first ? document.getElementById(alertElementId(first.id)) : null;
    card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    card?.querySelector('button')?.focus({ preventScroll: true });
  };

  return (
    <>
      {routine ? (
        <section className="routine" aria-label="Today's routine">
          <p className="routine__sentence">{routine.sentence}</p>
        </section>
      ) : null}
      <AttentionSummary counts={countAttention(alerts)} onJump={jump} />
      <section className="alert-list" aria-labelledby="all-alerts">
        <h2 id="all-alerts">All alerts</h2>
        {alerts.length > 0 ? (
          <ul className="alert-list__items">
            {alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} dependantId={dependantId} />
              </li>
            ))}
          </ul>
        ) : null}
        {pages.isFetchNextPageError ? <Alert tone="danger">{errorMessage(pages.error)}</Alert> : null}
        <MoreAlerts
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          failed={pages.isFetchNextPageError}
          empty={alerts.length === 0}
          onMore={more}
        />
      </section>
    </>
  );
}
