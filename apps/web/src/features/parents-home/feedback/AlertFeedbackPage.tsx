import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../../shared/api';
import { nowSeconds } from '../../../shared/clock';
import { dayLabel, timeLabel } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { replaceAlert, useAlertPages } from '../alerts/queries';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { RequireDependant } from '../components/RequireDependant';
import { FeedbackForm } from '../../../shared/ui/FeedbackForm';

/** /parents-home/alert-feedback/{alert_id}: a few words about one alert (spec §2.3). */
export function AlertFeedbackPage() {
  const { alertId } = useParams();
  const id = /^\d{1,15}$/.test(alertId ?? '') ? Number(alertId) : null;
  return (
    <InfoCareLayout title="Alert feedback" back={{ to: '/parents-home', label: 'Alerts' }}>
      <RequireDependant>
        {(dependantId) =>
          id === null || id === 0 ? (
            <Alert tone="danger">This link does not name an alert.</Alert>
          ) : (
            <AlertFeedback dependantId={dependantId} alertId={id} />
          )
        }
      </RequireDependant>
    </InfoCareLayout>
  );
}

/**
 * The alert with that id, from the alerts the Alerts screen reads (the same pages, shared): there is no
 * call for one alert, so pages are asked for, newest first, until it is among them or none are left.
 */
function useAlertById(dependantId: number, alertId: number) {
  const pages = useAlertPages(dependantId);
  const found = pages.data?.pages.flatMap((p) => p.alerts).find((a) => a.id === alertId);
  const more = found === undefined && pages.isSuccess && pages.hasNextPage && !pages.isFetchingNextPage;
  useEffect(() => {
    if (more) void pages.fetchNextPage();
  }, [more, pages.fetchNextPage]);
  return { alert: found, zone: pages.data?.pages[0]?.time_zone };
}

function AlertFeedback({ dependantId, alertId }: { dependantId: number; alertId: number }) {
  const queryClient = useQueryClient();
  const { alert: known, zone } = useAlertById(dependantId, alertId);

  return (
    <div className="stack">
      {known ? (
        <p className="alert-feedback__about">
          About the alert <strong>{known.name}</strong> of {dayLabel(known.timestamp, zone)}{' '}
          {timeLabel(known.timestamp, zone)}: {known.text}
        </p>
      ) : null}
      <FeedbackForm
        label="What should we know about this alert?"
        send={async (feedback) => {
          const alert = await call('alertFeedback', {
            fields: {
              dependant_user_id: dependantId,
              id: alertId,
              feedback,
              assessment_timestamp: nowSeconds(),
            },
          });
          replaceAlert(queryClient, dependantId, alert);
        }}
      />
      <p>
        <Link to="/parents-home">Back to all alerts</Link>
      </p>
    </div>
  );
}
