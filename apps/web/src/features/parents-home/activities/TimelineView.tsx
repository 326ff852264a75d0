import { EstimatedNote } from '../../../shared/ui/Estimated';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import { messages } from '@homeview/contract/web';
import { Link } from 'react-router';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { DAY_LATE_NO_USES, useDayLate } from '../components/DayLate';
import { QuietEmpty } from '../components/QuietEmpty';
import { useState } from 'react';
import { addDays, dayLabel as ddmmyy, dayStart, fromLocalDate, timeLabel } from '../../../shared/time';
import { alertLevelLabel } from '@homeview/contract/web';
import { useAlertPages } from '../alerts/queries';
import { dayLabel } from './chartRows';
import { useTimeline } from './queries';

/**
 * The day typed as the page writes dates, dd-mm-yy (issue 33: a browser's date field showed its own
 * format beside the page's "Tue 17-11-26"); a whole date moves the timeline, a future one is refused.
 */
function DayField({
  day,
  today,
  zone,
  onChoose,
}: {
  day: number;
  today: number;
  zone: string | undefined;
  onChoose: (day: number) => void;
}) {
  const [text, setText] = useState(ddmmyy(day, zone));
  const [wrong, setWrong] = useState(false);
  const go = () => {
    const m = /^(\d{1,2})-(\d{1,2})-(\d{2})$/.exec(text.trim());
    const iso = m ? `20${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : '';
    const picked = fromLocalDate(iso, zone);
    setWrong(picked === null || picked > today);
    if (picked !== null && picked <= today && picked !== day) onChoose(picked);
  };
  return (
    <label className="period-bar__select">
      <span className="field__label">Day (dd-mm-yy)</span>
      <input
        type="text"
        inputMode="numeric"
        className="period-bar__input"
        value={text}
        aria-invalid={wrong || undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={go}
        onKeyDown={(e) => {
          if (e.key === 'Enter') go();
        }}
      />
      {wrong ? <span className="field__error">A day up to today, as 17-11-26</span> : null}
    </label>
  );
}

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
  const dayLate = useDayLate(dependantId);
  const zone = timeline.data?.time_zone;
  const today = dayStart(Math.floor(Date.now() / 1000), zone);
  const day = timestamp === null ? today : dayStart(timestamp, zone);
  const choose = (next: number) => onSelect(next >= today ? null : next);
  // The day's alerts at their time among the uses (issue 33), from the Alerts screen's loaded pages.
  const alertPages = useAlertPages(dependantId);
  const dayEnd = addDays(day, 1, zone);
  const alerts = (alertPages.data?.pages.flatMap((p) => p.alerts) ?? [])
    .filter((a) => a.timestamp >= day && a.timestamp < dayEnd)
    .map((a) => ({ kind: 'alert' as const, at: a.timestamp, alert: a }));
  const rows = [
    ...(timeline.data?.events ?? []).map((event) => ({
      kind: 'use' as const,
      at: event.start_timestamp,
      event,
    })),
    ...alerts,
  ].sort((x, y) => x.at - y.at);

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
        <DayField key={day} day={day} today={today} zone={zone} onChoose={choose} />
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
      ) : rows.length === 0 ? (
        <QuietEmpty>{dayLate ? DAY_LATE_NO_USES : messages.noAppliancesUsed}</QuietEmpty>
      ) : (
        <ol className="timeline">
          {rows.map((row) => {
            if (row.kind === 'alert') {
              const label = alertLevelLabel(row.alert.level);
              return (
                <li key={`alert-${row.alert.id}`} className="timeline__event timeline__event--alert">
                  <Link to="/parents-home" className="timeline__time">
                    {timeLabel(row.at, zone)}
                  </Link>
                  <span className="timeline__name">
                    <span className={`level level--${label.toLowerCase()}`}>{label}</span> Alert:{' '}
                    {row.alert.name}
                  </span>
                </li>
              );
            }
            const { event } = row;
            const end = event.end_timestamp === undefined ? '' : `–${timeLabel(event.end_timestamp, zone)}`;
            return (
              <li key={`${event.start_timestamp}-${event.appliance_type_id}`} className="timeline__event">
                <Link
                  to={`/parents-home/appliance/${event.appliance_type_id}`}
                  className="timeline__time"
                  aria-label={`${timeLabel(event.start_timestamp, zone)}${end} ${event.name}`}
                >
                  {timeLabel(event.start_timestamp, zone)}
                  {end}
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
            );
          })}
        </ol>
      )}
    </section>
  );
}
