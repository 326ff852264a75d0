import { periodLabel } from '../display';
import { FuelPeriod } from '../components/FuelPeriod';
import { HomeViewFrame } from '../components/HomeViewFrame';
import { LastUpdated } from '../components/LastUpdated';
import { QueryState } from '../components/QueryState';
import { TimesCard } from '../components/TimesCard';
import { hasGas } from '../fuels';
import { useToday, useTodayGas } from '../queries';

/** /my-home: today's balance, chart and appliances (spec §2.2 Today). */
export function TodayPage() {
  const today = useToday();
  const gas = useTodayGas(hasGas(today.data));
  return (
    <HomeViewFrame title="My Home" subtitle={today.data?.subtitle} back={{ to: '/', label: 'Dashboards' }}>
      <QueryState query={today} loading="Fetching today's energy">
        {(view) => (
          <>
            <LastUpdated view={view} />
            <FuelPeriod view={view} gas={gas} label={periodLabel(view.period.time_unit, true)} showOnNow />
            <TimesCard />
          </>
        )}
      </QueryState>
    </HomeViewFrame>
  );
}
