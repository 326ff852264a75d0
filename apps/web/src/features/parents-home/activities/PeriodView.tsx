import { nowSeconds } from '../../../shared/clock';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import type { ActivityDetail } from '@homeview/contract/web';
import { useId, useState } from 'react';
import { SegmentChart } from '../../../shared/charts';
import { addDays, dayLabel as ddmmyy, dayStart, daysFrom, type Zone } from '../../../shared/time';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { DAY_LATE_NO_USES, useDayLate } from '../components/DayLate';
import { QuietEmpty } from '../components/QuietEmpty';
import { activityLegend, activityRows, dayLabel } from './chartRows';
import { askedTimestamp, useActivities } from './queries';

interface Props {
  tab: 'daily' | 'weekly';
  dependantId: number;
  /** The period asked for; null is the last 7 days. */
  timestamp: number | null;
  onSelect: (timestamp: number | null) => void;
}

/**
 * The local days (the dependant's) the charts show: the day, the week from its start, or (Weekly with no
 * period named) the 7 days to today. Daily always shows one day.
 */
export function periodDays(
  tab: 'daily' | 'weekly',
  timestamp: number | null,
  now: number,
  zone: Zone,
): number[] {
  const asked = askedTimestamp(tab, timestamp, () => now);
  if (asked === null) return daysFrom(addDays(now, -6, zone), 7, zone);
  return tab === 'daily' ? [dayStart(asked, zone)] : daysFrom(asked, 7, zone);
}

/** The entry of `available` whose period holds `timestamp` (a timestamp anywhere in a period selects it). */
export function selectedPeriod(
  tab: 'daily' | 'weekly',
  available: readonly (number | null)[],
  timestamp: number | null,
  zone: Zone,
): number | null | undefined {
  if (timestamp === null) return available.includes(null) ? null : undefined;
  return available.find((start) => {
    if (start === null) return false;
    const end = addDays(start, tab === 'daily' ? 1 : 7, zone);
    return timestamp >= start && timestamp < end;
  });
}

export const periodLabel = (tab: 'daily' | 'weekly', start: number | null, zone: Zone) =>
  start === null ? 'Last 7 days' : tab === 'daily' ? dayLabel(start, zone) : `Week of ${ddmmyy(start, zone)}`;

/** Daily and Weekly: the period selector, one activity chart per activity, and the off-alert toggle. */
export function PeriodView({ tab, dependantId, timestamp, onSelect }: Props) {
  const activities = useActivities(tab, dependantId, timestamp);
  const dayLate = useDayLate(dependantId);
  if (activities.isPending) return <LoadingState title="Fetching activities" />;
  // Spec §8: activity failures stay silent.
  if (activities.isError) return <QuietEmpty>No activities to show for this period.</QuietEmpty>;
  return (
    <Period tab={tab} data={activities.data} timestamp={timestamp} onSelect={onSelect} dayLate={dayLate} />
  );
}

function Period({
  tab,
  data,
  timestamp,
  onSelect,
  dayLate,
}: Omit<Props, 'dependantId'> & { data: ActivityDetail; dayLate: boolean }) {
  const selectId = useId();
  const [showOff, setShowOff] = useState(false);
  // Spec §4: the off-alert layer is hidden by default, and always when the period has no off alerts.
  const offAlerts = data.num_alerts > 0;
  const showOffAlerts = offAlerts && showOff;
  const zone = data.time_zone;
  const now = nowSeconds();
  const asked = askedTimestamp(tab, timestamp, () => now);
  const selected = selectedPeriod(tab, data.available, asked, zone);
  const shown = selected === undefined ? asked : selected;
  const days = periodDays(tab, shown, now, zone);
  const unit = tab === 'daily' ? 'day' : 'week';
  // The API offers the last 7 days (null) in both selectors; Daily shows days only.
  const choices = tab === 'daily' ? data.available.filter((start) => start !== null) : data.available;

  return (
    <section className="stack" aria-label={`${tab === 'daily' ? 'Daily' : 'Weekly'} activities`}>
      <div className="period-bar">
        <button
          type="button"
          className="button button--secondary"
          disabled={data.previous === null}
          onClick={() => onSelect(data.previous)}
        >
          Previous {unit}
        </button>
        <label className="period-bar__select" htmlFor={selectId}>
          <span className="field__label">{tab === 'daily' ? 'Day' : 'Week'}</span>
          <select
            id={selectId}
            className="period-bar__input"
            value={selected === undefined ? '' : String(selected)}
            onChange={(e) => onSelect(e.target.value === 'null' ? null : Number(e.target.value))}
          >
            {selected === undefined ? <option value="">Choose a {unit}</option> : null}
            {choices.map((start) => (
              <option key={String(start)} value={String(start)}>
                {periodLabel(tab, start, zone)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={data.next === null}
          onClick={() => onSelect(data.next)}
        >
          Next {unit}
        </button>
      </div>
      {offAlerts ? (
        <label className="check">
          <input type="checkbox" checked={showOff} onChange={(e) => setShowOff(e.target.checked)} />
          <span>Show No activity alerts ({data.num_alerts} in this period)</span>
        </label>
      ) : (
        <p className="quiet-empty">No "No activity" alerts in this period.</p>
      )}
      {data.activities.length === 0 ? (
        <QuietEmpty>{dayLate ? DAY_LATE_NO_USES : 'No activities to show for this period.'}</QuietEmpty>
      ) : (
        <div className="activity-charts">
          {data.activities.map((activity, index) => {
            const inactive = data.inactivities.find((i) => i.activity_id === activity.activity_id);
            return (
              <div key={activity.activity_id} className="card activity-chart">
                <h2 className="activity-chart__title">
                  <ThingIcon name={activity.icon} />
                  {activity.activity_type}
                  {inactive && inactive.num_inac_alerts > 0 ? (
                    <span className="activity-chart__alerts">
                      <span className="chart-swatch chart-swatch--alert" aria-hidden="true" />
                      {inactive.num_inac_alerts} No activity{' '}
                      {inactive.num_inac_alerts === 1 ? 'alert' : 'alerts'}
                    </span>
                  ) : null}
                </h2>
                {activity.patterns.length > 0 && activity.patterns.every((p) => p.estimated) ? (
                  <p className="activity-chart__note">
                    <EstimatedNote whose="the" />
                  </p>
                ) : null}
                <SegmentChart
                  showTitle={false}
                  hint={index === 0}
                  title={`${activity.activity_type}, ${periodLabel(tab, shown, zone)}`}
                  rows={activityRows(activity, days, showOffAlerts, zone)}
                  legend={activityLegend(showOffAlerts)}
                />
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
