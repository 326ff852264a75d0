import { z } from 'zod';
import { Bad, counter, json, num, parseWith } from './values';

// A Shelly EM's own records of a gap, the answer to our EM1Data.GetData / EMData.GetData (asked by
// shelly-rpc.ts; the records are placed by ../em-history.ts).

/** One record of a Shelly EM's history: the energy (mWh) used and returned over [ts, ts + period). */
export interface EmRecord {
  ts: number;
  period: number;
  importMwh: number;
  exportMwh: number;
}

const historySchema = z.object({
  id: num,
  result: z.object({
    keys: z.array(z.string()).max(200),
    data: z
      .array(
        z.object({
          ts: num,
          period: num,
          values: z.array(z.array(z.number().nullable()).max(200)).max(100_000),
        }),
      )
      .max(10_000),
    next_record_ts: num.optional(),
  }),
});

/**
 * A Shelly EM's answer to `EM1Data.GetData` / `EMData.GetData` (`{keys, data: [{ts, period, values}],
 * next_record_ts}`): each row of `values` is one record of `period` seconds from `ts` on, its columns
 * named by `keys`; a record's `total_act_energy` / `total_act_ret_energy` (EM1Data) or its phases'
 * `a_…`/`b_…`/`c_total_act_energy` and `…_total_act_ret_energy` (EMData) are the Wh of that period.
 * Returns the records and where the next page starts, or a reason it is not such an answer.
 */
export function parseEmHistory(
  text: string,
): { ok: true; rpcId: number; records: EmRecord[]; next: number | null } | { ok: false; reason: string } {
  try {
    if (text.length > 4 * 1024 * 1024) throw new Bad('the answer is more than 4 MB');
    const answer = parseWith(historySchema, json(text));
    const { keys, data, next_record_ts } = answer.result;
    const columns = (suffix: string) => {
      const exact = keys.indexOf(suffix);
      if (exact >= 0) return [exact];
      return ['a_', 'b_', 'c_'].map((p) => keys.indexOf(`${p}${suffix}`)).filter((i) => i >= 0);
    };
    const used = columns('total_act_energy');
    const returned = columns('total_act_ret_energy');
    if (used.length === 0) throw new Bad('the answer has no total_act_energy column');
    const records: EmRecord[] = [];
    for (const block of data) {
      if (!Number.isSafeInteger(block.ts) || !Number.isSafeInteger(block.period) || block.period <= 0)
        throw new Bad('a block has no whole ts and period');
      block.values.forEach((row, i) => {
        const sum = (cols: number[], name: string) =>
          cols.reduce((total, c) => total + counter(row[c] ?? 0, 1000, name), 0);
        records.push({
          ts: block.ts + i * block.period,
          period: block.period,
          importMwh: sum(used, 'total_act_energy'),
          exportMwh: sum(returned, 'total_act_ret_energy'),
        });
      });
    }
    return { ok: true, rpcId: answer.id, records, next: next_record_ts ?? null };
  } catch (error) {
    if (error instanceof Bad) return { ok: false, reason: error.message };
    throw error;
  }
}
