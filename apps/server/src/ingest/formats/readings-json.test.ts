import { describe, expect, it } from 'vitest';
import type { ParseResult } from './errors';
import type { Reading } from './reading';
import { parseReadingsJson, readReadingsJson } from './readings-json';

const good = { start: 1_727_737_200, interval_s: 1800, import_wh: 412, export_wh: 0, generation_wh: 0 };
const message = (r: ParseResult<Reading[]>): string => (r.ok ? 'accepted' : r.error.message);
const withOne = (patch: Record<string, unknown>) => ({
  readings: [good, { ...good, start: good.start + 1800, ...patch }],
});

describe('parseReadingsJson', () => {
  it('accepts epoch and ISO starts, from a parsed body or its text', () => {
    const body = { readings: [good, { ...good, start: '2024-10-01T00:30:00+01:00', import_wh: 7 }] };
    const expected = [good, { ...good, start: 1_727_739_000, import_wh: 7 }];
    expect(parseReadingsJson(body)).toEqual({ ok: true, value: expected });
    expect(parseReadingsJson(JSON.stringify(body))).toEqual({ ok: true, value: expected });
  });

  it('passes an exact repeat of a start on, whatever its values (the ingest keeps the first)', () => {
    const r = parseReadingsJson({ readings: [good, { ...good, import_wh: 1 }] });
    expect(r).toEqual({ ok: true, value: [good, { ...good, import_wh: 1 }] });
  });

  it.each([
    [{ start: '2024-10-01T00:30:00' }, 'start', /has no UTC offset; add Z or \+01:00/],
    [{ start: 1_727_739_000_000 }, 'start', /looks like milliseconds/],
    [{ start: 1_727_739_000.5 }, 'start', /expected epoch seconds or an ISO 8601 string/],
    [{ import_wh: Number.NaN }, 'import_wh', /NaN is not a finite number of watt-hours/],
    [{ import_wh: Number.POSITIVE_INFINITY }, 'import_wh', /Infinity is not a finite number/],
    [{ export_wh: -1 }, 'export_wh', /-1 is negative/],
    [{ import_wh: 1.5 }, 'import_wh', /1.5 is not a whole number of watt-hours/],
    [{ import_wh: '1,5' }, 'import_wh', /expected a number, got the string "1,5"/],
    [{ import_wh: '' }, 'import_wh', /got the string ""/],
    [{ import_wh: null }, 'import_wh', /got null/],
    [{ generation_wh: 60_000 }, 'generation_wh', /more than 100 kW could deliver/],
    [{ interval_s: 0 }, 'interval_s', /0 s is not a whole number of seconds from 1 to 1800/],
    [{ interval_s: 2.5 }, 'interval_s', /2.5 is not a whole number of seconds/],
    [{ start: good.start + 1200, interval_s: 900 }, 'interval_s', /crosses the half-hour boundary/],
    [{ start: good.start + 900, interval_s: 900 }, 'start', /overlaps an earlier reading in this batch/],
    [{ import_kwh: 1 }, 'import_kwh', /unknown field; a reading has start, interval_s/],
  ])('refuses %j naming readings[1].%s', (patch, field, why) => {
    const r = parseReadingsJson(withOne(patch));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.field).toBe(`readings[1].${field}`);
    expect(r.error.row).toBeNull();
    expect(r.error.message).toMatch(new RegExp(`^readings\\[1\\]\\.${field}: `));
    expect(r.error.message).toMatch(why);
  });

  it('names a missing field', () => {
    const { generation_wh: _, ...partial } = good;
    expect(message(parseReadingsJson({ readings: [partial] }))).toBe('readings[0].generation_wh: is missing');
  });

  it('refuses bodies of the wrong shape, saying what is expected', () => {
    expect(message(parseReadingsJson('{"readings":['))).toBe('the body is not valid JSON');
    expect(message(parseReadingsJson([good]))).toBe(
      'the body must be an object {"readings":[...]}, not a list',
    );
    expect(message(parseReadingsJson({}))).toBe('readings: expected a list of readings, got nothing');
    expect(message(parseReadingsJson({ readings: [] }))).toBe('readings: the list is empty');
    expect(message(parseReadingsJson({ readings: [good], house: 1 }))).toBe(
      'house: unknown field; the body holds only "readings"',
    );
    expect(message(parseReadingsJson({ readings: [3] }))).toMatch(
      /^readings\[0\]: expected an object like \{/,
    );
  });

  it('is all or nothing: one bad reading among good ones fails the batch', () => {
    const readings = Array.from({ length: 10 }, (_, i) => ({ ...good, start: good.start + i * 1800 }));
    expect(parseReadingsJson({ readings }).ok).toBe(true);
    readings[7] = { ...good, start: good.start + 7 * 1800, import_wh: -3 };
    expect(message(parseReadingsJson({ readings }))).toBe('readings[7].import_wh: -3 is negative');
  });
});

describe('readReadingsJson (the request-body form, turning the event loop)', () => {
  it('gives parseReadingsJson’s readings and errors', async () => {
    const readings = Array.from({ length: 5000 }, (_, i) => ({
      start: 1_767_225_600 + i * 60,
      interval_s: 60,
      import_wh: i % 37,
      export_wh: 0,
      generation_wh: 0,
    }));
    const whole = parseReadingsJson({ readings });
    expect(whole.ok).toBe(true);
    expect(await readReadingsJson({ readings }, 100)).toEqual(whole.ok ? whole.value : null);
    const bad = { readings: [...readings, { ...readings[0], start: 'soon' }] };
    const error = parseReadingsJson(bad);
    await expect(readReadingsJson(bad, 100)).rejects.toEqual(error.ok ? null : error.error);
    await expect(readReadingsJson({ readings: [] })).rejects.toMatchObject({ field: 'readings' });
  });
});
