import type { Activity } from '@homeview/contract';
import { describe, expect, it } from 'vitest';
import { activityLegend, activityRows } from './chartRows';

// An off alert the activity did not follow that day ("Laundry · 1 off alert" drew nothing, issue 21
// item 9) is drawn on its day's row from the answer's `unfollowed_off_alerts`, beside the pattern-borne
// ones, and only when the carer shows off alerts. Days are the dependant's, in London (UTC in November).

const LONDON = 'Europe/London';
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute) / 1000;

const laundry: Activity = {
  activity_id: 3,
  activity_type: 'Laundry',
  icon: 'washing-machine',
  level: 'Warning',
  patterns: [
    {
      on: at(23, 10),
      off: at(23, 11),
      duration: { off: 1000, on: 100 },
      inactivity: { off: 0, on: 0 },
      level: 'Normal',
    },
  ],
  unfollowed_off_alerts: [
    // Monday after the wash, and Tuesday with no wash at all.
    { timestamp: at(23, 16, 30), inactivity: { off: 1650, on: 750 } },
    { timestamp: at(24, 9), inactivity: { off: 900, on: 1500 } },
  ],
};

describe('off alerts the activity did not follow', () => {
  it('are drawn on their own day, from the alert to the day’s end, linking to the alerts', () => {
    const [monday, tuesday, wednesday] = activityRows(
      laundry,
      [at(23, 0), at(24, 0), at(25, 0)],
      true,
      LONDON,
    );
    expect(monday?.segments.map((s) => [s.label, s.tone, s.start, s.end])).toEqual([
      ['Laundry', 'care', 1000, 1100],
      ['No activity alert', 'alert', 1650, 2400],
    ]);
    expect(tuesday?.segments.map((s) => [s.label, s.start, s.end, s.href])).toEqual([
      ['No activity alert', 900, 2400, `/parents-home/activities/alert/3?on=${at(24, 0)}&off=${at(25, 0)}`],
    ]);
    expect(wednesday?.segments).toEqual([]);
  });

  it('stay hidden with the off-alert layer, as the spec defaults', () => {
    const rows = activityRows(laundry, [at(23, 0), at(24, 0)], false, LONDON);
    expect(rows.flatMap((r) => r.segments.map((s) => s.label))).toEqual(['Laundry']);
    expect(activityLegend(false).map((l) => l.label)).toEqual(['Activity']);
  });
});
