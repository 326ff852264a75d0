import type { ActivitySingle } from '@homeview/contract/web';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { getDependantUserId } from '../../../shared/storage';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import { AlertCard } from '../alerts/AlertCard';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { QuietEmpty } from '../components/QuietEmpty';
import { RequireDependant } from '../components/RequireDependant';
import { activityHref, dayLabel } from './chartRows';
import { readId, readWindow } from './activityWindow';
import { useActivity } from './queries';

/** /parents-home/activities/{activity_id}?on&off: the activity's appliances and that day's alerts. */
export function ActivityPage() {
  return <ActivityScreen variant="activity" />;
}

/** /parents-home/activities/alert/{activity_id}?on&off: the activity's alerts, and a link to the whole day. */
export function ActivityAlertsPage() {
  return <ActivityScreen variant="alert" />;
}

function ActivityScreen({ variant }: { variant: 'activity' | 'alert' }) {
  const { activityId } = useParams();
  const [params] = useSearchParams();
  const id = readId(activityId);
  const span = readWindow(params);
  return (
    <InfoCareLayout
      title={variant === 'alert' ? 'Activity alerts' : 'Activity'}
      subtitle={span && id !== null ? <WindowDay activityId={id} {...span} /> : undefined}
      back={{ to: '/parents-home/activities?tab=daily', label: 'Activities' }}
    >
      <RequireDependant>
        {(dependantId) =>
          id === null || span === null ? (
            <QuietEmpty>This link does not name an activity and a day.</QuietEmpty>
          ) : (
            <ActivityContent variant={variant} dependantId={dependantId} activityId={id} {...span} />
          )
        }
      </RequireDependant>
    </InfoCareLayout>
  );
}

interface ContentProps {
  variant: 'activity' | 'alert';
  dependantId: number;
  activityId: number;
  on: number;
  off: number;
}

function ActivityContent({ variant, dependantId, activityId, on, off }: ContentProps) {
  const activity = useActivity(dependantId, activityId, on, off);
  if (activity.isPending) return <LoadingState title="Fetching the activity" />;
  // Spec §8: activity-detail failures stay silent.
  if (activity.isError) return <QuietEmpty>Nothing to show for this activity.</QuietEmpty>;
  const { data } = activity;
  const name = data.activity.activity_type;

  return (
    <>
      {variant === 'alert' ? (
        <p>
          <Link
            to={activityHref('activity', activityId, on, data.time_zone)}
            className="button button--secondary"
          >
            View {name} Activity
          </Link>
        </p>
      ) : (
        <Appliances name={name} data={data} />
      )}
      <Section title={variant === 'alert' ? `${name} alerts` : `${name} alerts that day`}>
        {data.alerts.length === 0 ? (
          <QuietEmpty>No alerts to show</QuietEmpty>
        ) : (
          <ul className="alert-list__items">
            {data.alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} dependantId={dependantId} variant="activity" zone={data.time_zone} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

/** The window's day on the dependant's clock, named once the answer brings their zone. */
function WindowDay({ activityId, on, off }: { activityId: number; on: number; off: number }) {
  const dependantId = getDependantUserId();
  const activity = useActivity(dependantId ?? 0, activityId, on, off, dependantId !== null);
  return activity.data ? dayLabel(on, activity.data.time_zone) : null;
}

function Appliances({ name, data }: { name: string; data: ActivitySingle }) {
  return (
    <Section title={`${name} appliances`}>
      {data.activity.appliances.length === 0 ? (
        <QuietEmpty>No appliances are linked to this activity.</QuietEmpty>
      ) : (
        <ul className="link-list">
          {data.activity.appliances.map((a) => (
            <li key={a.appliance_type_id}>
              <Link to={`/parents-home/appliance/${a.appliance_type_id}`}>
                <ThingIcon name={a.icon} /> {a.name}
              </Link>
              {a.estimated ? (
                <>
                  {' '}
                  <EstimatedNote whose="the" />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="stack" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
