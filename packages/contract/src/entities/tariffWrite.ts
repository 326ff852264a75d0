import { z } from 'zod';
import { isHalfHourHhmm } from '../clock';
import { RATE_DAYS, type RateKind } from '../codes';
import { controlProblem, fieldMessage, formObject, id, isoDate, jsonField, optionalField } from '../form';
import { messages } from '../messages';
import { MAX_STANDING_CHARGE } from '../tariffRows';
import { fuelField } from './energy';

// POST /tariff_setting/ (spec-decisions "Tariff write"): user_id, tariff (JSON text), optional start_date.
// A rate set to null (or an empty list) clears it, and the default tariff applies again.

export const MAX_RATES_PER_DAY = 48;
const MICRO = 1_000_000;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
// A JSON body carries numbers; a hand-built one may carry "0.1534". Both become numbers.
const toNumber = (v: unknown): unknown => (typeof v === 'string' && DECIMAL.test(v.trim()) ? Number(v) : v);
// Prices become integer micro-pounds on the server, so a seventh decimal would be silently rounded.
const hasAtMostSixDecimals = (n: number): boolean => Math.abs(n * MICRO - Math.round(n * MICRO)) < 1e-6;

const unitPrice = (kind: RateKind) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: fieldMessage(`${kind} price`, 'a number of pounds per kWh') })
      .lt(1, messages.priceMustBeUnderOne)
      .gt(-1, `${kind} price must be more than -1`)
      .refine(hasAtMostSixDecimals, `${kind} price must have at most 6 decimal places`),
  );

const startTime = (kind: RateKind) => {
  const message = `${kind} times must be whole numbers HHMM on half-hour steps from 0 to 2330`;
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v),
    z.number({ error: fieldMessage(`${kind} time`, 'a whole number HHMM') }).refine(isHalfHourHhmm, message),
  );
};

const rateName = (kind: RateKind) =>
  z
    .string({ error: fieldMessage(`${kind} rate name`, 'text') })
    .trim()
    .min(1, `${kind} rate names must not be empty`)
    .max(50, `${kind} rate names must be at most 50 characters`)
    .refine((s) => controlProblem(s) === null, `${kind} rate names ${controlProblem('\u001b')}`);

const bounded = <T extends z.ZodType>(kind: RateKind, what: string, item: T) =>
  z
    .array(item, { error: fieldMessage(`${kind} ${what}`, 'a list') })
    .min(1, `${kind} ${what} must not be empty`)
    .max(MAX_RATES_PER_DAY, `${kind} allows at most ${MAX_RATES_PER_DAY} rates per day`);

const rateEntry = (kind: RateKind) =>
  z
    .strictObject(
      {
        days: z.enum(RATE_DAYS, { error: fieldMessage(`${kind} days`, 'one of all, weekdays, weekend') }),
        prices: bounded(kind, 'prices', unitPrice(kind)),
        times: bounded(kind, 'times', startTime(kind)),
        rate_names: bounded(kind, 'rate_names', rateName(kind)),
      },
      { error: `Each ${kind} entry must be an object of days, prices, times and rate_names only` },
    )
    .superRefine((entry, ctx) => {
      const { prices, times, rate_names } = entry;
      if (prices.length !== times.length || rate_names.length !== times.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['times'],
          message: `${kind} prices, times and rate_names must have the same length`,
        });
      }
      if (times[0] !== 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['times', 0],
          message: `${kind} times must start at 0 (00:00)`,
        });
      }
      times.forEach((time, i) => {
        const before = times[i - 1];
        if (before !== undefined && time <= before) {
          ctx.addIssue({
            code: 'custom',
            path: ['times', i],
            message: `${kind} times must be in increasing order`,
          });
        }
      });
    });

/** One rate kind: [all] or entries for weekdays and/or weekend, each day set once; null or [] clears it. */
const rateList = (kind: RateKind) =>
  z
    .array(rateEntry(kind), { error: fieldMessage(kind, 'a list of rates or null') })
    .max(RATE_DAYS.length, `${kind} has at most one entry per days value`)
    .superRefine((list, ctx) => {
      const days = list.map((entry) => entry.days);
      if (new Set(days).size !== days.length) {
        ctx.addIssue({ code: 'custom', message: `${kind} has more than one entry for the same days` });
      } else if (days.includes('all') && days.length > 1) {
        ctx.addIssue({ code: 'custom', message: `${kind} cannot mix days all with weekdays or weekend` });
      }
    })
    .nullable()
    .transform((list) => (list === null || list.length === 0 ? null : list));

const STANDING_TIMES = 'The standing charge times must be [0]';
const STANDING_NAMES = "The standing charge rate_names must be ['fix']";

const standingChargeEntry = z.strictObject(
  {
    days: z.literal('all', { error: 'The standing charge applies to days all' }),
    prices: z.tuple(
      [
        z.preprocess(
          toNumber,
          z
            .number({ error: fieldMessage('Standing charge', 'a number of pounds per day') })
            .min(0, 'Standing charge must be 0 or more')
            .lt(MAX_STANDING_CHARGE, `Standing charge must be under ${MAX_STANDING_CHARGE}`)
            .refine(hasAtMostSixDecimals, 'Standing charge must have at most 6 decimal places'),
        ),
      ],
      { error: 'The standing charge has exactly one price' },
    ),
    times: z.tuple([z.literal(0, { error: STANDING_TIMES })], { error: STANDING_TIMES }),
    rate_names: z.tuple([z.literal('fix', { error: STANDING_NAMES })], { error: STANDING_NAMES }),
  },
  { error: 'The standing charge must be an object of days, prices, times and rate_names only' },
);

const standingCharge = z
  .array(standingChargeEntry, { error: fieldMessage('standing_charge', 'a list of one charge or null') })
  .max(1, 'standing_charge has exactly one entry')
  .nullable()
  .transform((list) => (list === null || list.length === 0 ? null : list));

/** The tariff JSON: only the rates present change; each may be null to clear it. */
export const TariffWrite = z
  .strictObject(
    {
      import: rateList('import').optional(),
      export: rateList('export').optional(),
      generation: rateList('generation').optional(),
      standing_charge: standingCharge.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown tariff field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
          : 'tariff must be an object of import, export, generation or standing_charge',
    },
  )
  .refine((t) => Object.values(t).some((rate) => rate !== undefined), {
    message: 'tariff must contain import, export, generation or standing_charge',
  });
export type TariffWrite = z.infer<typeof TariffWrite>;

/** POST /tariff_setting/: start_date (house's zone) defaults to today. */
export const TariffWriteRequest = formObject({
  user_id: id('user_id'),
  tariff: jsonField('tariff', TariffWrite, 'an object of import, export, generation or standing_charge'),
  start_date: optionalField(isoDate('start_date')),
  /** Additive (issue 35): the gas tariff is written with fuel=gas; absent is electricity. */
  fuel: fuelField,
});
export type TariffWriteRequest = z.infer<typeof TariffWriteRequest>;
