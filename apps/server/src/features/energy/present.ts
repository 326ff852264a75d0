import type { ApplianceEntry, EnergyDetail, TimeUnit } from '@homeview/contract';
import {
  type Balance,
  DEFAULT_TARIFFS,
  localDate,
  type EnergyBalance,
  nanoToPennies,
  offsetSpans,
  type Period,
  type PeriodSummary,
} from '@homeview/domain';
import { PAST_CARBON_SOURCE } from '../carbon/past';
import { CURRENCY_UNIT, ENERGY_UNIT, ENERGY_UNIT_DESC, kwh, pounds } from '../../shared/units';
import { Memo } from './memo';
import type { ApplianceUsageRow } from './repository';
import { yearParts } from './present-year';
import type { EnergyView } from './service';

// The §3 Energy today/detail shape, in the units of shared/units.ts.

export function presentBalance(b: Balance): EnergyDetail['balance'] {
  return { income: pounds(b.income), cost: pounds(b.cost), profit_loss: pounds(b.profit_loss) };
}

function presentEnergy(e: EnergyBalance): EnergyDetail['energy_balance'] {
  return { generated: kwh(e.generated), consumed: kwh(e.consumed) };
}

/**
 * The standing charge a period's cost includes and each entry's cost without it, in pounds, so the screen's
 * own figures add up (issue 33): entries are carry-rounded (each the rounded running total less the one
 * before), so they sum to the rounded import cost exactly, and the standing charge is the rounded whole
 * cost less that sum (within a penny of its exact value).
 */
export function costParts(summary: PeriodSummary): { standing: number; energy: number[] } {
  let running = 0;
  let shown = 0;
  const energy = summary.details.map((d) => {
    running += d.totals.import_cost;
    const pennies = nanoToPennies(running) - shown;
    shown += pennies;
    return pennies / 100;
  });
  return { standing: (nanoToPennies(summary.balance.cost) - shown) / 100, energy };
}

/** How a house with no tariff of its own is priced over the period (README "default-tariff cap"). */
function pricedAtDefault(period: Period, zone: string): NonNullable<EnergyDetail['priced_at_default']> {
  const first = DEFAULT_TARIFFS[0]?.startDate ?? '';
  return { kind: localDate(period.start, zone) < first ? 'earliest-cap' : 'cap', first_cap_from: first };
}

function timeUnitOf(period: Period): TimeUnit {
  switch (period.unit) {
    case 'hour':
    case 'day':
    case 'week':
    case 'month':
    case 'year':
      return period.unit;
    case 'last-7-days':
      return 'week';
    default:
      throw new RangeError(`no §3 time unit for ${period.unit}`);
  }
}

const formatters = new Memo<Intl.DateTimeFormat>(200); // building one costs ~0.5 ms

function fmt(ts: number, zone: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${zone}|${JSON.stringify(options)}`;
  return formatters
    .get(key, () => new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options }))
    .format(ts * 1000);
}

/** e.g. 'Today, Thursday 15 January 2026', 'Sunday 27 October 2024, 01:00–02:00 GMT', 'Week of 12 January 2026', 'Last 7 days', 'January 2026', '2026'. */
export function subtitleOf(period: Period, zone: string, today: boolean): string {
  const date = (ts: number) =>
    `${fmt(ts, zone, { weekday: 'long' })} ${fmt(ts, zone, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  switch (period.unit) {
    case 'hour': {
      // A local clock hour, with the zone's abbreviation: the fall-back day has 01:00–02:00 twice (BST, GMT).
      const hour = Number(fmt(period.start, zone, { hour: 'numeric', hourCycle: 'h23' }));
      const label = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
      const abbreviation = fmt(period.start, zone, { timeZoneName: 'short' }).split(' ').at(-1);
      return `${date(period.start)}, ${label(hour)}–${label(hour + 1)} ${abbreviation}`;
    }
    case 'day':
      return today ? `Today, ${date(period.start)}` : date(period.start);
    case 'week':
      return `Week of ${fmt(period.start, zone, { day: 'numeric', month: 'long', year: 'numeric' })}`;
    case 'last-7-days':
      return 'Last 7 days';
    case 'month':
      return fmt(period.start, zone, { month: 'long', year: 'numeric' });
    default:
      return fmt(period.start, zone, { year: 'numeric' });
  }
}

/** One appliance's uses as §3's Appliance entry ('on' when it is in `on`). */
export function entry(row: ApplianceUsageRow, on: ReadonlySet<number>): ApplianceEntry {
  return {
    name: row.name,
    appliance_type_id: row.appliance_type_id,
    icon: row.icon,
    status: { state: on.has(row.appliance_type_id) ? 'on' : 'off' },
    duration: { value: Math.round(row.seconds / 60), unit: 'mins' },
    cost: pounds(row.cost),
    consumed: kwh(row.energy_wh),
    ...(row.estimated ? { estimated: true as const } : {}),
  };
}

/** Ties broken by appliance id so the order is stable. */
export const by =
  (key: 'seconds' | 'cost') =>
  (a: ApplianceUsageRow, b: ApplianceUsageRow): number =>
    b[key] - a[key] || b.energy_wh - a.energy_wh || a.appliance_type_id - b.appliance_type_id;

export function presentEnergyView(view: EnergyView, options: { today: boolean }): EnergyDetail {
  const zone = view.house.time_zone;
  const { summary } = view;
  const containsNow = view.period.start <= view.range.now && view.range.now < view.period.end;
  const isToday = options.today && containsNow;
  // 'On' means on now: a period that is over (or not begun) shows its appliances off (issue 21 item 4).
  const onNow = new Set(view.onInPastHour.map((r) => r.appliance_type_id));
  const on: ReadonlySet<number> = containsNow ? onNow : new Set();
  const year = view.period.unit === 'year' ? yearParts(summary) : null;
  const parts = year ?? costParts(summary);
  return {
    subtitle: subtitleOf(view.period, zone, isToday),
    latest_updated: view.latestEnd,
    period: { time_unit: timeUnitOf(view.period), start_timestamp: view.period.start },
    balance: year?.balance ?? presentBalance(summary.balance),
    energy_balance: presentEnergy(summary.energy_balance),
    currency_unit: CURRENCY_UNIT,
    energy_unit: ENERGY_UNIT,
    energy_unit_desc: ENERGY_UNIT_DESC,
    details: summary.details.map((d, i) => ({
      period: { start_timestamp: d.period.start },
      balance: presentBalance(d.balance),
      energy_balance: presentEnergy(d.energy_balance),
      slots: d.totals.slots,
      data_slots: d.totals.data_slots,
      energy_cost: parts.energy[i] as number,
      carbon_g: view.carbon === null ? null : (view.carbon.entries[i] ?? null),
    })),
    available: [...view.available],
    previous: view.previous,
    next: view.next,
    // Continuous appliances (fridge-freezer, heat pump) run all day: never "used", still costly.
    used_appliances: [...view.onInPastHour].sort(by('seconds')).map((r) => entry(r, onNow)),
    most_used_appliances: view.usage
      .filter((r) => !r.continuous)
      .sort(by('seconds'))
      .map((r) => entry(r, on)),
    most_costly_appliances: [...view.usage].sort(by('cost')).map((r) => entry(r, on)),
    time_zone: zone,
    // From a day before the period: the newest reading may be yesterday's.
    utc_offsets: offsetSpans(view.period.start - 86400, view.period.end, zone).map((s) => ({
      start_timestamp: s.start,
      end_timestamp: s.end,
      offset_seconds: s.offsetSeconds,
    })),
    previous_so_far:
      view.previousSoFar === null
        ? null
        : {
            start_timestamp: view.previousSoFar.start,
            end_timestamp: view.previousSoFar.end,
            cost: pounds(view.previousSoFar.cost),
          },
    standing_charge: parts.standing,
    priced_at_default: view.defaultTariff ? pricedAtDefault(view.period, zone) : null,
    fuels: view.fuels,
    carbon_g: view.carbon?.total ?? null,
    carbon_source: view.carbon === null ? null : PAST_CARBON_SOURCE,
  };
}
