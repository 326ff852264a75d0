import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the GB Carbon Intensity API (../shared/design/suppliers.md), for tests (no test
// reaches the internet) and the demo (DEMO_SUPPLIER). It serves the documented forecast shapes:
// `/regional/intensity/{from}/fw48h/postcode/{outcode}` → {data: {regionid, dnoregion, shortname, postcode,
// data: [{from, to, intensity: {forecast, index}, generationmix}]}} and `/intensity/{from}/fw48h` →
// {data: [{from, to, intensity: {forecast, actual, index}}]}, 96 half-hours from the one containing
// `from`. Outward codes map to the API's 14 network regions by their letters (a short table, enough for
// tests and the demo); an unknown one is a 400 as the API answers a bad postcode. The figures are a
// test's own (`intensity`) or a made-up daily shape per region (low at night and at midday's sun, high
// at the evening peak). Faults: `down` (500s), `hang` (never answers), `badShape` (a 200 that is not the
// documented shape). The national recorded range, `/intensity/{from}/{to}` (at most 14 days, else a 400 as
// the API answers) → {data: [{from, to, intensity: {forecast, actual, index}}]}, the half-hours starting in
// [from, to): a test's own figures (`recorded`), else the made-up day's, `actual` for half-hours over by the
// real clock (the demo's history) and null after.

/** The API's region ids and short names (1–14 network areas, 15–17 nations). */
export const REGIONS: Record<number, string> = {
  1: 'North Scotland',
  2: 'South Scotland',
  3: 'North West England',
  4: 'North East England',
  5: 'Yorkshire',
  6: 'North Wales & Merseyside',
  7: 'South Wales',
  8: 'West Midlands',
  9: 'East Midlands',
  10: 'East England',
  11: 'South West England',
  12: 'South England',
  13: 'London',
  14: 'South East England',
};

const AREAS: Record<string, number> = {
  AB: 1,
  IV: 1,
  DD: 1,
  PH: 1,
  KW: 1,
  G: 2,
  EH: 2,
  KA: 2,
  ML: 2,
  TD: 2,
  DG: 2,
  M: 3,
  PR: 3,
  BB: 3,
  LA: 3,
  BL: 3,
  NE: 4,
  DH: 4,
  SR: 4,
  TS: 4,
  S: 5,
  LS: 5,
  DN: 5,
  HU: 5,
  YO: 5,
  L: 6,
  CH: 6,
  LL: 6,
  CF: 7,
  SA: 7,
  NP: 7,
  B: 8,
  CV: 8,
  WV: 8,
  WS: 8,
  DY: 8,
  NG: 9,
  LE: 9,
  DE: 9,
  CB: 10,
  NR: 10,
  IP: 10,
  CO: 10,
  CM: 10,
  BS: 11,
  EX: 11,
  PL: 11,
  TR: 11,
  TA: 11,
  BA: 11,
  RG: 12,
  SO: 12,
  PO: 12,
  OX: 12,
  SW: 13,
  SE: 13,
  E: 13,
  N: 13,
  W: 13,
  EC: 13,
  WC: 13,
  NW: 13,
  BN: 14,
  TN: 14,
  CT: 14,
  ME: 14,
  GU: 14,
};

/** The region of an outward code, or undefined when the table does not know its letters. */
export function regionOfOutcode(outcode: string): number | undefined {
  const letters = /^([A-Z]{1,2})[0-9]/.exec(outcode.toUpperCase())?.[1];
  return letters === undefined ? undefined : AREAS[letters];
}

export function indexOf(g: number): string {
  return g < 60 ? 'very low' : g < 140 ? 'low' : g < 220 ? 'moderate' : g < 300 ? 'high' : 'very high';
}

/**
 * A made-up day: Scotland's is low, London's higher, Great Britain's (region 0) in between; night and
 * midday low, 17:00–19:30 UTC high.
 */
export function demoIntensity(slot: number, region: number): number {
  const base = region === 1 || region === 2 ? 40 : region === 13 ? 170 : 130;
  const hour = (slot % 86_400) / 3600;
  const shape = hour >= 17 && hour < 19.5 ? 90 : hour >= 11 && hour < 15 ? -50 : hour < 5 ? -30 : 0;
  return Math.max(15, base + shape + ((slot / 1800) % 5) * 3);
}

export interface CarbonFaults {
  down: boolean;
  hang: boolean;
  badShape: boolean;
}

export interface CarbonStandin {
  url: string;
  faults: CarbonFaults;
  /** Paths asked, in order. */
  calls: string[];
  close(): Promise<void>;
}

export interface CarbonStandinOptions {
  /** gCO₂/kWh of a half-hour (its start, epoch s) in a region (0 = Great Britain). */
  intensity?: (slot: number, region: number) => number;
  faults?: Partial<CarbonFaults>;
  /** The national range's figures of a half-hour; null leaves it out of the answer (the API's gaps). */
  recorded?: (slot: number) => { forecast: number | null; actual: number | null } | null;
}

const REGIONAL = /^\/regional\/intensity\/([^/]+)\/fw48h\/postcode\/([^/]+)\/?$/;
const NATIONAL = /^\/intensity\/([^/]+)\/fw48h\/?$/;
const RANGE = /^\/intensity\/([^/]+)\/([^/]+)\/?$/;
const RANGE_MAX_S = 14 * 86_400;

/** The made-up day's recorded figures: measured once the half-hour is over by the real clock. */
function demoRecorded(slot: number): { forecast: number; actual: number | null } {
  const forecast = demoIntensity(slot, 0);
  return { forecast, actual: slot + 1800 <= Date.now() / 1000 ? forecast + ((slot / 1800) % 3) - 1 : null };
}
const iso = (ts: number) => `${new Date(ts * 1000).toISOString().slice(0, 16)}Z`;

export async function startCarbonStandin(options: CarbonStandinOptions = {}): Promise<CarbonStandin> {
  const faults: CarbonFaults = { down: false, hang: false, badShape: false, ...options.faults };
  const intensity = options.intensity ?? demoIntensity;
  const calls: string[] = [];

  const periods = (fromText: string, region: number, national: boolean) => {
    const ms = Date.parse(decodeURIComponent(fromText));
    if (!Number.isFinite(ms)) return null;
    const first = Math.floor(ms / 1000 / 1800) * 1800;
    return Array.from({ length: 96 }, (_, i) => {
      const slot = first + i * 1800;
      const forecast = intensity(slot, region);
      const index = indexOf(forecast);
      return {
        from: iso(slot),
        to: iso(slot + 1800),
        intensity: national ? { forecast, actual: null, index } : { forecast, index },
        ...(national
          ? {}
          : {
              generationmix: [
                { fuel: 'gas', perc: 40 },
                { fuel: 'wind', perc: 60 },
              ],
            }),
      };
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    calls.push(path);
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (faults.hang) return; // never answers
    if (faults.down) return answer(500, { error: { code: '500 Internal Server Error', message: 'down' } });
    if (faults.badShape) return answer(200, { data: { regionid: 'thirteen', data: 'soon' } });
    const regional = REGIONAL.exec(path);
    if (regional) {
      const outcode = decodeURIComponent(regional[2] as string).toUpperCase();
      const region = regionOfOutcode(outcode);
      const data = region === undefined ? null : periods(regional[1] as string, region, false);
      if (region === undefined || data === null)
        return answer(400, { error: { code: '400 Bad Request', message: 'Please enter a valid postcode' } });
      return answer(200, {
        data: {
          regionid: region,
          dnoregion: REGIONS[region],
          shortname: REGIONS[region],
          postcode: outcode,
          data,
        },
      });
    }
    const range = NATIONAL.test(path) ? null : RANGE.exec(path);
    if (range) {
      const from = Date.parse(decodeURIComponent(range[1] as string)) / 1000;
      const to = Date.parse(decodeURIComponent(range[2] as string)) / 1000;
      if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from || to - from > RANGE_MAX_S)
        return answer(400, { error: { code: '400 Bad Request', message: 'Invalid date range' } });
      const figures = options.recorded ?? demoRecorded;
      const data = [];
      for (let slot = Math.ceil(from / 1800) * 1800; slot < to; slot += 1800) {
        const f = figures(slot);
        if (f === null) continue;
        const index = indexOf(f.actual ?? f.forecast ?? 0);
        data.push({ from: iso(slot), to: iso(slot + 1800), intensity: { ...f, index } });
      }
      return answer(200, { data });
    }
    const national = NATIONAL.exec(path);
    const data = national ? periods(national[1] as string, 0, true) : null;
    if (data === null) return answer(400, { error: { code: '400 Bad Request', message: 'Invalid request' } });
    return answer(200, { data });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
