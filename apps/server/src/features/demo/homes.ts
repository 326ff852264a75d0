import { APPLIANCE_CATALOGUE, addDays, fixedRate, makeTariff, type Tariff, touRate } from '@homeview/domain';
import {
  demoHomes,
  type HomeSpec,
  householdSummary,
  neighbourHomes,
  type OwnableKey,
  type RoutineDeparture,
} from '@homeview/simulator';
import type { Occupants } from '../../shared/house';

// Who the demo's homes are: the simulator specs behind each demo account, their tariffs, and the
// neighbourhood used for rankings. Usernames tie a house to its spec, so a restart finds them again.

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'Demo-Home1';
export const MUM_USERNAME = 'mum';
/** The demo's meter-only dependant (issue 24): 1-minute whole-house readings only, no plugs. */
export const DAD_USERNAME = 'dad';
/** The neighbourhood's seed: fixed, so every database gets the same 200 homes. */
export const NEIGHBOUR_SEED = 20_260_101;
export const DEFAULT_NEIGHBOURS = 200;

export const neighbourUsername = (i: number): string => `neighbour-${String(i + 1).padStart(3, '0')}`;

export function neighbourIndex(username: string): number | null {
  const match = /^neighbour-(\d{3,})$/.exec(username);
  return match ? Number(match[1]) - 1 : null;
}

/** The setup questionnaire's counts (§3 setup detail) for a simulated household. */
export function occupantsOf(spec: HomeSpec): Occupants {
  const { age_groups, employment_statuses, travel } = householdSummary(spec);
  return { ...age_groups, ...employment_statuses, ...travel };
}

export interface DeclaredAppliance {
  typeId: number;
  count: number;
}

/**
 * The appliance counts a home declares (house_appliances, as the setup wizard's step 3 would): every
 * catalogue appliance its spec owns, the EV charger and heat pump from its flags. These are exactly the
 * appliances the simulator can give uses to, so none of them is hidden behind a count of 0.
 */
export function declaredAppliances(spec: HomeSpec): DeclaredAppliance[] {
  const countOf = (key: string): number => {
    if (key === 'ev_charger') return spec.ev ? 1 : 0;
    if (key === 'heat_pump') return spec.heatPump ? 1 : 0;
    return Math.max(0, Math.floor(spec.appliances[key as OwnableKey] ?? 0));
  };
  return APPLIANCE_CATALOGUE.filter((a) => a.kind === 'appliance')
    .map((a) => ({ typeId: a.id, count: countOf(a.key) }))
    .filter((a) => a.count > 0);
}

const TARIFF_START = '2020-01-01'; // before any seeded history, so every slot is priced by it

/** The demo home's outward code: its carbon forecast is London's (features/carbon). */
export const DEMO_POSTCODE = 'SW1A';

/**
 * The demo home: an EV/TOU-style tariff with export (prices in µ£/kWh, standing charge µ£/day):
 * night 00:30–05:30 £0.085, peak 16:00–19:00 £0.365, day £0.245 otherwise; export £0.15;
 * standing charge £0.55/day. Generation is left unset (the default, £0). The rates are named as a bill
 * names them (issue 33 item 13); a database seeded before keeps its 'cheap' and 'standard'.
 */
export const DEMO_TARIFF: Tariff = makeTariff({
  startDate: TARIFF_START,
  standingCharge: 550_000,
  import: touRate([
    { startMinute: 0, price: 245_000, name: 'day' },
    { startMinute: 30, price: 85_000, name: 'night' },
    { startMinute: 330, price: 245_000, name: 'day' },
    { startMinute: 960, price: 365_000, name: 'peak' },
    { startMinute: 1140, price: 245_000, name: 'day' },
  ]),
  export: fixedRate(150_000),
});

/** Mum's bungalow: a fixed tariff, £0.235/kWh and £0.601/day; no PV, so export is left unset. */
export const MUM_TARIFF: Tariff = makeTariff({
  startDate: TARIFF_START,
  standingCharge: 601_000,
  import: fixedRate(235_000),
});

export interface DemoHomeSpec {
  username: string;
  spec: HomeSpec;
  /**
   * Seconds per reading: 60 for the two demo homes (raw 1-minute readings through the ingest path); 1800
   * for neighbours, which are kept as daily totals only (what rankings read; see summary-days.ts).
   */
  interval: 60 | 1800;
  /**
   * A home with a smart meter and no plugs (Dad's): only its whole-house readings are stored, and the
   * write path estimates its appliance uses from them, as it does for any such home's files or API.
   */
  meterOnly?: true;
  /** A gas-heated home (the demo's own, issue 35): half-hourly gas over its whole history (gas.ts). */
  gas?: true;
}

/** Mum's drift (issue 25): her mornings 15, then 30, then 45 minutes later in each of the last 3 weeks. */
export const MUM_DRIFT_WEEKS = [15, 30, 45] as const;
/** Days from the seeding on that she keeps to her later mornings, so a demo left running for weeks goes
 *  on showing the change (against the 4 weeks before, until they are later too) rather than a reversal. */
export const MUM_DRIFT_KEPT_DAYS = 56;

/**
 * Mum's departures from her routine in the days before the demo was seeded (`seededOn`, her home's local
 * date then), so InfoCare has something to show from the first login: the oven left on one evening, a late
 * morning (nothing before her 10:30 kettle) and an afternoon with nothing; and over the last 3 weeks she gets up a
 * little later each week (MUM_DRIFT_WEEKS), and keeps to it (MUM_DRIFT_KEPT_DAYS), so her trends have
 * something to say. They are simulated (readings and uses alike), so her alerts, timeline, charts and
 * trends agree, and every later simulation of those days (a restart, a live tick looking back) gives the
 * same.
 */
export function mumsDepartures(seededOn: string): RoutineDeparture[] {
  const story: RoutineDeparture[] = [
    { date: addDays(seededOn, -3), leftOn: { appliance: 'oven', at: '17:40', minutes: 260 } },
    // Up late: her 10:30 kettle (10:15–10:45) begins the day; a quiet until 10:40 could drop it and leave
    // nothing until lunch at 12:41, no longer a late morning.
    { date: addDays(seededOn, -2), quiet: { from: '00:00', to: '10:15' } },
    // Back by her 19:30 kettle (the 18:00 TV evening is lost): the alert closes on a use, as the meter's
    // evening shows, not with "the day ended with nothing used".
    { date: addDays(seededOn, -1), quiet: { from: '11:30', to: '19:00' } },
  ];
  const weeks = MUM_DRIFT_WEEKS.length;
  const kept = MUM_DRIFT_WEEKS[weeks - 1];
  return Array.from({ length: 7 * weeks + MUM_DRIFT_KEPT_DAYS }, (_, i) => {
    const date = addDays(seededOn, i - 7 * weeks);
    const morningLater = MUM_DRIFT_WEEKS[Math.floor(i / 7)] ?? kept;
    return { ...story.find((d) => d.date === date), date, morningLater };
  });
}

/**
 * Dad's departures in the days before the demo was seeded, as his meter shows them: a morning with no
 * kettle or anything else before 11:00 and a day with nothing after his morning shower, from 08:45 to 20:00, so InfoCare on
 * the meter alone has something to show from the first login.
 */
export function dadsDepartures(seededOn: string): RoutineDeparture[] {
  return [
    { date: addDays(seededOn, -4), quiet: { from: '00:00', to: '11:00' } },
    { date: addDays(seededOn, -1), quiet: { from: '08:45', to: '20:00' } },
  ];
}

/** A routine home's spec with its set departures. */
function withDepartures(spec: HomeSpec, departures: RoutineDeparture[] | undefined): HomeSpec {
  return departures === undefined || !spec.routine
    ? spec
    : { ...spec, routine: { ...spec.routine, departures } };
}

/**
 * Every demo home's spec by username: the demo's own, Mum's and Dad's (with their departures when the
 * seeding date is given) and `count` neighbours.
 */
export function demoSpecs(count: number, seededOn?: string): Map<string, DemoHomeSpec> {
  const homes = demoHomes();
  const mum = withDepartures(homes.mum, seededOn === undefined ? undefined : mumsDepartures(seededOn));
  const dad = withDepartures(homes.dad, seededOn === undefined ? undefined : dadsDepartures(seededOn));
  const out = new Map<string, DemoHomeSpec>([
    [DEMO_USERNAME, { username: DEMO_USERNAME, spec: homes.own, interval: 60, gas: true }],
    [MUM_USERNAME, { username: MUM_USERNAME, spec: mum, interval: 60 }],
    [DAD_USERNAME, { username: DAD_USERNAME, spec: dad, interval: 60, meterOnly: true }],
  ]);
  neighbourHomes(count, NEIGHBOUR_SEED).forEach((spec, i) => {
    const username = neighbourUsername(i);
    out.set(username, { username, spec, interval: 1800 });
  });
  return out;
}
