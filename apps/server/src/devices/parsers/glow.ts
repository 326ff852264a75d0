import { z } from 'zod';
import { type Body, hasData } from './sample';
import { counter, deviceTime, json, num, parseWith, power } from './values';

// Glow (glow/<id>/SENSOR/electricitymeter): `import.cumulative` (and `export.cumulative`) kWh are the only
// energy truth; day/week/month are never read (suppliers reset them at different midnights). A zero
// counter and the error value are dropped, as is zero power. Time: the meter's `timestamp` (UTC, `Z`).

/** Glow's error value for power (0x800000 / 1000, negated). */
const GLOW_ERROR = -8388.608;

const glowSchema = z.object({
  electricitymeter: z.object({
    timestamp: z.string(),
    energy: z.object({
      import: z.object({ cumulative: num }),
      export: z.object({ cumulative: num }).optional(),
    }),
    power: z.object({ value: num }).optional(),
  }),
});

export function glow(text: string, received: number): Body[] {
  const m = parseWith(glowSchema, json(text)).electricitymeter;
  const body: Body = { t: deviceTime(m.timestamp, received, null), channel: 0 };
  const imp = m.energy.import.cumulative;
  if (imp !== 0) body.importMwh = counter(imp, 1e6, 'import.cumulative');
  const exp = m.energy.export?.cumulative ?? 0;
  if (exp !== 0) body.exportMwh = counter(exp, 1e6, 'export.cumulative');
  const p = m.power?.value;
  if (p !== undefined && p !== 0 && p !== GLOW_ERROR) body.powerW = power(p, 1000, 'power.value');
  return hasData(body) ? [body] : [];
}
