import { z } from 'zod';

// The GB Carbon Intensity API's forecast answers (../shared/design/suppliers.md), as the client accepts
// them: half-hours `from`/`to` ("2026-10-24T11:00Z"), an integer gCO₂/kWh `forecast` and its `index`
// band. The regional forecast wraps its region in `data` as an object; the documentation is unsure (⚠)
// and the per-postcode "now" endpoint wraps it in a one-element array, so both are taken.

const HALF_HOUR_S = 1800;

const instant = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const ms = Date.parse(text);
    if (!Number.isFinite(ms) || ms % (HALF_HOUR_S * 1000) !== 0) {
      ctx.addIssue({ code: 'custom', message: `not a half-hour instant: ${text}` });
      return z.NEVER;
    }
    return ms / 1000;
  });

const INDEXES = ['very low', 'low', 'moderate', 'high', 'very high'] as const;

const period = z
  .object({
    from: instant,
    to: instant,
    intensity: z.object({
      forecast: z.number().int().min(0).max(5000),
      index: z.enum(INDEXES),
    }),
  })
  .refine((p) => p.to - p.from === HALF_HOUR_S, 'a period is one half-hour');

const periods = z.array(period).max(200);

const region = z.object({
  regionid: z.number().int().min(1).max(17),
  shortname: z.string().max(100),
  data: periods,
});

/** `/regional/intensity/{from}/fw48h/postcode/{outcode}` (or `/regionid/{id}`). */
export const RegionalForecast = z.object({
  data: z.union([
    region,
    z
      .array(region)
      .length(1)
      .transform((list) => list[0] as z.infer<typeof region>),
  ]),
});

/** `/intensity/{from}/fw48h`: Great Britain's. */
export const NationalForecast = z.object({ data: periods });

export type ForecastPeriod = z.infer<typeof period>;

/**
 * `/intensity/{from}/{to}` (at most 14 days): Great Britain's recorded half-hours, each with its
 * `actual` (null until measured, sometimes for good) beside the `forecast` (null in some old answers).
 */
const recordedPeriod = z
  .object({
    from: instant,
    to: instant,
    intensity: z.object({
      forecast: z.number().int().min(0).max(5000).nullable(),
      actual: z.number().int().min(0).max(5000).nullable(),
      index: z.enum(INDEXES).nullable().optional(),
    }),
  })
  .refine((p) => p.to - p.from === HALF_HOUR_S, 'a period is one half-hour');

/** 14 days are 672 half-hours; the API may add the half-hour ending at `from`. */
export const NationalRecorded = z.object({ data: z.array(recordedPeriod).max(700) });
export type RecordedPeriod = z.infer<typeof recordedPeriod>;
