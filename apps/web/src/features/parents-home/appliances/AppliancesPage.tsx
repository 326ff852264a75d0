import { EstimatedNote } from '../../../shared/ui/Estimated';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import type { ViewType } from '@homeview/contract/web';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { formatApiDuration, formatMoney } from '../../../shared/format';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { OnMarker } from '../../../shared/ui/OnMarker';
import { DAY_LATE_NO_USES, DayLateNote, useDayLate } from '../components/DayLate';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { QuietEmpty } from '../components/QuietEmpty';
import { RequireDependant } from '../components/RequireDependant';
import { useAppliances } from './queries';

const tabs = [
  { tab: 'used', label: 'Most Used', viewType: 'most_used', href: '/parents-home/appliances' },
  {
    tab: 'costly',
    label: 'Most Costly',
    viewType: 'most_costly',
    href: '/parents-home/appliances?tab=costly',
  },
  { tab: 'all', label: 'All', viewType: 'all', href: '/parents-home/appliances?tab=all' },
] as const satisfies readonly { tab: string; label: string; viewType: ViewType; href: string }[];

/** ?tab=costly or all; anything else is Most Used (spec §2.3). */
export const tabFor = (value: string | null) => tabs.find((t) => t.tab === value) ?? tabs[0];

/** /parents-home/appliances: the dependant's appliances in three orders. */
export function AppliancesPage() {
  const [params] = useSearchParams();
  const current = tabFor(params.get('tab'));
  return (
    <InfoCareLayout title="Appliances">
      <nav aria-label="Appliance lists" className="tabs">
        {tabs.map((t) => (
          <Link
            key={t.tab}
            to={t.href}
            className="tabs__tab"
            aria-current={t === current ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <RequireDependant>
        {(dependantId) => (
          <>
            <DayLateNote dependantId={dependantId} />
            <ApplianceList dependantId={dependantId} viewType={current.viewType} />
          </>
        )}
      </RequireDependant>
    </InfoCareLayout>
  );
}

function ApplianceList({ dependantId, viewType }: { dependantId: number; viewType: ViewType }) {
  const list = useAppliances(dependantId, viewType);
  const dayLate = useDayLate(dependantId);
  if (list.isPending) return <LoadingState title="Fetching appliances" />;
  if (list.isError) return <Alert tone="danger">{errorMessage(list.error)}</Alert>;
  const { subtitle, appliances } = list.data;
  return (
    <section className="stack" aria-label="Appliances">
      {subtitle ? <p className="dashboard__subtitle">{subtitle}</p> : null}
      {appliances.length === 0 ? (
        <QuietEmpty>{dayLate ? DAY_LATE_NO_USES : 'No appliances to show'}</QuietEmpty>
      ) : (
        <ul className="appliance-list">
          {appliances.map((a) => (
            <li key={a.appliance_type_id} className="appliance-list__item">
              <ThingIcon name={a.icon} />
              <Link to={`/parents-home/appliance/${a.appliance_type_id}`} className="appliance-list__name">
                {a.name}
              </Link>
              {a.status.state === 'on' ? <OnMarker /> : null}
              {a.estimated ? <EstimatedNote whose="the" /> : null}
              <span className="appliance-list__figures">
                <span>{formatMoney(a.cost.unit, a.cost.value)}</span>
                <span>{formatApiDuration(a.duration)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
