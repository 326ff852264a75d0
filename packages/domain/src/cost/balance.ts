// Balances in the shapes of §3: money in n£, energy in Wh.

/** Summed money of a period, n£. */
export interface MoneyTotals {
  readonly import_cost: number;
  readonly export_income: number;
  readonly generation_income: number;
  readonly standing_charge: number;
}

/** Cost from a period's money: import cost + standing charge (§3 balance.cost). */
export const costOf = (t: Pick<MoneyTotals, 'import_cost' | 'standing_charge'>): number =>
  t.import_cost + t.standing_charge;

/** §3 balance: income = export + generation earnings; cost = import + standing charge. */
export interface Balance {
  readonly income: number;
  readonly cost: number;
  readonly profit_loss: number;
}

/** §3 energy_balance: generated, and consumed = imported + generation used at home. */
export interface EnergyBalance {
  readonly generated: number;
  readonly consumed: number;
}

export function balanceOf(t: MoneyTotals): Balance {
  const income = t.export_income + t.generation_income;
  const cost = costOf(t);
  return { income, cost, profit_loss: income - cost };
}

/**
 * Generation used at home in one slot: generation − export, floored at 0 (an export larger than the
 * metered generation, e.g. from a battery, must not reduce consumption below the import).
 */
export function selfConsumedWh(slot: { generation_wh: number; export_wh: number }): number {
  return Math.max(0, slot.generation_wh - slot.export_wh);
}

/** Energy balance of one slot. Sum slot results for a period so the floor applies per slot. */
export function slotEnergyBalance(slot: {
  import_wh: number;
  export_wh: number;
  generation_wh: number;
}): EnergyBalance {
  return { generated: slot.generation_wh, consumed: slot.import_wh + selfConsumedWh(slot) };
}
