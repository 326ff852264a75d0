import type { EnergyDetail } from '@homeview/contract/web';
import { type KeyboardEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { changeAgainst, outcomeOf, PROFIT_MESSAGE, periodLabel, soFarLabel } from '../display';
import { FuelPeriod } from '../components/FuelPeriod';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { PeriodPicker } from '../components/PeriodPicker';
import { QueryState } from '../components/QueryState';
import { TimelineDay } from '../components/TimelineDay';
import { bothCost, hasGas } from '../fuels';
import { type DetailScale, useDetail } from '../queries';
import { beforeReadingsNote, usePreviousYear } from '../yearly';

// /my-home/usage: tabs Timeline (default), Daily, Weekly, Monthly (spec §2.2) and Yearly (issue 38: twelve
// months in one request, the previous year beside them). Changing the tab resets the selected period (§4
// Usage frequency); changing the period refetches that period's detail.

type Tab = 'timeline' | 'day' | 'week' | 'month' | 'year';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'day', label: 'Daily' },
  { id: 'week', label: 'Weekly' },
  { id: 'month', label: 'Monthly' },
  { id: 'year', label: 'Yearly' },
];

export function UsagePage() {
  const [tab, setTab] = useState<Tab>('timeline');
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const choose = (next: Tab) => {
    setTab(next);
    setSelected(undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = TABS[(i + step + TABS.length) % TABS.length]!;
    choose(next.id);
    document.getElementById(`usage-tab-${next.id}`)?.focus();
  };
  return (
    <HomeViewFrame
      title="Usage"
      actions={
        <Link to="/my-home/tariffs" className="header-link">
          Compare tariffs
        </Link>
      }
    >
      <div role="tablist" aria-label="Usage frequency" className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`usage-tab-${t.id}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === t.id}
            aria-controls="usage-panel"
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="usage-panel" role="tabpanel" aria-labelledby={`usage-tab-${tab}`} className="stack">
        {tab === 'timeline' ? (
          <TimelineDay />
        ) : (
          <UsagePeriod
            key={tab}
            unit={tab}
            selected={selected}
            onSelect={(ts) => setSelected(ts ?? undefined)}
          />
        )}
      </div>
    </HomeViewFrame>
  );
}

function UsagePeriod({
  unit,
  selected,
  onSelect,
}: {
  unit: DetailScale;
  selected: number | undefined;
  onSelect: (ts: number | null) => void;
}) {
  const detail = useDetail(unit, selected);
  const withGas = hasGas(detail.data);
  const gas = useDetail(unit, selected, withGas, 'gas');
  const previous = usePreviousYear(unit === 'year' ? detail.data : undefined, withGas);
  return (
    <QueryState query={detail} loading="Fetching your usage">
      {(view) => (
        <>
          <PeriodPicker view={view} unit={unit} onSelect={onSelect} />
          <h2 className="usage__subtitle">{view.subtitle}</h2>
          {outcomeOf(view.balance) === 'profit' ? <Alert tone="info">{PROFIT_MESSAGE}</Alert> : null}
          {/* The last 7 days' Previous is the calendar week before: not the same 7 days, so no comparison. */}
          {unit === 'week' && selected === undefined ? null : (
            <Change view={view} gas={withGas ? (gas.data ?? null) : null} />
          )}
          {unit === 'year' ? <BeforeReadings view={view} /> : null}
          <FuelPeriod
            view={view}
            gas={gas}
            label={periodLabel(view.period.time_unit, false)}
            showOnNow={false}
            previous={previous}
          />
        </>
      )}
    </QueryState>
  );
}

/**
 * "£1.20 less than last week": the cost against the previous period's, when there is one. A period under
 * way is compared with the same part of the previous one, which the answer carries (`previous_so_far`):
 * "£0.91 less than yesterday by 12:20", never a part day against a whole one. A gas home compares both
 * fuels' cost, once its gas answer (`gas`) is in.
 */
function Change({ view, gas }: { view: EnergyDetail; gas: EnergyDetail | null }) {
  const unit = view.period.time_unit;
  const withGas = hasGas(view);
  const soFar = view.previous_so_far ?? null;
  const whole = view.previous !== null && soFar === null;
  const previous = useDetail(unit, view.previous ?? undefined, whole);
  const previousGas = useDetail(unit, view.previous ?? undefined, whole && withGas, 'gas');
  if (withGas && gas === null) return null;
  const cost = bothCost(view.balance.cost, gas?.balance.cost);
  let text: string | null = null;
  if (soFar !== null) {
    const than = soFarLabel(unit, soFar, view.period.start_timestamp, view);
    const before = bothCost(soFar.cost, gas?.previous_so_far?.cost);
    text = changeAgainst(unit, view.currency_unit, cost, before, than);
  } else if (whole && previous.data && (!withGas || previousGas.data)) {
    const before = bothCost(previous.data.balance.cost, previousGas.data?.balance.cost);
    text = changeAgainst(unit, view.currency_unit, cost, before);
  }
  if (text === null) return null;
  return (
    <p className="change" data-testid="period-change">
      {withGas ? 'Cost of electricity and gas' : 'Cost'}: {text}
    </p>
  );
}

/** The months of a year before the home's readings begin have no figures, said so (not shown as zero). */
function BeforeReadings({ view }: { view: EnergyDetail }) {
  const note = beforeReadingsNote(view);
  return note === null ? null : (
    <p className="usage__note" data-testid="before-readings">
      {note}
    </p>
  );
}
