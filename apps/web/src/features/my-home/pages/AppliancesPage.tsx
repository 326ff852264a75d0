import type { ViewType } from '@homeview/contract/web';
import { useState } from 'react';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { Link } from 'react-router';
import { money } from '../display';
import { ApplianceBadge, OnMarker } from '../components/ApplianceRows';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { QueryState } from '../components/QueryState';
import { useAppliances } from '../queries';
import { formatApiDuration } from '../../../shared/format';

// /my-home/appliances: today's appliances, most used (default), most costly or all, each with its icon,
// name and an 'On' marker when it ran in the past hour (spec §2.2, §4 Appliances tab).

const VIEWS: ReadonlyArray<{ id: ViewType; label: string }> = [
  { id: 'most_used', label: 'Most used' },
  { id: 'most_costly', label: 'Most costly' },
  { id: 'all', label: 'All' },
];

export function AppliancesPage() {
  const [view, setView] = useState<ViewType>('most_used');
  const list = useAppliances(view);
  return (
    <HomeViewFrame title="Appliances" subtitle={list.data?.subtitle}>
      <fieldset className="segmented">
        <legend className="visually-hidden">Show</legend>
        {VIEWS.map((v) => (
          <label key={v.id} className="segmented__option">
            <input
              type="radio"
              name="appliance-view"
              checked={view === v.id}
              onChange={() => setView(v.id)}
            />
            <span>{v.label}</span>
          </label>
        ))}
      </fieldset>
      <QueryState query={list} loading="Fetching your appliances">
        {(data) =>
          data.appliances.length === 0 ? (
            <p>No appliances used during this period</p>
          ) : (
            <ul className="card appliance-list__items" aria-label="Appliances">
              {data.appliances.map((a) => (
                <li key={a.appliance_type_id} className="appliance-row">
                  <ApplianceBadge name={a.name} icon={a.icon} />
                  <span className="appliance-row__name">
                    <Link to={`/my-home/appliance/${a.appliance_type_id}`}>{a.name}</Link>
                    {a.status.state === 'on' ? <OnMarker /> : null}
                  </span>
                  {a.estimated ? <EstimatedNote /> : null}
                  <span className="appliance-row__figures">
                    <span>{formatApiDuration(a.duration)}</span>
                    <span className="appliance-row__cost">{money(a.cost.unit, a.cost.value)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </HomeViewFrame>
  );
}
