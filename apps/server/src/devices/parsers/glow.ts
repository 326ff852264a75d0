import { z } from 'zod';
import { type Body, hasData } from './sample';
import { Bad, counter, deviceTime, json, num, parseWith, power } from './values';

// Glow (glow/<id>/SENSOR/electricitymeter and …/gasmeter): `import.cumulative` (and electricity's
// `export.cumulative`) kWh are the only energy truth; day/week/month (and gas's dayvol/weekvol/monthvol,
// m³) are never read (suppliers reset them at different midnights), nor gas's cumulativevol (the kWh
// register is the meter's own conversion) or its power (gone since IHD 1.8.13). A zero counter is dropped
// (the Glow sends zeros while the meter is off the HAN); the error value -8388.608 is dropped as electricity
// power, and refused as a gas register (a counted reason on the device's card). Time: the meter's
// `timestamp` (UTC, `Z`).

/** Glow's error value (0x800000 / 1000, negated). */
const GLOW_ERROR = -8388.608;

const electricitySchema = z.object({
  electricitymeter: z.object({
    timestamp: z.string(),
    energy: z.object({
      import: z.object({ cumulative: num }),
      export: z.object({ cumulative: num }).optional(),
    }),
    power: z.object({ value: num }).optional(),
  }),
});

const gasSchema = z.object({
  gasmeter: z.object({
    timestamp: z.string(),
    energy: z.object({ import: z.object({ cumulative: num }) }),
  }),
});

/** The Glow sensors that carry energy: the topic's last level. */
export type GlowSensor = 'electricitymeter' | 'gasmeter';

export function glow(sensor: GlowSensor, text: string, received: number): Body[] {
  return sensor === 'gasmeter' ? glowGas(text, received) : glowElectricity(text, received);
}

function glowElectricity(text: string, received: number): Body[] {
  const m = parseWith(electricitySchema, json(text)).electricitymeter;
  const body: Body = { t: deviceTime(m.timestamp, received, null), channel: 0 };
  const imp = m.energy.import.cumulative;
  if (imp !== 0) body.importMwh = counter(imp, 1e6, 'import.cumulative');
  const exp = m.energy.export?.cumulative ?? 0;
  if (exp !== 0) body.exportMwh = counter(exp, 1e6, 'export.cumulative');
  const p = m.power?.value;
  if (p !== undefined && p !== 0 && p !== GLOW_ERROR) body.powerW = power(p, 1000, 'power.value');
  return hasData(body) ? [body] : [];
}

/** The gas register (kWh, 3 decimals, refreshed from the meter every 30 min), as the device's gas. */
function glowGas(text: string, received: number): Body[] {
  const m = parseWith(gasSchema, json(text)).gasmeter;
  const t = deviceTime(m.timestamp, received, null);
  const kwh = m.energy.import.cumulative;
  if (kwh === 0) return [];
  if (kwh === GLOW_ERROR)
    throw new Bad(
      `gasmeter import.cumulative ${kwh} is the Glow's error value (no reading from the gas meter)`,
    );
  return [{ t, channel: 0, fuel: 'gas', importMwh: counter(kwh, 1e6, 'gasmeter import.cumulative') }];
}
