import { useEffect, useState } from 'react';
import { messages } from '@homeview/contract/web';
import { dateLabel, localDateOf, noonOf, timeLabel } from '../../../shared/time';
import { useTimeline } from '../queries';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { ApplianceBadge } from './ApplianceRows';
import { StepButton } from './StepButton';

/**
 * Timeline: a day picker and that day's appliance events (spec §2.2). Failures stay silent (§8). Days
 * and times are the house's (`time_zone` of the answer; the browser's until the first answer comes).
 */
export function TimelineDay() {
  const [offset, setOffset] = useState(0); // days from today, 0 or less
  const [zone, setZone] = useState<string | undefined>(undefined);
  const now = Math.floor(Date.now() / 1000);
  const date = localDateOf(now, zone, offset);
  const timeline = useTimeline(offset === 0 ? undefined : noonOf(date, zone));
  const answeredZone = timeline.data?.time_zone;
  useEffect(() => {
    if (answeredZone !== undefined) setZone(answeredZone);
  }, [answeredZone]);
  const events = timeline.data?.events;
  return (
    <section className="card usage-timeline" aria-label="Timeline">
      <div className="period-picker">
        <StepButton step="Previous" onClick={() => setOffset(offset - 1)} />
        <p className="period-picker__label" aria-live="polite">
          {offset === 0 ? 'Today, ' : null}
          <span className="period-picker__date">{dateLabel(date, offset !== 0)}</span>
        </p>
        <StepButton step="Next" disabled={offset >= 0} onClick={() => setOffset(offset + 1)} />
      </div>
      {timeline.isPending ? <p className="muted">Loading the day's events</p> : null}
      {events && events.length === 0 ? <p>{messages.noAppliancesUsed}</p> : null}
      {events && events.length > 0 ? (
        <ol className="timeline__events">
          {events.map((e) => (
            <li key={`${e.appliance_type_id}-${e.start_timestamp}`} className="appliance-row">
              <ApplianceBadge name={e.name} icon={e.icon} />
              <span className="appliance-row__name">
                {e.name}
                {e.estimated ? <EstimatedNote /> : null}
              </span>
              <time dateTime={new Date(e.start_timestamp * 1000).toISOString()}>
                {timeLabel(e.start_timestamp, zone ?? answeredZone)}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
