import { EstimatedNote } from '../../../shared/ui/Estimated';
import type { ApplianceDetail } from '@homeview/contract/web';
import { Link, useParams } from 'react-router';
import { SeriesChart } from '../../../shared/charts';
import { ApplianceRankings } from '../../../shared/ui/ApplianceRankings';
import { formatApiDuration } from '../../../shared/format';
import { weekdayDayLabel } from '../../../shared/time';
import { energy, money } from '../display';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { QueryState } from '../components/QueryState';
import { useApplianceDetail } from '../queries';

// /my-home/appliance/{id}: titled Appliance, back to /my-home, Edit Appliance to the account's appliance
// page once the Account screens exist (spec §2.2). The appliance's last 4 weeks beside comparable homes'.

export function ApplianceDetailPage() {
  const id = Number(useParams().applianceId);
  const detail = useApplianceDetail(id);
  const actions = (
    <Link to={`/account/homeview/appliance/${id}`} className="header-link">
      Edit Appliance
    </Link>
  );
  return (
    <HomeViewFrame
      title="Appliance"
      subtitle={detail.data?.name}
      back={{ to: '/my-home', label: 'My Home' }}
      actions={actions}
    >
      <QueryState query={detail} loading="Fetching the appliance">
        {(data) => <Detail data={data} />}
      </QueryState>
    </HomeViewFrame>
  );
}

function Detail({ data }: { data: ApplianceDetail }) {
  const r = data.appliance_rankings;
  const c = data.comparable_rankings;
  const labels = data.time_series.map((p) => weekdayDayLabel(p.timestamp, data.time_zone));
  return (
    <>
      <section className="card" aria-label="How it compares">
        <h2 className="card__title">Last 4 weeks, against homes with the same appliance</h2>
        {data.compared ? (
          <p data-testid="appliance-compared">
            Comparing against {data.compared.description} that have one ({data.compared.homes}{' '}
            {data.compared.homes === 1 ? 'home' : 'homes'})
          </p>
        ) : null}
        <p className="muted">
          Your place among {r.out_of === 1 ? 'the 1 home' : `${r.out_of} homes`}; 1st is the lowest.
        </p>
        <ApplianceRankings rankings={r} className="balance__figures" />
        <p className="muted">
          The average comparable home: {money(data.currency_unit, c.cost)},{' '}
          {formatApiDuration({ value: c.duration, unit: data.time_unit })},{' '}
          {energy(data.energy_unit, c.consumption)}.
        </p>
        {data.estimated ? (
          <p className="muted">
            Your uses are <EstimatedNote inText />: found in your whole-house readings, not measured on the
            appliance itself.
          </p>
        ) : null}
      </section>
      <section className="card" aria-label="Day by day">
        <SeriesChart
          title={`${data.name}: energy per day`}
          labels={labels}
          ticks={4}
          series={[
            { label: 'You', tone: 'you', values: data.time_series.map((p) => p.appliance.consumed) },
            {
              label: 'Comparable homes',
              tone: 'comparable',
              kind: 'line',
              values: data.time_series.map((p) => p.comparable.consumed),
            },
          ]}
          format={(v) => energy(data.energy_unit, v)}
          yLabel={data.energy_unit}
        />
      </section>
    </>
  );
}
