import { Link, useSearchParams } from 'react-router';
import { DayLateNote } from '../components/DayLate';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { RequireDependant } from '../components/RequireDependant';
import { PeriodView } from './PeriodView';
import type { ActivityTab } from './queries';
import { TimelineView } from './TimelineView';

const tabs: readonly { tab: ActivityTab; label: string }[] = [
  { tab: 'timeline', label: 'Timeline' },
  { tab: 'daily', label: 'Daily' },
  { tab: 'weekly', label: 'Weekly' },
];

/** ?tab=daily|weekly (else Timeline) and ?timestamp=epoch seconds (absent or 'null': the default period). */
export function readActivityQuery(params: URLSearchParams): { tab: ActivityTab; timestamp: number | null } {
  const tab = params.get('tab');
  const raw = params.get('timestamp') ?? '';
  return {
    tab: tab === 'daily' || tab === 'weekly' ? tab : 'timeline',
    timestamp: /^\d{1,12}$/.test(raw) ? Number(raw) : null,
  };
}

/** /parents-home/activities: Timeline, Daily and Weekly (spec §2.3, §4 "Activity frequency"). */
export function ActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const { tab, timestamp } = readActivityQuery(params);
  const select = (next: number | null) => {
    const query = new URLSearchParams(tab === 'timeline' ? {} : { tab });
    if (next !== null) query.set('timestamp', String(next));
    setParams(query);
  };

  return (
    <InfoCareLayout title="Activities">
      <nav aria-label="Activity views" className="tabs">
        {tabs.map((t) => (
          <Link
            key={t.tab}
            to={t.tab === 'timeline' ? '/parents-home/activities' : `/parents-home/activities?tab=${t.tab}`}
            className="tabs__tab"
            aria-current={t.tab === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <RequireDependant>
        {(dependantId) => (
          <>
            <DayLateNote dependantId={dependantId} />
            {tab === 'timeline' ? (
              <TimelineView dependantId={dependantId} timestamp={timestamp} onSelect={select} />
            ) : (
              <PeriodView
                key={tab}
                tab={tab}
                dependantId={dependantId}
                timestamp={timestamp}
                onSelect={select}
              />
            )}
          </>
        )}
      </RequireDependant>
    </InfoCareLayout>
  );
}
