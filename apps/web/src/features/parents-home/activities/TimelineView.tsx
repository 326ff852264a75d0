import { EstimatedNote } from '../../../shared/ui/Estimated';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import { messages } from '@homeview/contract/web';
import { Link } from 'react-router';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { QuietEmpty } from '../components/QuietEmpty';
import { addDays, dayStart, fromLocalDate, localDateOf, timeLabel } from '../../../shared/time';
import { dayLabel } from './chartRows';
import { useTimeline } from './queries';

interface Props {
  dependantId: number;
  /** Any instant of the day shown; null is today. */
  timestamp: number | null;
  onSelect: (timestamp: number | null) => void;
}

/**
 * The appliance events of a day, each start time linking to the appliance (spec §2.3). Days and times
 * are the dependant's (`time_zone` of the answer; the server picks the day containing `timestamp`).
 */
export function TimelineView({ dependantId, timestamp, onSelect }: Props) {
  const timeline = useTimeline(dependantId, timestamp);
  const zone = timeline.data?.time_zone;
  const today = dayStart(Math.floor(Date.now() / 1000), zone);
  const day = timestamp === null ? today : dayStart(timestamp, zone);
  const choose = (next: number) => onSelect(next >= today ? null : next);

  return (
    <section className="stack" aria-labelledby="timeline-day">
      <div className="period-bar">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => choose(addDays(day, -1, zone))}
        >
          Previous day
        </button>
        <label className="period-bar__select">
          <span className="field__label">Day</span>
          <input
            type="date"
            className="period-bar__input"
            value={localDateOf(day, zone)}
            max={localDateOf(today, zone)}
            onChange={(e) => {
              const picked = fromLocalDate(e.target.value, zone);
              if (picked !== null && picked <= today) choose(picked);
            }}
          />
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={day >= today}
          onClick={() => choose(addDays(day, 1, zone))}
        >
          Next day
        </button>
      </div>
      <h2 id="timeline-day">{day === today ? 'Today' : dayLabel(day, zone)}</h2>
      {timeline.isPending ? (
        <LoadingState title="Fetching the day's events" />
      ) : timeline.isError ? (
        <QuietEmpty>Nothing to show for this day.</QuietEmpty>
      ) : timeline.data.events.length === 0 ? (
        <QuietEmpty>{messages.noAppliancesUsed}</QuietEmpty>
      ) : (
        <ol className="timeline">
          {timeline.data.events.map((event) => (
            <li key={`${event.start_timestamp}-${event.appliance_type_id}`} className="timeline__event">
              <Link
                to={`/parents-home/appliance/${event.appliance_type_id}`}
                className="timeline__time"
                aria-label={`${timeLabel(event.start_timestamp, zone)} ${event.name}`}
              >
                {timeLabel(event.start_timestamp, zone)}
              </Link>
              <span className="timeline__name">
                <ThingIcon name={event.icon} /> {event.name}
                {event.estimated ? (
                  <>
                    {' '}
                    <EstimatedNote whose="the" />
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
