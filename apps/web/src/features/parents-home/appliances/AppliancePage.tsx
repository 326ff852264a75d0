import { EstimatedNote } from '../../../shared/ui/Estimated';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { SeriesChart } from '../../../shared/charts';
import { formatMoney } from '../../../shared/format';
import { dayLabel } from '../../../shared/time';
import { Alert } from '../../../shared/ui/Alert';
import { ApplianceRankings } from '../../../shared/ui/ApplianceRankings';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { readId } from '../activities/activityWindow';
import { InfoCareLayout } from '../components/InfoCareLayout';
import { QuietEmpty } from '../components/QuietEmpty';
import { RequireDependant } from '../components/RequireDependant';
import { useAppliance } from './queries';

/** /parents-home/appliance/{appliance_id}: cost and usage against comparable homes (spec §2.3, §4). */
export function AppliancePage() {
  const id = readId(useParams().applianceId);
  return (
    <InfoCareLayout
      title="Appliance"
      back={{ to: '/parents-home/appliances', label: 'Appliances' }}
      actions={
        id !== null ? (
          <Link to={`/account/infocare/appliance/${id}`} className="header-link">
            Edit Appliance
          </Link>
        ) : null
      }
    >
      <RequireDependant>
        {(dependantId) =>
          id === null ? (
            <QuietEmpty>This link does not name an appliance.</QuietEmpty>
          ) : (
            <ApplianceView dependantId={dependantId} applianceId={id} />
          )
        }
      </RequireDependant>
    </InfoCareLayout>
  );
}

function ApplianceView({ dependantId, applianceId }: { dependantId: number; applianceId: number }) {
  const appliance = useAppliance(dependantId, applianceId);
  // Spec §4 "Appliance usage toggle": minutes by default, or energy.
  const [usage, setUsage] = useState<'minutes' | 'energy'>('minutes');
  if (appliance.isPending) return <LoadingState title="Fetching the appliance" />;
  if (appliance.isError) return <Alert tone="danger">{errorMessage(appliance.error)}</Alert>;
  const data = appliance.data;
  const labels = data.time_series.map((p) => dayLabel(p.timestamp, data));
  const pick = (key: 'cost' | 'duration' | 'consumed') => ({
    mine: data.time_series.map((p) => p.appliance[key]),
    others: data.time_series.map((p) => p.comparable[key]),
  });
  const cost = pick('cost');
  const use = pick(usage === 'minutes' ? 'duration' : 'consumed');
  const usageUnit = usage === 'minutes' ? 'minutes' : data.energy_unit;

  return (
    <>
      <h2>{data.name}</h2>
      {data.estimated ? (
        <p className="muted">
          Its uses are <EstimatedNote whose="the" inText />: found in the whole-house readings, not measured
          on the appliance itself.
        </p>
      ) : null}
      <ApplianceRankings rankings={data.appliance_rankings} className="rankings" />
      {data.time_series.length === 0 ? (
        <QuietEmpty>No use of this appliance recorded yet.</QuietEmpty>
      ) : (
        <>
          <div className="card">
            <SeriesChart
              title={`${data.name}: cost`}
              labels={labels}
              ticks={4}
              series={[
                { label: 'This home', values: cost.mine, tone: 'you' },
                { label: 'Comparable homes', values: cost.others, tone: 'comparable' },
              ]}
              format={(v) => formatMoney(data.currency_unit, v)}
              yLabel={data.currency_unit}
            />
          </div>
          <div className="card stack">
            <p className="field__label" aria-hidden="true">
              Show usage in
            </p>
            <fieldset className="segmented">
              <legend className="visually-hidden">Show usage in</legend>
              {(['minutes', 'energy'] as const).map((option) => (
                <label key={option} className="segmented__option">
                  <input
                    type="radio"
                    name="usage-unit"
                    value={option}
                    checked={usage === option}
                    onChange={() => setUsage(option)}
                  />
                  <span>{option === 'minutes' ? 'Minutes' : data.energy_unit}</span>
                </label>
              ))}
            </fieldset>
            <SeriesChart
              title={`${data.name}: usage in ${usageUnit}`}
              hint={false}
              labels={labels}
              ticks={4}
              series={[
                { label: 'This home', values: use.mine, tone: 'you' },
                { label: 'Comparable homes', values: use.others, tone: 'comparable' },
              ]}
              format={(v) =>
                usage === 'minutes' ? `${Math.round(v)} min` : `${v.toFixed(2)} ${data.energy_unit}`
              }
              yLabel={usage === 'minutes' ? 'min' : data.energy_unit}
            />
          </div>
        </>
      )}
    </>
  );
}
