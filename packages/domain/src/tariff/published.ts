import { DEFAULT_CAP_PERIODS } from './caps';
import { DEFAULT_EXPORT_PRICE, DEFAULT_GENERATION_PRICE } from './defaults';
import { fixedRate, makeTariff, type RateStep, type Tariff, touRate } from './model';

// Published rates of candidate tariff shapes (issue 37, "Tariffs compared"), dated as the price cap is
// (caps.ts): µ£/kWh (1 p = 10 000 µ£), VAT included, Direct Debit, oldest first. A row applies from its
// date until the next row's; before the first row a candidate has no rate of its own and the cap of the
// date prices it, which the comparison names (`source: 'price cap'`), never hidden. Only import and the
// unit rates are the candidate's: the standing charge is the cap's of each date (left null, so the
// default prices it), because the figure found for Economy 7 equals the single-rate cap's (below).
// Flux's export is its own (three windows); every other candidate exports at the default's 15p (Octopus
// Outgoing Fixed, defaults.ts), which any import tariff may be paired with. Agile and Tracker are not here:
// their prices are per half-hour or per day, from `tariff_prices`, never a table.
//
// These tables are the fallback (issue 37): the server prices each candidate from its product's published
// rates for the home's region (Octopus's products endpoints, or a rate file: apps/server
// features/energy/published-*.ts) and uses a table only where those lack a month, and says so. Regional
// rows for the tables were looked for (searches of 3 December 2026, public pages and docs) and none were
// added: what was found is either ranges across all regions (switchtooctopus.co.uk/docs/heat-pumps/
// running-costs-on-cosy, reviewed May 2026: "Cosy Hours (13.7p–15.3p/kWh) … Standard rate (31.6p–34.9p/kWh)
// … Peak rate (49.2p–54.2p/kWh)", "vary by region and tariff version"), rules rather than rates
// (octopusreferral.link/cosy-octopus-tariff: off-peak "40% cheaper than the flexible Octopus rate in your
// region", peak "60% above"), or one region's quote whose windows differ from the table's
// (community.openenergymonitor.org/t/24250, August 2023: "rates for Yorkshire are 17.56p / 29.26p / 46.82p"
// with cheap 2pm–5pm and peak 5pm–8pm in summer time). No region's table is invented from them.

const p = (pence: number): number => Math.round(pence * 10_000);

export interface DayNightRow {
  readonly from: string; // YYYY-MM-DD
  readonly day: number; // µ£/kWh
  readonly night: number; // µ£/kWh
}

/**
 * Economy 7 on a smart meter: night 00:30–07:30 UTC all year (01:30–08:30 in summer time) —
 * octopus.energy/help-and-faqs/articles/what-happens-to-my-economy-seven-e7-tariff-when-i-have-a-smart-meter-installed
 * ("a fixed off-peak 7 hour period from 00:30 to 07:30 … Coordinated Universal Time"); switcha.com's
 * Economy 7 guides (29 Oct 2025) give the same window. Standing charge: switcha.com
 * economy-7-tariffs-cost-guide "For Q4 2025, this is around 53.68p per day for Economy 7 paid by Direct
 * Debit", the single-rate cap's 53.68p of that quarter (caps.ts), so the cap's of each date is used.
 * Unit rates: no GB-average day/night pair was found in the searches of 9 Dec 2026 (Ofgem caps Economy 7
 * on a weighted average, 42% at night, and leaves the split to suppliers: sustainabilityfirst.org.uk
 * blog/443-economy-7-blog-frerk, bigcleanswitch.org news/is-economy-7-right-for-you). The rows are one
 * supplier's published variable Economy 7 rates in one region (Octopus, Eastern), as quoted by its
 * customer: forums.moneysavingexpert.com/discussion/6405848 (p7): "My rates on E7 since October have been
 * 40.995p (day); 17.239p (night)", "From January the E7 day rate goes up to 45.504p - everything else
 * stays the same". One source, one region; they run on until a newer row is added — add one when sourced.
 */
export const ECONOMY_7_ROWS: readonly DayNightRow[] = [
  { from: '2022-10-01', day: p(40.995), night: p(17.239) },
  { from: '2023-01-01', day: p(45.504), night: p(17.239) },
];

/**
 * Go-style night window (Octopus Go): night 00:30–05:30 on the home's clock. Window: the Octopus Go
 * driver of evse_controller (public repository: "a cheap rate between 00:30 and 05:30, with a standard
 * rate at other times"). Night rate 8.50p: the same driver's `import_rate: 0.0850` (one source, undated:
 * applied from the first cap period). Day rate: none found, so the cap's unit rate of each date; the
 * comparison lists it as such.
 */
export const GO_NIGHT_ROWS: readonly { readonly from: string; readonly night: number }[] = [
  { from: '2021-10-01', night: p(8.5) },
];

export interface CosyRow {
  readonly from: string; // YYYY-MM-DD
  readonly cosy: number; // µ£/kWh, the three cheap windows
  readonly day: number; // µ£/kWh, the rest of the day
  readonly peak: number; // µ£/kWh, 16:00–19:00
}

/**
 * Cosy (Octopus's heat-pump tariff): three cheap windows, 04:00–07:00, 13:00–16:00 and 22:00–00:00, a peak
 * 16:00–19:00, the day rate at every other time, on the home's clock (the sources give clock times with no
 * UTC note, unlike Economy 7's). Windows: richard.dallaway.com/octopus-cosy-tariff-rate-names-and-colour-coding
 * ("from 13:00 - 16:00, 22:00 - 00:00, 04:00 - 07:00, cheapest rate"); lep.swce.co.uk/2024/11/11/
 * time-of-use-electricity-tariffs ("three blocks of cheap electricity (12.65p/kWh) throughout a day,
 * totalling 8 hours … the normal day rate … (25.81p/kWh) apart from the peak rate for 3 hours between
 * 16:00 and 19:00 (37.42p/kWh)"). Rates: that article's, one customer's in one region (south-west England),
 * written 11 November 2024 after "several weeks" on the tariff, so dated from that cap quarter, 1 October
 * 2024; they run on until a newer row is added. Standing charge: the cap's of each date, as Economy 7's.
 */
export const COSY_ROWS: readonly CosyRow[] = [
  { from: '2024-10-01', cosy: p(12.65), day: p(25.81), peak: p(37.42) },
];

/**
 * Intelligent Octopus Go: night 23:30–05:30 on the home's clock, 7.5p — octopus.energy/intelligent-faqs
 * ("a low price night rate for their EV and home energy use of 7.5p/kWh between 11:30pm and 5:30am.
 * Outside these hours your unit rate will vary by region"); the six-hour window is confirmed by
 * switchtooctopus.co.uk/articles/intelligent-octopus-go-charge-cap-whole-home (11 May 2026: "guaranteed
 * whole-home off-peak window from 11:30pm to 5:30am"). Undated, so applied from the first cap period as
 * Go's night is. Day rate: regional and not given, so the cap's unit rate of each date, as Go's. The extra
 * cheap slots Octopus schedules for a car are not guessed: only the fixed window is priced cheap.
 */
export const INTELLIGENT_GO_NIGHT_ROWS: readonly { readonly from: string; readonly night: number }[] = [
  { from: '2021-10-01', night: p(7.5) },
];

/** Flux's three windows' prices, import or export, µ£/kWh. */
export interface FluxPrices {
  readonly cheap: number; // 02:00–05:00
  readonly day: number; // 05:00–16:00 and 19:00–02:00
  readonly peak: number; // 16:00–19:00
}

export interface FluxRow {
  readonly from: string; // YYYY-MM-DD
  readonly import: FluxPrices;
  readonly export: FluxPrices;
}

/**
 * Octopus Flux (import and export tied, for homes with solar and a battery): 02:00–05:00 cheap, 16:00–19:00
 * peak, day rate at every other time, for import and for export, on the home's clock (no UTC note in the
 * sources). Windows: jojusolar.co.uk/batteries-smart-grids/octopus-flux ("02:00-05:00 Super cheap rates,
 * 05:00-16:00 Standard rates, 16:00-19:00 Peak rate, 19:00-02:00 Standard rate again") and
 * batterywiz.app/tariffs/octopus-flux (4 April 2026, the same windows). Rates: blog.spiritenergy.co.uk/
 * homeowner/octopus-energy-tariffs (24 May 2023), whose table gives each window two prices: import 20.11p
 * cheap, 33.52p day, 46.93p peak ("charge your battery overnight at a cheaper rate of just over 20p") and
 * export 9.11p, 22.52p, 35.93p ("Between 4pm and 7pm you can get over 35p"); one region, not named ("rates
 * … fluctuate slightly based on your area"), dated from that article and running on until a newer row is
 * added. Standing charge: the cap's of each date, as Economy 7's.
 */
export const FLUX_ROWS: readonly FluxRow[] = [
  {
    from: '2023-05-24',
    import: { cheap: p(20.11), day: p(33.52), peak: p(46.93) },
    export: { cheap: p(9.11), day: p(22.52), peak: p(35.93) },
  },
];

/** Economy 7's night on a smart meter, minutes of the UTC day [from, to): 00:30–07:30 UTC all year. */
export const ECONOMY_7_NIGHT_UTC = { from: 30, to: 450 } as const;

const WINDOWS = {
  economy7: { nightFrom: ECONOMY_7_NIGHT_UTC.from, nightTo: ECONOMY_7_NIGHT_UTC.to, basis: 'gmt' },
  go: { nightFrom: 30, nightTo: 330, basis: 'local' },
} as const;

/** Intelligent Go's night wraps midnight: 23:30 until 05:30 on the home's clock. */
function intelligentGoSteps(day: number, night: number): RateStep[] {
  return [
    { startMinute: 0, price: night, name: 'night' },
    { startMinute: 330, price: day, name: 'day' },
    { startMinute: 1410, price: night, name: 'night' },
  ];
}

function fluxSteps(r: FluxPrices): RateStep[] {
  return [
    { startMinute: 0, price: r.day, name: 'day' },
    { startMinute: 120, price: r.cheap, name: 'cheap' },
    { startMinute: 300, price: r.day, name: 'day' },
    { startMinute: 960, price: r.peak, name: 'peak' },
    { startMinute: 1140, price: r.day, name: 'day' },
  ];
}

function dayNight(day: number, night: number, w: (typeof WINDOWS)[keyof typeof WINDOWS]): RateStep[] {
  return [
    { startMinute: 0, price: day, name: 'day' },
    { startMinute: w.nightFrom, price: night, name: 'night' },
    { startMinute: w.nightTo, price: day, name: 'day' },
  ];
}

const version = (from: string, steps: RateStep[], basis: 'gmt' | 'local'): Tariff =>
  makeTariff({
    startDate: from,
    standingCharge: null, // the cap's of each date (see above)
    import: touRate(steps, basis),
    export: fixedRate(DEFAULT_EXPORT_PRICE),
    generation: fixedRate(DEFAULT_GENERATION_PRICE),
  });

function cosySteps(r: CosyRow): RateStep[] {
  return [
    { startMinute: 0, price: r.day, name: 'day' },
    { startMinute: 240, price: r.cosy, name: 'cosy' },
    { startMinute: 420, price: r.day, name: 'day' },
    { startMinute: 780, price: r.cosy, name: 'cosy' },
    { startMinute: 960, price: r.peak, name: 'peak' },
    { startMinute: 1140, price: r.day, name: 'day' },
    { startMinute: 1320, price: r.cosy, name: 'cosy' },
  ];
}

/** Cosy as dated tariff versions, one per published row. */
export const COSY_TARIFFS: readonly Tariff[] = COSY_ROWS.map((r) => version(r.from, cosySteps(r), 'local'));

/** Economy 7 as dated tariff versions, one per published row. */
export const ECONOMY_7_TARIFFS: readonly Tariff[] = ECONOMY_7_ROWS.map((r) =>
  version(r.from, dayNight(r.day, r.night, WINDOWS.economy7), WINDOWS.economy7.basis),
);

/** Go: a version wherever the night row or the cap's unit rate (its day rate) changes. */
export const GO_TARIFFS: readonly Tariff[] = nightAndCap(GO_NIGHT_ROWS, (day, night) =>
  dayNight(day, night, WINDOWS.go),
);

/** Flux as dated tariff versions: its own import and export windows. */
export const FLUX_TARIFFS: readonly Tariff[] = FLUX_ROWS.map((r) =>
  makeTariff({
    startDate: r.from,
    standingCharge: null, // the cap's of each date
    import: touRate(fluxSteps(r.import), 'local'),
    export: touRate(fluxSteps(r.export), 'local'),
    generation: fixedRate(DEFAULT_GENERATION_PRICE),
  }),
);

/** A night row with the cap's unit rate as the day: a version wherever either changes (Go, Intelligent Go). */
function nightAndCap(
  rows: readonly { readonly from: string; readonly night: number }[],
  steps: (day: number, night: number) => RateStep[],
): Tariff[] {
  const dates = [...new Set([...rows.map((r) => r.from), ...DEFAULT_CAP_PERIODS.map((c) => c.from)])]
    .filter((d) => d >= (rows[0]?.from ?? ''))
    .sort();
  return dates.map((d) => {
    const night = [...rows].reverse().find((r) => r.from <= d)?.night as number;
    const day = ([...DEFAULT_CAP_PERIODS].reverse().find((c) => c.from <= d) ?? DEFAULT_CAP_PERIODS[0])
      ?.unit as number;
    return version(d, steps(day, night), 'local');
  });
}

/** Intelligent Go: its fixed night window only (the car's extra slots are not guessed). */
export const INTELLIGENT_GO_TARIFFS: readonly Tariff[] = nightAndCap(
  INTELLIGENT_GO_NIGHT_ROWS,
  intelligentGoSteps,
);

/** Where a candidate's rates come from when its table prices it (the fallback), as answers name it. */
export const PUBLISHED_SOURCES = {
  economy7: 'Economy 7, built-in table (published rates, Octopus Eastern; night 00:30–07:30 UTC)',
  go: 'Go-style night, built-in table (8.50p 00:30–05:30; day at the price cap)',
  cosy: 'Cosy, built-in table (published rates, one region; cheap 04:00–07:00, 13:00–16:00, 22:00–00:00; peak 16:00–19:00)',
  intelligentGo:
    'Intelligent Go, built-in table (7.50p 23:30–05:30, its fixed window only; day at the price cap)',
  flux: 'Flux, built-in table (published rates, one region; import and export cheap 02:00–05:00, peak 16:00–19:00)',
} as const;
