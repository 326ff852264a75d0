import { useState } from 'react';
import { messages } from '@homeview/contract/web';
import { dayLabel, timeLabel, weekdayDayLabel } from '../display';
import { useTimeline } from '../queries';
import { ApplianceBadge } from './ApplianceRows';

const DAY_S = 86_400;

function midnight(date: Date): number {
  const d = new Date(date);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** The day before or after `start` (local midnights, so a clock-change day is still one step). */
function shiftDay(start: number, by: number): number {
  return midnight(new Date((start + by * DAY_S + (by > 0 ? 3 * 3600 : -3 * 3600)) * 1000));
}

/** Timeline: a day picker and that day's appliance events (spec §2.2). Failures stay silent (§8). */
export function TimelineDay() {
  const today = midnight(new Date());
  const [day, setDay] = useState(today);
  const timeline = useTimeline(day === today ? undefined : day);
  const events = timeline.data?.events;
  return (
    <section className="card timeline" aria-label="Timeline">
      <div className="period-picker">
        <button type="button" className="button button--secondary" onClick={() => setDay(shiftDay(day, -1))}>
          Previous
        </button>
        <p className="period-picker__label" aria-live="polite">
          {day === today ? `Today, ${dayLabel(day)}` : weekdayDayLabel(day)}
        </p>
        <button
          type="button"
          className="button button--secondary"
          disabled={day >= today}
          onClick={() => setDay(shiftDay(day, 1))}
        >
          Next
        </button>
      </div>
      {timeline.isPending ? <p className="muted">Loading the day's events</p> : null}
      {events && events.length === 0 ? <p>{messages.noAppliancesUsed}</p> : null}
      {events && events.length > 0 ? (
        <ol className="timeline__events">
          {events.map((e) => (
            <li key={`${e.appliance_type_id}-${e.start_timestamp}`} className="appliance-row">
              <ApplianceBadge name={e.name} icon={e.icon} />
              <span className="appliance-row__name">{e.name}</span>
              <time dateTime={new Date(e.start_timestamp * 1000).toISOString()}>
                {timeLabel(e.start_timestamp)}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
