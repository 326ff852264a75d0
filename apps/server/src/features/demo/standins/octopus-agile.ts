import { readFileSync } from 'node:fs';
import { realFile } from '../../../shared/real-data';

// The Octopus stand-in's Agile product (../shared/design/suppliers.md): E-1R-AGILE-18-02-21-A's
// standard-unit-rates are the real Agile prices of 2020, region A (Eastern England), read at run time from
// ../shared/data/real/octopus-agile (energy-stats.uk's layout: the half-hour's start in UTC, p/kWh with 5%
// VAT, no gaps; SOURCE.md), one row per half-hour as the API lists them, with no payment method. Its
// standing charge is written for the tests (the file has none), exported so they work a day by hand.

export const AGILE = 'AGILE-18-02-21';
export const AGILE_REGION = 'A';
export const AGILE_FILE = 'octopus-agile/csv_agile_A_Eastern_England_2020.csv';
/** Pence a day, VAT included: written for the tests, not from the file. */
export const AGILE_STANDING_PENCE = 21;

export interface AgileRow {
  /** Epoch seconds, the half-hour's start. */
  from: number;
  /** p/kWh, VAT included, as the file writes it. */
  incVat: number;
}

let rows: AgileRow[] | undefined;

/** The file's half-hours, oldest first. Read once per process. */
export function agileRows(): AgileRow[] {
  if (rows) return rows;
  rows = readFileSync(realFile(AGILE_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','))
    .map(([stamp = '', , , , price = '']) => ({ from: Date.parse(stamp) / 1000, incVat: Number(price) }))
    .sort((a, b) => a.from - b.from);
  return rows;
}
