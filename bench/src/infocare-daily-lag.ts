import {
  addDays,
  DEFAULT_PUBLICATION,
  type DayArrival,
  dayBands,
  dayFindings,
  type HalfHourlyDay,
  halfHourlyDay,
  instantOfLocal,
  learnPublication,
  localDate,
  overdueFrom,
  PUBLICATION_MARGIN_S,
} from '@homeview/domain';
import { Rng } from '@homeview/simulator';

// The day-late InfoCare with its data delivered as a supplier delivers it (issue 36): each day's
// half-hours published the next morning at a seeded time around the home's own (most days within half an
// hour, some hours late, a few half a day late), and seeded feed outages (1 day in 25: the whole day or
// its afternoon never arrives). Each day is judged as the product judges it: once complete, from 07:00
// the next morning, against the complete days already in. Counted:
//   - Warnings caused by lag or outages ("low activity" that is not): flagged as delivered but not on
//     the whole data — target 0;
//   - outages told as "no data" (the day still missing past its usual time plus the margin), and days
//     only late told "no data" per home-week, with the learned margin and with the fixed 3 h.

type Series = Map<number, number>;

const ZONE = 'Europe/London';

export function lagAndOutages(
  name: string,
  series: Series,
  dates: readonly string[],
  usualMinute: number,
): string {
  const rng = new Rng(11);
  const draw = () => rng.next();
  const published = new Map<string, number>();
  const outage = new Set<string>();
  const delivered: Series = new Map(series);
  let last = Number.NEGATIVE_INFINITY;
  for (const date of dates) {
    const r = draw();
    const late = r < 0.8 ? (draw() - 0.5) * 60 : r < 0.95 ? 60 + draw() * 120 : 300 + draw() * 300;
    // Published in order: a day is there only once the days before it are.
    last = Math.max(last, instantOfLocal(addDays(date, 1), 0, ZONE) + Math.round((usualMinute + late) * 60));
    published.set(date, last);
    if (draw() < 0.04) {
      outage.add(date);
      const from = draw() < 0.5 ? 0 : 12 * 3600;
      for (const slot of series.keys())
        if (localDate(slot, ZONE) === date && slot >= instantOfLocal(date, from, ZONE))
          delivered.delete(slot);
    }
  }
  const full = new Map(dates.map((d) => [d, halfHourlyDay(d, ZONE, series)]));
  const got = new Map(dates.map((d) => [d, halfHourlyDay(d, ZONE, delivered)]));
  const arrivals: DayArrival[] = [];
  let fromLag = 0;
  let toldOutage = 0;
  let lateToldLearned = 0;
  let lateToldFixed = 0;
  for (const date of dates) {
    const morning = addDays(date, 1);
    const publication = learnPublication(arrivals, ZONE, morning);
    const overdue = overdueFrom(date, publication, ZONE);
    const fixed = overdueFrom(date, { ...publication, marginS: PUBLICATION_MARGIN_S }, ZONE);
    const at = published.get(date) as number;
    const day = got.get(date) ?? null;
    if (day === null) {
      if (outage.has(date)) toldOutage++;
    } else {
      if (at >= overdue) lateToldLearned++;
      if (at >= fixed) lateToldFixed++;
      arrivals.push({ day: date, completeAt: at });
      // Judged at max(07:00, arrival) against the complete days in by then, and on the whole data.
      const judgedAt = Math.max(at, instantOfLocal(morning, 7 * 3600, ZONE));
      const seen = (d: string) => (published.get(d) as number) <= judgedAt;
      const bands = bandsOf(got, dates, date, seen);
      const wholeBands = bandsOf(full, dates, date, () => true);
      // The day before as it stood then (in and complete, with its own band), as the product reads it.
      const yesterday = addDays(date, -1);
      const before = (source: Map<string, HalfHourlyDay | null>, seen: (d: string) => boolean) => ({
        day: seen(yesterday) ? (source.get(yesterday) ?? null) : null,
        bands: bandsOf(source, dates, yesterday, seen),
      });
      const whole = full.get(date) ?? null;
      const flagged = bands !== null && dayFindings(day, bands, before(got, seen)).length > 0;
      const flaggedWhole =
        whole !== null &&
        wholeBands !== null &&
        dayFindings(
          whole,
          wholeBands,
          before(full, () => true),
        ).length > 0;
      if (flagged && !flaggedWhole) fromLag++;
    }
  }
  const weeks = dates.length / 7;
  const learned = learnPublication(arrivals, ZONE, addDays(dates.at(-1) as string, 1));
  return (
    `  ${name.padEnd(16)} low activity from lag or outages ${fromLag} (0) │ outages told "no data" ${toldOutage} of ${outage.size}` +
    ` │ days only late told "no data": learned margin ${(lateToldLearned / weeks).toFixed(3)}, fixed 3 h ${(lateToldFixed / weeks).toFixed(3)} per home-week` +
    ` │ last learned: usual +${learned.usualMinute} min, margin ${learned.marginS / 60} min (default ${DEFAULT_PUBLICATION.marginS / 60})`
  );
}

/** The band of `date` from the complete days of the 28 before it that `seen` lets in. */
function bandsOf(
  source: Map<string, HalfHourlyDay | null>,
  dates: readonly string[],
  date: string,
  seen: (d: string) => boolean,
) {
  return dayBands(
    dates
      .filter((d) => d < date && d >= addDays(date, -28) && seen(d))
      .flatMap((d) => (source.get(d) ? [source.get(d) as HalfHourlyDay] : [])),
  );
}
