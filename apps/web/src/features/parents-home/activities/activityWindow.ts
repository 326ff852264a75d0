/** The ?on&off window of the activity screens (epoch seconds, off after on), or null when malformed. */
export function readWindow(params: URLSearchParams): { on: number; off: number } | null {
  const on = params.get('on') ?? '';
  const off = params.get('off') ?? '';
  if (!/^\d{1,12}$/.test(on) || !/^\d{1,12}$/.test(off)) return null;
  return Number(off) > Number(on) ? { on: Number(on), off: Number(off) } : null;
}

/** A positive integer path id, or null. */
export function readId(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
