import type { ApplianceListItem } from '@homeview/contract/web';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { ChevronIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { ThingIcon } from '../../../shared/ui/thingIcons';
import { AccountLayout } from '../components/AccountLayout';
import { isLevel, levelUserId } from '../ids';
import { useAccountRead } from '../queries';

/** "2 in the home"; the catalogue's name first only when the person's label is another. */
export function blurbOf(a: ApplianceListItem): string {
  const count = a.number_of_appliances === 0 ? 'None' : String(a.number_of_appliances);
  return `${a.appliance_label === a.name ? '' : `${a.name} · `}${count} in the home`;
}

/** /account/{level}/appliances (spec §2.4): grouped into Showing and Hidden by show_appliance. */
export function AppliancesPage() {
  const { level } = useParams();
  const userId = isLevel(level) ? levelUserId(level) : null;
  const list = useAccountRead('listAppliances', userId);
  if (!isLevel(level)) return <Navigate to="/account" replace />;
  const groups: [string, ApplianceListItem[]][] = [
    ['Showing', list.data?.appliances.filter((a) => a.show_appliance) ?? []],
    ['Hidden', list.data?.appliances.filter((a) => !a.show_appliance) ?? []],
  ];
  return (
    <AccountLayout title="Appliances" back={{ to: `/account/${level}`, label: 'Back' }}>
      {list.isPending ? <LoadingState title="Loading appliances" /> : null}
      {list.isError ? <Alert tone="danger">{errorMessage(list.error)}</Alert> : null}
      {list.data
        ? groups.map(([title, items]) => (
            <section key={title} className="stack">
              <h2 className="setup__question">{title}</h2>
              {items.length === 0 ? <p>None.</p> : null}
              <ul className="account-cards">
                {items.map((a) => (
                  <li key={a.appliance_type_id}>
                    <Link to={`/account/${level}/appliance/${a.appliance_type_id}`} className="account-card">
                      <span className="appliance-badge" aria-hidden="true">
                        <ThingIcon name={a.appliance_icon} />
                      </span>
                      <span className="account-card__text">
                        <span className="account-card__title">{a.appliance_label}</span>
                        <span className="account-card__blurb">{blurbOf(a)}</span>
                      </span>
                      <ChevronIcon className="account-card__chevron" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
    </AccountLayout>
  );
}
