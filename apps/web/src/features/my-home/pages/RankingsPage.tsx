import type { Comparison, Ranking } from '@homeview/contract/web';
import { SeriesChart } from '../../../shared/charts';
import { Alert } from '../../../shared/ui/Alert';
import { comparedPeriod } from '../comparedPeriod';
import { energy, money } from '../display';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { QueryState } from '../components/QueryState';
import { useRanking } from '../queries';

// /my-home/rankings: which homes we compare against, then this week's and this month's summaries with
// bar charts of you, similar homes and all homes (spec §2.2), each bar with its value written on it (so
// no chart here needs the "point at the chart" hint), under the dates each summary compares. A home with
// gas is told the rankings are of electricity only.

export function RankingsPage() {
  const week = useRanking('week');
  const month = useRanking('month');
  const compared = week.data?.compared ?? month.data?.compared;
  // Rankings compare electricity alone (issue 35): a home with gas is told, so no one reads its cost here
  // as the electricity-and-gas total My Home shows.
  const hasGas = (week.data?.fuels ?? month.data?.fuels)?.includes('gas') ?? false;
  return (
    <HomeViewFrame title="Rankings">
      {compared ? (
        <Alert tone="info">
          <span data-testid="comparing">
            Comparing against {compared.description} ({compared.homes}{' '}
            {compared.homes === 1 ? 'home' : 'homes'} with enough data)
          </span>
        </Alert>
      ) : (
        <Alert tone="info">Comparing against houses of a similar size and number of occupants</Alert>
      )}
      {hasGas ? (
        <p className="muted ranking__fuels" data-testid="ranking-electricity-only">
          Electricity only: these rankings compare your electricity with other homes'. Your gas is not
          included.
        </p>
      ) : null}
      <QueryState query={week} loading="Fetching this week's rankings">
        {(ranking) => <RankingSummary title="Weekly summary" ranking={ranking} />}
      </QueryState>
      <QueryState query={month} loading="Fetching this month's rankings">
        {(ranking) => <RankingSummary title="Monthly summary" ranking={ranking} />}
      </QueryState>
    </HomeViewFrame>
  );
}

const GROUPS = ['You', 'Similar homes', 'All homes'];

function bars(c: Comparison): number[] {
  return [c.you, c.similar, c.all];
}

function RankingSummary({ title, ranking }: { title: string; ranking: Ranking }) {
  const currency = (v: number) => money(ranking.currency_unit, v);
  const kwh = (v: number) => energy(ranking.energy_unit, v);
  const charts: Array<[string, Comparison, (v: number) => string, string]> = [
    ['Cost', ranking.cost, currency, ranking.currency_unit],
    ['Consumption', ranking.consumption, kwh, ranking.energy_unit],
  ];
  if (ranking.generation) charts.push(['Generation', ranking.generation, kwh, ranking.energy_unit]);
  // On a narrow bar, '146.53' under an axis labelled kWh rather than '146.53 kWh' across two bars.
  const short = (name: string) => (name === 'Cost' ? currency : (v: number) => v.toFixed(2));
  return (
    <section className="card ranking" aria-label={title}>
      <h2 className="card__title">{title}</h2>
      <p className="ranking__period" data-testid="ranking-period">
        {comparedPeriod(ranking.period, ranking.time_zone, Date.now() / 1000)}
      </p>
      <p className="ranking__summary">{ranking.summary}</p>
      <div className="ranking__charts">
        {charts.map(([name, comparison, format, yLabel]) => (
          <SeriesChart
            key={name}
            title={`${name}, ${title.toLowerCase()}`}
            size="small"
            labels={GROUPS}
            series={[
              { label: name, tone: 'you', tones: ['you', 'similar', 'all'], values: bars(comparison) },
            ]}
            format={format}
            shortFormat={short(name)}
            yLabel={yLabel}
            barValues
            hint={false}
          />
        ))}
      </div>
    </section>
  );
}
