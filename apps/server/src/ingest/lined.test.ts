import { describe, expect, it } from 'vitest';
import { readingsFormatFrom, readingsLayout } from './formats';
import { BatchTooLarge, parseCsvLined, parseCsvLinedYielding } from './lined';

// The request-body CSV reader (issue 11): the same rows, lines and errors as the whole-text reader, but
// the event loop turns while a large body is read.

const format = readingsFormatFrom('generic');
if (!format.ok) throw format.error;
const layout = readingsLayout(format.value);

function csv(rows: number): string {
  const lines = ['start,interval_s,import_wh,export_wh,generation_wh'];
  for (let i = 0; i < rows; i++) lines.push(`${1_767_225_600 + i * 60},60,${i % 37},0,0`);
  return `${lines.join('\n')}\n`;
}

describe('parseCsvLinedYielding', () => {
  it('reads a 2.5 MB body like parseCsvLined, letting timers run meanwhile', async () => {
    const text = csv(120_000);
    expect(text.length).toBeGreaterThan(2_000_000);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 0);
    const read = await parseCsvLinedYielding(text, layout, 200_000);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(read).toEqual(parseCsvLined(text, layout, 200_000));
  });

  it('keeps the row limit and the named errors', async () => {
    await expect(parseCsvLinedYielding(csv(11), layout, 10)).rejects.toBeInstanceOf(BatchTooLarge);
    const bad = `${csv(3)}x,60,1,0,0\n`;
    await expect(parseCsvLinedYielding(bad, layout, 10)).rejects.toMatchObject({ row: 5 });
    expect(() => parseCsvLined(bad, layout, 10)).toThrow();
  });
});
