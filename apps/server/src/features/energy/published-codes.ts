// The Octopus product codes whose published rates price Compare tariffs' candidates (issue 37), each a
// dated list of the codes on sale, since a code changes when Octopus relaunches the product; a date is
// priced by the code on sale then (published-products.ts). `from`: the local date (Europe/London) the
// code went on sale.
//
// Agile and Tracker — AGILE-18-02-21 and SILVER-2017-1 (the first versions, 2018–2022: guylipman.com/octopus,
// the Octopus Tracker/Agile comparison pages' product lists), AGILE-22-07-22, SILVER-22-04-25,
// SILVER-22-07-22 and the FLEX codes of 25 November 2022 (Octopus's products list as clients record it, e.g.
// the Home Assistant Octopus integration's tests and tracker price pages: "SILVER-FLEX-22-11-25 … November
// 2022 v1 (original)"), SILVER-23-12-06, SILVER-24-04-03, SILVER-24-07-01, SILVER-24-10-01 and
// AGILE-23-12-06, AGILE-24-10-01 (the same lists, each code's name its launch date). ⚠ The first Tracker's
// start is the launch month, not checked against the products list's `available_from`.
//
// The time-of-use products, found in public clients' code (searched 3 December 2026): a products-list
// test fixture of a TypeScript client records `available_from` for GO-VAR-22-10-14 ("Octopus Go", "super
// cheap electricity between 00:30 - 05:30 every night", 2022-10-14T00:00:00+01:00), COSY-22-12-08 ("Cosy
// Octopus", 2022-12-13T00:00:00Z), FLUX-IMPORT-23-02-14 and FLUX-EXPORT-23-02-14 ("Octopus Flux Import" /
// "Export", 2023-02-14T00:00:00Z) and VAR-22-11-01 ("Flexible Octopus", relisted 2023-03-28, named for
// 1 November 2022); that fixture's Cosy unit rates are one row per window (04:00–07:00Z, 13:00–16:00Z,
// 22:00–00:00Z cheap; 16:00–19:00Z peak), as the products endpoints send every time-of-use product.
// Economy 7 is Flexible Octopus's dual-register tariff, E-2R-VAR-22-11-01-<region> (the Home Assistant
// Octopus integration's docs: "I want the dual electricity tariff version, so will pick
// E-2R-VAR-22-11-01-A"; a .NET client's tests: `EconomySevenTariff = "E-2R-VAR-22-11-01-A"`). Intelligent
// Octopus Go: INTELLI-VAR-22-10-14, then INTELLI-VAR-24-10-29 (clients try "INTELLI-VAR-24-10-29",
// "INTELLI-VAR-22-10-14" newest first; a customer's agreements move from the first to the second), its
// unit rates one row per window too (a client's test: 6.9p "2026-08-23T22:30:00Z" to
// "2026-08-24T04:30:00Z", 23:30–05:30 BST). ⚠ INTELLI-VAR-24-10-29's start is its name's date, not
// checked against `available_from`.

export interface CodeRow {
  /** Local date (Europe/London) the code went on sale. */
  readonly from: string;
  readonly code: string;
}

export const AGILE_CODES: readonly CodeRow[] = [
  { from: '2018-02-21', code: 'AGILE-18-02-21' },
  { from: '2022-07-22', code: 'AGILE-22-07-22' },
  { from: '2022-11-25', code: 'AGILE-FLEX-22-11-25' },
  { from: '2023-12-06', code: 'AGILE-23-12-06' },
  { from: '2024-10-01', code: 'AGILE-24-10-01' },
];

export const TRACKER_CODES: readonly CodeRow[] = [
  { from: '2018-12-01', code: 'SILVER-2017-1' },
  { from: '2022-04-25', code: 'SILVER-22-04-25' },
  { from: '2022-07-22', code: 'SILVER-22-07-22' },
  { from: '2022-11-25', code: 'SILVER-FLEX-22-11-25' },
  { from: '2023-12-06', code: 'SILVER-23-12-06' },
  { from: '2024-04-03', code: 'SILVER-24-04-03' },
  { from: '2024-07-01', code: 'SILVER-24-07-01' },
  { from: '2024-10-01', code: 'SILVER-24-10-01' },
];

export const GO_CODES: readonly CodeRow[] = [{ from: '2022-10-14', code: 'GO-VAR-22-10-14' }];
export const INTELLIGENT_GO_CODES: readonly CodeRow[] = [
  { from: '2022-10-14', code: 'INTELLI-VAR-22-10-14' },
  { from: '2024-10-29', code: 'INTELLI-VAR-24-10-29' },
];
export const COSY_CODES: readonly CodeRow[] = [{ from: '2022-12-13', code: 'COSY-22-12-08' }];
export const FLUX_IMPORT_CODES: readonly CodeRow[] = [{ from: '2023-02-14', code: 'FLUX-IMPORT-23-02-14' }];
export const FLUX_EXPORT_CODES: readonly CodeRow[] = [{ from: '2023-02-14', code: 'FLUX-EXPORT-23-02-14' }];
/** Economy 7: Flexible Octopus's E-2R tariff (day and night rates; the window is the meter's). */
export const ECONOMY_7_CODES: readonly CodeRow[] = [{ from: '2022-11-01', code: 'VAR-22-11-01' }];
