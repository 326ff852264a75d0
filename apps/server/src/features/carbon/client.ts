import type { FastifyBaseLogger } from 'fastify';
import { type ForecastPeriod, NationalForecast, RegionalForecast } from './schema';

// The grid's carbon intensity forecast for a home (CARBON_INTENSITY_URL, no key): its region's, found
// from its postcode's outward code, or Great Britain's without one. One request per region a half-hour
// (the API publishes half-hourly), shared by every home there; an answer that is not the documented
// shape is a counted, logged rejection, and an unreachable service is "no forecast now", never an error
// of the screen. Failures are remembered for a minute so a service that is down costs each request no
// wait. Per process, correct so: a forecast is the same whichever server asks.

export const CARBON_SOURCE = 'Carbon Intensity API (National Grid ESO, CC BY 4.0)';
const TIMEOUT_MS = 5000;
const FAILURE_TTL_S = 60;
const HALF_HOUR_S = 1800;
const CACHE_MAX = 64;

export interface Forecast {
  status: 'forecast' | 'unavailable';
  /** The API's name of the region ('London'), 'Great Britain' nationally; null when unavailable. */
  region: string | null;
  postcode: string | null;
  /** Half-hour start (epoch s) → gCO₂/kWh and band. */
  slots: ReadonlyMap<number, { forecast: number; index: string }>;
}

/** What happened to the requests, for the logs and the tests. */
export const carbonStats = { fetched: 0, cached: 0, rejected: 0, unreachable: 0 };

const cache = new Map<string, { until: number; forecast: Forecast }>();

const iso = (ts: number) => `${new Date(ts * 1000).toISOString().slice(0, 16)}Z`;

const bySlot = (periods: readonly ForecastPeriod[]) =>
  new Map(periods.map((p) => [p.from, { forecast: p.intensity.forecast, index: p.intensity.index }]));

async function fetchForecast(
  baseUrl: string,
  postcode: string | null,
  from: number,
  log: FastifyBaseLogger,
): Promise<Forecast> {
  const url = postcode
    ? `${baseUrl}/regional/intensity/${iso(from)}/fw48h/postcode/${encodeURIComponent(postcode)}`
    : `${baseUrl}/intensity/${iso(from)}/fw48h`;
  const none: Forecast = { status: 'unavailable', region: null, postcode, slots: new Map() };
  let body: unknown;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) {
      carbonStats.unreachable++;
      log.warn({ status: res.status, postcode }, 'carbon intensity forecast refused: no forecast now');
      return none;
    }
    body = await res.json();
  } catch (error) {
    carbonStats.unreachable++;
    log.warn({ err: error, postcode }, 'carbon intensity forecast unreachable: no forecast now');
    return none;
  }
  const parsed = postcode ? RegionalForecast.safeParse(body) : NationalForecast.safeParse(body);
  if (!parsed.success) {
    carbonStats.rejected++;
    log.warn(
      { issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`), postcode },
      'carbon intensity answer rejected (not the documented shape): no forecast now',
    );
    return none;
  }
  carbonStats.fetched++;
  return 'regionid' in parsed.data.data
    ? {
        status: 'forecast',
        region: parsed.data.data.shortname,
        postcode,
        slots: bySlot(parsed.data.data.data),
      }
    : {
        status: 'forecast',
        region: 'Great Britain',
        postcode,
        slots: bySlot(parsed.data.data as ForecastPeriod[]),
      };
}

/** The forecast from the half-hour containing `now`, from the cache while that half-hour lasts. */
export async function carbonForecast(
  baseUrl: string,
  postcode: string | null,
  now: number,
  log: FastifyBaseLogger,
): Promise<Forecast> {
  const key = `${baseUrl}|${postcode ?? 'GB'}`;
  const hit = cache.get(key);
  if (hit !== undefined && now < hit.until && now >= hit.until - HALF_HOUR_S) {
    carbonStats.cached++;
    return hit.forecast;
  }
  const slot = now - (now % HALF_HOUR_S);
  const forecast = await fetchForecast(baseUrl, postcode, slot, log);
  const until =
    forecast.status === 'forecast' ? slot + HALF_HOUR_S : Math.min(now + FAILURE_TTL_S, slot + HALF_HOUR_S);
  cache.delete(key);
  cache.set(key, { until, forecast });
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
  return forecast;
}
