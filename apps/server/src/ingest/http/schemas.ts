import { FUELS } from '@homeview/contract';
import { isValidTimeZone } from '@homeview/domain';
import { z } from 'zod';

// Query strings of the ingest routes. The bodies are read by the formats layer, whose messages name rows.

export const readingsQuery = z.strictObject(
  {
    format: z.string().optional(),
    /** Absent: first wins (a resent reading changes nothing). replace: correct the stored values. */
    mode: z
      .enum(['replace'], { error: 'mode must be replace, or left out to keep the stored readings' })
      .optional(),
    /** Absent: electricity. gas: import_wh is the gas used (Wh), export_wh and generation_wh 0. */
    fuel: z
      .enum(FUELS, { error: `fuel must be one of ${FUELS.join(', ')}, or left out for electricity` })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown query field: ${issue.keys.join(', ')}` : 'bad query',
  },
);

export const powerQuery = z.strictObject(
  {
    interval_s: z.coerce
      .number({ error: 'interval_s must be the seconds between samples, 1 to 1800' })
      .int('interval_s must be a whole number of seconds')
      .min(1, 'interval_s must be 1 to 1800')
      .max(1800, 'interval_s must be 1 to 1800'),
    naive_time_zone: z
      .string()
      .refine(isValidTimeZone, 'naive_time_zone must be an IANA zone such as Europe/London or UTC')
      .optional(),
    unmapped: z.enum(['error', 'skip'], { error: 'unmapped must be error or skip' }).default('error'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown query field: ${issue.keys.join(', ')}` : 'bad query',
  },
);
