import { type Alert as AlertEntity, alertLevelLabel } from '@homeview/contract/web';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { RequireDependant } from '../components/RequireDependant';
import { AlertCard, alertElementId } from './AlertCard';
import { AttentionSummary, countAttention, countOpen } from './AttentionSummary';
import { DayYesterday } from './DayYesterday';
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
  const { seeking, jump } = useJumpToFirst(pages);

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
  const zone = pages.data.pages[0]?.time_zone;
  const counts = countAttention(alerts, pages.data.pages[0]?.unviewed);
  const open = countOpen(alerts, pages.data.pages[0]?.open);

  return (
    <>
      {routine ? (
        <section className="routine" aria-label="Today's routine">
          <p className="routine__sentence">
            {routine.sentence}
            {routine.estimated ? (
              <>
                {' '}
                <EstimatedNote whose="the" />
              </>
            ) : null}
          </p>
        </section>
      ) : null}
      <AttentionSummary counts={counts} open={open} onJump={(level) => void jump(level)} seeking={seeking} />
      <DayYesterday dependantId={dependantId} />
      <section className="alert-list" aria-labelledby="all-alerts">
        <h2 id="all-alerts">All alerts</h2>
        {alerts.length > 0 ? (
          <ul className="alert-list__items">
            {alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} dependantId={dependantId} zone={zone} />
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

type Level = 'Urgent' | 'Investigate';
const firstUnviewed = (alerts: readonly AlertEntity[], level: Level) =>
  alerts.find((a) => needsAttention(a) && alertLevelLabel(a.level) === level);

/**
 * A lozenge's jump (spec §2.3): to the first unviewed alert of its level, loading older pages until it
 * is there (the counters count every alert, not only the loaded ones), then scrolled to and focused.
 */
function useJumpToFirst(pages: ReturnType<typeof useAlertPages>) {
  const [seeking, setSeeking] = useState<Level | null>(null);
  // ?alert=<id>: a push notification's link (issue 36) opens on that alert, "I'm on it" at hand.
  const [params] = useSearchParams();
  const [target, setTarget] = useState<number | null>(() => Number(params.get('alert')) || null);

  useEffect(() => {
    if (target === null) return;
    const card = document.getElementById(alertElementId(target));
    if (!card) return;
    card.scrollIntoView({ behavior: 'smooth', block: 'start' });
    card.querySelector('button')?.focus({ preventScroll: true });
    setTarget(null);
  });

  const jump = async (level: Level) => {
    let data = pages.data;
    let more = pages.hasNextPage;
    setSeeking(level);
    try {
      for (;;) {
        const found = firstUnviewed(data?.pages.flatMap((p) => p.alerts) ?? [], level);
        if (found || !more) {
          if (found) setTarget(found.id);
          return;
        }
        const next = await pages.fetchNextPage();
        if (next.isError) return;
        data = next.data;
        more = next.hasNextPage;
      }
    } finally {
      setSeeking(null);
    }
  };
  return { seeking, jump };
}
