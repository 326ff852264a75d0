import { CURRENCY_UNIT } from '../../shared/units';
import type { Comparison } from './compare';
import { candidateName, monthKeys, ranked } from './compare-present';

// GET /energy_info/compare/?format=csv (issue 37): the monthly table as the screen shows it, a row per
// month (YYYY-MM), a column per tariff in the answer's order (cheapest first), a Total row that is each
// column's sum. Written from the integer pennies, never from the pounds of the JSON, so every cell is
// the screen's figure exactly: pounds with two decimals, no currency sign (a spreadsheet reads numbers).

/** Integer pennies as pounds with two decimals, exactly: 1300 → '13.00', -5 → '-0.05'. */
export function poundsText(pennies: number): string {
  if (!Number.isSafeInteger(pennies)) throw new RangeError(`not whole pennies: ${pennies}`);
  const abs = Math.abs(pennies);
  return `${pennies < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const field = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

const line = (cells: readonly string[]): string => `${cells.map(field).join(',')}\r\n`;

export function comparisonCsv(c: Comparison): string {
  const tariffs = ranked(c);
  const keys = monthKeys(c);
  return [
    line(['Month', ...tariffs.map((t) => `${candidateName(t.kind)} (${CURRENCY_UNIT})`)]),
    ...keys.map((month, i) => line([month, ...tariffs.map((t) => poundsText(t.monthly[i] as number))])),
    line(['Total', ...tariffs.map((t) => poundsText(t.total))]),
  ].join('');
}

/** The download's file name: the months it covers, e.g. tariffs-compared-2025-12-to-2026-11.csv. */
export function comparisonCsvName(c: Comparison): string {
  const keys = monthKeys(c);
  const span = keys.length === 0 ? 'no-months' : `${keys[0]}-to-${keys[keys.length - 1]}`;
  return `tariffs-compared-${span}.csv`;
}
