import type { ApplianceEntry } from '@homeview/contract/web';
import { Link } from 'react-router';
import { EstimatedNote } from '../../../shared/ui/Estimated';
import { OnMarker } from '../../../shared/ui/OnMarker';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import { energy, money, shareOf } from '../display';
import { formatApiDuration } from '../../../shared/format';

// Appliance lists of the energy views (spec §2.2): icon, name, time and cost, an 'On' marker for those on
// in the past hour, each one's share of the period's cost, and "estimated from your meter" on estimated ones.

/** The appliance's icon drawn on a tinted disc, named by the text beside it (`name`). */
export function ApplianceBadge({ name, icon }: { name: string; icon: string }) {
  return (
    <span className={`appliance-badge appliance-badge--${icon}`} aria-hidden="true" data-name={name}>
      <ThingIcon name={icon} />
    </span>
  );
}

export { OnMarker };

interface ApplianceRowsProps {
  title: string;
  appliances: readonly ApplianceEntry[];
  currency: string;
  energyUnit: string;
  /** The period's total cost, for each appliance's share; omitted where no share is shown. */
  periodCost?: number;
  /** What `periodCost` is, as the share says it: 'the cost', or 'the electricity cost' beside gas. */
  costName?: string;
  empty: string;
  /** A line under the list: why an appliance of the other lists is not in this one. */
  note?: string | null;
}

export function ApplianceRows({
  title,
  appliances,
  currency,
  energyUnit,
  periodCost,
  costName = 'the cost',
  empty,
  note,
}: ApplianceRowsProps) {
  return (
    <section className="card appliance-rows" aria-label={title}>
      <h2 className="card__title">{title}</h2>
      {appliances.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="appliance-list__items">
          {appliances.map((a) => {
            const share = periodCost === undefined ? '' : shareOf(a.cost, periodCost);
            return (
              <li key={a.appliance_type_id} className="appliance-row">
                <ApplianceBadge name={a.name} icon={a.icon} />
                <span className="appliance-row__name">
                  <Link to={`/my-home/appliance/${a.appliance_type_id}`}>{a.name}</Link>
                  {a.status.state === 'on' ? <OnMarker /> : null}
                </span>
                {a.estimated ? <EstimatedNote /> : null}
                <span className="appliance-row__figures">
                  <span>{formatApiDuration(a.duration)}</span>
                  <span>{energy(energyUnit, a.consumed)}</span>
                  <span className="appliance-row__cost">
                    {money(currency, a.cost)}
                    {share ? (
                      <span className="muted">
                        {' '}
                        ({share} of {costName})
                      </span>
                    ) : null}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {note ? (
        <p className="muted appliance-rows__note" data-testid="appliance-rows-note">
          {note}
        </p>
      ) : null}
    </section>
  );
}
