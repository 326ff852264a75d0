import type { AlertsResponse } from '@homeview/contract/web';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { call } from '../../../shared/api';
import { dayLabel, timeLabel } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { alertsKey, replaceAlert } from '../alerts/queries';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { RequireDependant } from '../components/RequireDependant';
import { FeedbackForm } from './FeedbackForm';

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

function AlertFeedback({ dependantId, alertId }: { dependantId: number; alertId: number }) {
  const queryClient = useQueryClient();
  // The alert, when the Alerts screen has loaded it: there is no call for one alert.
  const pages = queryClient.getQueryData<InfiniteData<AlertsResponse>>(alertsKey(dependantId))?.pages;
  const known = pages?.flatMap((p) => p.alerts).find((a) => a.id === alertId);
  const zone = pages?.[0]?.time_zone;

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
            fields: { dependant_user_id: dependantId, id: alertId, feedback },
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
