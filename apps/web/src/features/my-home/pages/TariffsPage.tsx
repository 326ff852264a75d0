import type { EnergyCompare } from '@homeview/contract/web';
import { useState } from 'react';
import { Link } from 'react-router';
import { SeriesChart } from '../../../shared/charts';
import { CompareRatesList } from '../components/CompareRates';
import { MonthlyTable, MovedMonthlyTable, SummaryTable } from '../components/CompareTables';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { MoveForm } from '../components/MoveForm';
import { QueryState } from '../components/QueryState';
import { comparison, coverText, monthName, monthShort, penniesText } from '../compare';
import { useCompare, useCompareCsvHref } from '../queries';

// /my-home/tariffs (issue 37): what the home's own last complete months would have cost on each candidate
// tariff, from GET /energy_info/compare/: a table cheapest first with the difference from the home's own,
// the months in a chart and a table (each tariff's column adding up to its total), the rates and dates
// each figure used, and the answer's notes (fewer months, missing half-hours) said as they come.

export function TariffsPage() {
  const [moveKwh, setMoveKwh] = useState<number | undefined>();
  const compare = useCompare(moveKwh);
  return (
    <HomeViewFrame title="Compare tariffs" back={{ to: '/my-home/usage', label: 'Usage' }}>
      <QueryState query={compare} loading="Pricing your months on each tariff">
        {(answer) => <Compared answer={answer} onMove={setMoveKwh} />}
      </QueryState>
    </HomeViewFrame>
  );
}

function Compared({ answer, onMove }: { answer: EnergyCompare; onMove: (kwh: number) => void }) {
  const unit = answer.currency_unit;
  const { months, tariffs } = comparison(answer);
  const csvHref = useCompareCsvHref();
  if (months.length === 0)
    return (
      <div className="stack" data-testid="compare-empty">
        <p>
          Your home has no complete calendar month of data yet, so there is nothing to compare. Once a whole
          month is in, this screen prices it on each tariff.
        </p>
        <p>
          <Link to="/my-home/usage">See your usage so far</Link>
        </p>
      </div>
    );
  const fewer = months.length < answer.months_asked;
  return (
    <div className="stack compare">
      <p className="compare__lead" data-testid="compare-lead">
        <strong>If you had used energy exactly as you did</strong> over {coverText(months)}, each tariff would
        have cost you this, standing charges included
        {answer.fuels.includes('gas') ? ', electricity and gas together' : ''}.
        {fewer
          ? ` Your home does not have ${answer.months_asked} complete months of data yet, so only these are compared.`
          : ''}
      </p>
      <RegionLine answer={answer} />
      <SummaryTable tariffs={tariffs} months={months.length} unit={unit} moveKwh={answer.move_kwh} />
      <MoveForm moveKwh={answer.move_kwh} onMove={onMove} />
      <SeriesChart
        title="Cost per month on each tariff"
        labels={months.map(monthName)}
        tickLabels={months.map(monthShort)}
        series={tariffs.map((t) => ({
          label: t.name,
          values: t.monthly.map((p) => p / 100),
          tone: t.tone,
          // A line needs three months to show a course; fewer are bars side by side.
          kind: months.length < 3 ? ('bar' as const) : ('line' as const),
        }))}
        format={(pounds) => penniesText(unit, Math.round(pounds * 100))}
        yLabel={unit}
        footer={[{ label: 'Total', values: tariffs.map((t) => t.total / 100) }]}
      />
      <MonthlyTable tariffs={tariffs} months={answer.months} unit={unit} />
      {answer.move_kwh === undefined ? null : (
        <MovedMonthlyTable tariffs={tariffs} months={months} unit={unit} moveKwh={answer.move_kwh} />
      )}
      <p>
        <a href={csvHref} download data-testid="compare-csv">
          Download the monthly table (CSV)
        </a>
      </p>
      <section aria-labelledby="compare-notes" className="stack">
        <h2 id="compare-notes" className="usage__subtitle">
          About these figures
        </h2>
        <ul data-testid="compare-notes">
          {answer.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
      <CompareRatesList tariffs={tariffs} />
      <p>
        <Link to="/account/homeview/tariff">Your tariff’s rates</Link> ·{' '}
        <Link to="/my-home/usage">Your usage</Link>
      </p>
    </div>
  );
}

/** The home's region and where the published prices came from (or which tables stood in), said plainly (additive). */
function RegionLine({ answer }: { answer: EnergyCompare }) {
  if (answer.region === undefined && answer.rates_source === undefined) return null;
  const region = answer.region;
  return (
    <p className="compare__region" data-testid="compare-region">
      {region === null || region === undefined ? (
        <>
          <strong>Your region is not known.</strong> <Link to="/setup">Add your postcode</Link> to compare
          Agile, Tracker, Go, Intelligent Go, Cosy, Flux and Economy 7 at your region’s published prices.{' '}
        </>
      ) : (
        <>
          <strong>
            Your region: {region.name} ({region.letter})
          </strong>
          , from your {region.from === 'postcode' ? 'postcode' : 'Octopus tariff'}.{' '}
        </>
      )}
      {answer.rates_source}
    </p>
  );
}
