import type { DaysResponse } from '@homeview/contract/web';
import { dateLabel, timeLabel } from '../../../shared/time';
import { useDays } from '../components/DayLate';

/**
 * "Yesterday, from the meter" (issue 36): the dependant's yesterday as the meter's half-hours show it,
 * against the 28 days before, in words, what matters first. Shown once the home has any complete day of
 * half-hours. Yesterday not in is never called quiet: before its usual time plus a margin (learned by the
 * server from the home's history) it is not here yet; past that it is overdue, the feed may have stopped.
 */
export function DayYesterday({ dependantId }: { dependantId: number }) {
  const days = useDays(dependantId);
  return days.data ? <DaySummary answer={days.data} /> : null;
}

export function DaySummary({ answer }: { answer: DaysResponse }) {
  const [yesterday] = answer.days;
  if (yesterday === undefined || !answer.days.some((d) => d.complete)) return null;
  const state = answer.yesterday.state;
  const warned = yesterday.findings.length > 0 || state === 'overdue';
  const usual = timeLabel(answer.yesterday.usual_by, answer.time_zone);
  // The home's own margin (learned by the server from how erratic its supplier is) ends "not yet".
  const late = timeLabel(answer.yesterday.overdue_from, answer.time_zone);
  return (
    <section className={`day-summary${warned ? ' day-summary--warning' : ''}`} aria-labelledby="day-summary">
      <h2 id="day-summary">Yesterday, from the meter</h2>
      <p className="day-summary__date">{dateLabel(yesterday.date)}</p>
      {state === 'overdue' ? (
        <p className="day-summary__finding">
          {`Yesterday's half-hours are overdue (usually by ${usual}): the meter's feed may have stopped.`}
        </p>
      ) : state === 'not_yet' || !yesterday.complete ? (
        <p>{`Yesterday's half-hours usually arrive by ${usual}; not here yet (late only after ${late}).`}</p>
      ) : yesterday.words.length === 0 ? (
        <p>Still learning what a usual day looks like: yesterday is compared once 14 ordinary days are in.</p>
      ) : (
        <ul className="day-summary__lines">
          {yesterday.words.map((line, i) => (
            <li key={line} className={i === 0 && warned ? 'day-summary__finding' : undefined}>
              {line}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
