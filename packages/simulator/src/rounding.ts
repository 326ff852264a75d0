// Exact (float) minute energies → integer Wh. Carry rounding keeps every running total within
// 0.5 Wh of the exact one; snapping each local day's totals to whole Wh first lets the carry
// restart at each midnight, so a day computes the same integers whatever range it sits in.

/** Integer series whose every prefix sum is the rounded exact prefix sum (never negative for
 * non-negative input). A cap, when given, bounds each minute (carry absorbs the difference). */
export function carryRound(values: ArrayLike<number>, cap?: ArrayLike<number>): Int32Array {
  const out = new Int32Array(values.length);
  let exact = 0;
  let emitted = 0;
  for (let i = 0; i < values.length; i++) {
    exact += values[i] ?? 0;
    let v = Math.round(exact) - emitted;
    if (cap) v = Math.min(v, cap[i] ?? 0);
    if (v < 0) v = 0;
    out[i] = v;
    emitted += v;
  }
  return out;
}

function argMax(values: Float64Array): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] ?? 0) > (values[best] ?? 0)) best = i;
  return best;
}

function sum(values: Float64Array): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i] ?? 0;
  return s;
}

/** The nudge (|r| ≤ 1) that makes `total` whole without pushing `largest` below zero. */
function nudge(total: number, largest: number): number {
  const r = Math.round(total) - total;
  return largest + r < 0 ? r + 1 : r;
}

export interface MeterMinutes {
  importWh: Float64Array;
  exportWh: Float64Array;
  generationWh: Float64Array;
}

/**
 * Splits demand and generation (Wh per minute) into import and export, after nudging one minute
 * of each series by under 1 Wh so the day's three totals are whole. Demand is never below
 * ~1 Wh a minute (baseload), which keeps the nudges physical.
 */
export function meterMinutes(demandWh: Float64Array, generationWh: Float64Array): MeterMinutes {
  const n = demandWh.length;
  const gen = Float64Array.from(generationWh);
  const totalGen = sum(gen);
  if (totalGen > 0) {
    const k = argMax(gen);
    gen[k] = (gen[k] ?? 0) + nudge(totalGen, gen[k] ?? 0);
  }
  const importWh = new Float64Array(n);
  const exportWh = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const net = (demandWh[i] ?? 0) - (gen[i] ?? 0);
    if (net >= 0) importWh[i] = net;
    else exportWh[i] = -net;
  }
  const totalExport = sum(exportWh);
  if (totalExport > 0) {
    // Adjust export by trimming the same minute's demand, so import there stays zero.
    const k = argMax(exportWh);
    const r = nudge(totalExport, exportWh[k] ?? 0);
    exportWh[k] = (exportWh[k] ?? 0) + r;
  }
  const totalImport = sum(importWh);
  if (totalImport > 0) {
    const k = argMax(importWh);
    importWh[k] = (importWh[k] ?? 0) + nudge(totalImport, importWh[k] ?? 0);
  }
  return { importWh, exportWh, generationWh: gen };
}

export interface MeterInts {
  importWh: Int32Array;
  exportWh: Int32Array;
  generationWh: Int32Array;
}

export function roundMeter(m: MeterMinutes): MeterInts {
  const generationWh = carryRound(m.generationWh);
  // Export is at most generation minus ~1 Wh of demand, so the cap never binds in practice.
  return { importWh: carryRound(m.importWh), exportWh: carryRound(m.exportWh, generationWh), generationWh };
}
