import { dayLabel, timeLabel } from '../../../shared/time';
import { periodLabel } from '../display';
import { EnergyPeriod } from '../components/EnergyPeriod';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { QueryState } from '../components/QueryState';
import { useToday } from '../queries';

/** /my-home: today's balance, chart and appliances (spec §2.2 Today). */
export function TodayPage() {
  const today = useToday();
  return (
    <HomeViewFrame title="My Home" subtitle={today.data?.subtitle} back={{ to: '/', label: 'Dashboards' }}>
      <QueryState query={today} loading="Fetching today's energy">
        {(view) => (
          <>
            <p className="lozenge" data-testid="last-updated">
              {view.latest_updated === null
                ? 'No readings yet'
                : `Last updated ${timeLabel(view.latest_updated, view)} ${dayLabel(view.latest_updated, view)}`}
            </p>
            <EnergyPeriod view={view} label={periodLabel(view.period.time_unit, true)} showOnNow />
          </>
        )}
      </QueryState>
    </HomeViewFrame>
  );
}
