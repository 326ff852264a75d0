import {
  type ClockBasis,
  dynamicRate,
  makeTariff,
  type Rate,
  scheduledRate,
  type ScheduleEntry,
  type Tariff,
} from './model';

// A lossless, integer-only form of a tariff version for the server to persist (e.g. a JSONB column):
// unlike the §3 JSON it keeps dynamic price series and needs no decimal conversion.

export type StoredRate =
  | { readonly type: 'schedule'; readonly basis: ClockBasis; readonly entries: readonly ScheduleEntry[] }
  | {
      readonly type: 'dynamic';
      readonly name: string;
      readonly prices: readonly (readonly [number, number])[];
    };

export interface StoredTariff {
  readonly startDate: string;
  readonly standingCharge: number | null; // µ£/day
  readonly import: StoredRate | null;
  readonly export: StoredRate | null;
  readonly generation: StoredRate | null;
}

function rateToStored(rate: Rate | null): StoredRate | null {
  if (rate === null) return null;
  if (rate.type === 'schedule') return { type: 'schedule', basis: rate.basis, entries: rate.entries };
  return { type: 'dynamic', name: rate.name, prices: [...rate.prices].sort((a, b) => a[0] - b[0]) };
}

function rateFromStored(rate: StoredRate | null): Rate | null {
  if (rate === null) return null;
  return rate.type === 'schedule'
    ? scheduledRate(rate.entries, rate.basis)
    : dynamicRate(rate.prices, rate.name);
}

export function tariffToStored(t: Tariff): StoredTariff {
  return {
    startDate: t.startDate,
    standingCharge: t.standingCharge,
    import: rateToStored(t.import),
    export: rateToStored(t.export),
    generation: rateToStored(t.generation),
  };
}

/** Rebuilds (and re-validates) a tariff version from its stored form. */
export function tariffFromStored(s: StoredTariff): Tariff {
  return makeTariff({
    startDate: s.startDate,
    standingCharge: s.standingCharge,
    import: rateFromStored(s.import),
    export: rateFromStored(s.export),
    generation: rateFromStored(s.generation),
  });
}
