import { describe, expect, it } from 'vitest';
import { parseAppliancePowerCsv } from './formats';
import { BatchTooLarge, SLICE_CHARS, yieldingSlices } from './lined';
import { PowerIngestor, readPowerBatch } from './power';

// The appliance-power body reader (issue 11): it used to parse a whole body in one pass on the event
// loop; now it reads it in slices with the event loop turning between them, giving what the whole-text
// parse gives.

function csv(rows: number): string {
  const lines = ['Time,Aggregate,Kettle,WashingMachine'];
  for (let i = 0; i < rows; i++) {
    const kettle = i % 400 < 30 ? 2000 : 0;
    lines.push(`${1_767_225_600 + i * 8},${150 + (i % 50) + kettle},${kettle},0`);
  }
  return `${lines.join('\n')}\n`;
}

/** The old way: the whole text parsed at once, then every sample through the ingestor. */
function wholeText(text: string) {
  const parsed = parseAppliancePowerCsv(text, { interval_s: 8 });
  if (!parsed.ok) throw parsed.error;
  const ingestor = new PowerIngestor(parsed.value.columns);
  const out = { readings: [] as unknown[], lines: [] as number[], events: [] as unknown[] };
  for (const sample of parsed.value.samples) {
    const pushed = ingestor.push(sample);
    if (pushed.reading !== null) {
      out.readings.push(pushed.reading.value);
      out.lines.push(pushed.reading.line);
    }
    out.events.push(...pushed.events);
  }
  out.events.push(...ingestor.finish());
  return out;
}

describe('readPowerBatch', () => {
  it('reads a large body slice by slice, the event loop turning between them, as the whole text', async () => {
    const text = csv(40_000);
    const slices = Math.ceil(text.length / SLICE_CHARS);
    expect(slices).toBeGreaterThan(10);
    let turns = 0;
    const count = () => {
      turns += 1;
      if (!done) setImmediate(count);
    };
    let done = false;
    setImmediate(count);
    const batch = await readPowerBatch(yieldingSlices(text), { interval_s: 8 }, 100_000);
    done = true;
    // Each slice but the first waits for a turn of the event loop, in which the counter runs too.
    expect(turns).toBeGreaterThanOrEqual(slices - 1);
    const whole = wholeText(text);
    expect(batch.readings).toEqual(whole.readings);
    expect(batch.lines).toEqual(whole.lines);
    expect(batch.events).toEqual(whole.events);
    expect(batch.events.length).toBeGreaterThan(50);
    expect(batch.skipped).toEqual([]);
  });

  it('keeps the named errors and the sample limit', async () => {
    const bad = `${csv(3)}${1_767_225_600 + 3 * 8},x,0,0\n`;
    await expect(readPowerBatch(yieldingSlices(bad), { interval_s: 8 }, 10)).rejects.toMatchObject({
      row: 5,
      field: 'Aggregate',
    });
    await expect(readPowerBatch(yieldingSlices(csv(11)), { interval_s: 8 }, 10)).rejects.toBeInstanceOf(
      BatchTooLarge,
    );
    await expect(readPowerBatch(yieldingSlices(''), { interval_s: 8 }, 10)).rejects.toThrow(
      'the file is empty',
    );
    await expect(readPowerBatch(yieldingSlices('Time,Aggregate\n'), { interval_s: 8 }, 10)).rejects.toThrow(
      'the file has a header but no samples',
    );
  });
});
