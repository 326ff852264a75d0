import { dayLabel, localDateOf, timeLabel, weekdayName } from '../../../shared/time';

/** Today's date and time on the browser's clock, DD-MM-YY and HH:mm (spec §9). */
export function Clock({ now }: { now: Date }) {
  const ts = Math.floor(now.getTime() / 1000);
  return (
    <p className="clock">
      <time dateTime={`${localDateOf(ts, undefined)}T${timeLabel(ts)}`}>
        <span className="clock__time">{timeLabel(ts)}</span>
        <span className="clock__date">
          {weekdayName(ts)} {dayLabel(ts)}
        </span>
      </time>
    </p>
  );
}
