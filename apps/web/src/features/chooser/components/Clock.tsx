import { formatDate, formatTime, weekdayName } from '../../../shared/format';

/** Today's date and time, DD-MM-YY and HH:mm (spec §9). */
export function Clock({ now }: { now: Date }) {
  const iso = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}T${formatTime(now)}`;
  return (
    <p className="clock">
      <time dateTime={iso}>
        <span className="clock__time">{formatTime(now)}</span>
        <span className="clock__date">
          {weekdayName(now)} {formatDate(now)}
        </span>
      </time>
    </p>
  );
}
