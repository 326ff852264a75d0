import { z } from 'zod';
import { parseTimestamp } from '../../ingest/formats/time';
import { NaiveTimeResolver } from '../../ingest/formats/zone';

// The checks every device family's parser shares: a payload read as JSON or a bare number, counters and
// power to whole integers within believable bounds, a device's own time believed or not. Bad input throws
// Bad, which the dispatcher (parse.ts) turns into a reason on the device's card.

export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** A counter above this is not a real register (a million MWh). */
const MAX_COUNTER_MWH = 1e15;
/** A device time more than this ahead of the receive time is not believed (the receive time is used). */
const MAX_AHEAD_S = 120;

export class Bad extends Error {}

export const num = z.number();

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'is not the expected shape';
  const path = issue.path.join('.');
  return `${path === '' ? 'the message' : path}: ${issue.message}`;
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Bad(firstIssue(result.error));
  return result.data;
}

export function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Bad('the payload is not JSON');
  }
}

export function bareNumber(text: string): number {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v)) throw new Bad(`"${text.slice(0, 40)}" is not a number`);
  return v;
}

/** A counter in `unitMwh` mWh per unit → whole mWh; negative or absurd counters are bad input. */
export function counter(value: number, unitMwh: number, name: string): number {
  if (!Number.isFinite(value) || value < 0) throw new Bad(`${name} ${value} is not a counter (≥ 0)`);
  const mwh = Math.round(value * unitMwh);
  if (mwh > MAX_COUNTER_MWH) throw new Bad(`${name} ${value} is beyond any real meter register`);
  return mwh;
}

export function power(value: number, unitW: number, name: string): number {
  if (!Number.isFinite(value) || Math.abs(value * unitW) > 1e6)
    throw new Bad(`${name} ${value} is not a believable power`);
  return Math.round(value * unitW);
}

/** A device's time text: with an offset (or epoch) as it says; local in `zone`; no zone: the receive time. */
export function deviceTime(text: string, received: number, zone: string | null): number {
  const parsed = parseTimestamp(text);
  if (!parsed.ok) throw new Bad(`time "${text.slice(0, 40)}" ${parsed.reason}`);
  let t: number;
  if (typeof parsed.value === 'number') t = parsed.value;
  else {
    if (zone === null) return received;
    const resolved = new NaiveTimeResolver(zone).resolve(parsed.value, text, null);
    if (!resolved.ok) throw new Bad(`time ${resolved.reason}`);
    t = resolved.value;
  }
  return believable(t, received);
}

export function believable(t: number, received: number): number {
  return t > received + MAX_AHEAD_S ? received : Math.floor(t);
}
