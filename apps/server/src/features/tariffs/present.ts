import type { Tariff as TariffResponse, TariffRates } from '@homeview/contract';
import {
  DEFAULT_TARIFFS,
  defaultTariffOn,
  type Tariff,
  type TariffJsonEntry,
  tariffToJson,
} from '@homeview/domain';

// §3 Tariff as the client reads it: the version in force today (unset rates null), the default tariff
// in force today (the dated price cap) as used_tariff, and a note. `status` appears only on a failed write, which this server answers with a
// 400 {error, field} instead, so it is never set here.

function rateList(entries: TariffJsonEntry[] | null): TariffRates['import'] {
  // The contract's entry has no `clock`: a GMT-basis schedule (Economy 7) is shown by its times alone.
  return entries === null
    ? null
    : entries.map(({ days, prices, times, rate_names }) => ({ days, prices, times, rate_names }));
}

function rates(tariff: Tariff | undefined): TariffRates {
  if (tariff === undefined) return { import: null, export: null, generation: null, standing_charge: null };
  const json = tariffToJson(tariff);
  const sc = json.standing_charge?.[0]?.prices[0];
  return {
    import: rateList(json.import),
    export: rateList(json.export),
    generation: rateList(json.generation),
    standing_charge:
      sc === undefined ? null : [{ days: 'all', prices: [sc], times: [0], rate_names: ['fix'] }],
  };
}

/** YYYY-MM-DD → DD-MM-YY, as §9 shows dates. */
const shown = (date: string): string => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(2, 4)}`;

/** Where a dynamic rate's prices come from, by its name: the products an Octopus account names. */
const DYNAMIC_PRICES: Record<string, string> = {
  agile: "Import is priced half-hour by half-hour from Octopus Agile's published prices.",
  tracker: "Import is priced day by day from Octopus Tracker's published prices.",
};

function note(current: Tariff | undefined, upcoming: Tariff | undefined): string {
  const parts: string[] = [];
  if (current?.import?.type === 'dynamic') {
    const name = current.import.name;
    parts.push(
      DYNAMIC_PRICES[name] ?? `Import is priced half-hour by half-hour from imported prices (${name}).`,
    );
  }
  if (upcoming !== undefined) parts.push(`A new tariff starts on ${shown(upcoming.startDate)}.`);
  return parts.join(' ');
}

/** The response to GET and POST /tariff_setting/, for the versions of a house and today's local date. */
export function presentTariff(
  versions: readonly Tariff[],
  today: string,
  defaults: readonly Tariff[] = DEFAULT_TARIFFS,
): TariffResponse {
  let current: Tariff | undefined;
  let upcoming: Tariff | undefined;
  for (const v of versions) {
    if (v.startDate <= today) current = v;
    else if (upcoming === undefined) upcoming = v;
  }
  return {
    ...rates(current),
    used_tariff: rates(defaultTariffOn(today, defaults)),
    tariffs_msg: note(current, upcoming),
  };
}
