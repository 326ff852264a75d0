import type { EnergyDetail } from '@homeview/contract/web';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { hasGas } from '../fuels';
import type { PreviousYear } from '../periodSeries';
import { EnergyPeriod } from './EnergyPeriod';

/**
 * A period's parts with gas beside electricity once the gas answer of the same period is in (issue 35);
 * a home without gas gets EnergyPeriod exactly as before, and never asks for gas.
 */
export function FuelPeriod({
  view,
  gas,
  label,
  showOnNow,
  previous = null,
}: {
  view: EnergyDetail;
  gas: UseQueryResult<EnergyDetail>;
  label: string;
  showOnNow: boolean;
  /** A year's previous year, drawn beside its months (issue 38). */
  previous?: PreviousYear | null;
}) {
  if (!hasGas(view))
    return <EnergyPeriod view={view} label={label} showOnNow={showOnNow} previous={previous} />;
  if (gas.isError)
    return (
      <>
        <Alert tone="danger">
          Your gas figures could not be fetched, so electricity alone is shown: {errorMessage(gas.error)}
        </Alert>
        <EnergyPeriod
          view={view}
          label={label}
          showOnNow={showOnNow}
          previous={previous === null ? null : { view: previous.view, gas: null }}
        />
      </>
    );
  // Never two periods added together (today's two reads either side of midnight).
  const same = gas.data?.period.start_timestamp === view.period.start_timestamp;
  if (gas.data === undefined || !same) return <LoadingState title="Fetching your gas" />;
  return <EnergyPeriod view={view} gas={gas.data} label={label} showOnNow={showOnNow} previous={previous} />;
}
