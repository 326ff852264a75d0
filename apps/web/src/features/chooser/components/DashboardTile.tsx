import { type DashboardItem, messages } from '@homeview/contract/web';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format';
import { ChevronIcon, HomeCareIcon, HomeEnergyIcon } from '../../../shared/ui/icons';

const kinds = {
  1: {
    path: '/my-home',
    product: 'HomeView',
    blurb: 'Energy use, cost and generation',
    Icon: HomeEnergyIcon,
  },
  2: { path: '/parents-home', product: 'InfoCare', blurb: 'Alerts and daily activity', Icon: HomeCareIcon },
} as const;

/** One dashboard as a large card; the whole card is the link (spec §2.1). */
export function DashboardTile({ item }: { item: DashboardItem }) {
  const kind = kinds[item.dashboard_type];
  const balance = item.messages[0];
  return (
    <li className={`tile tile--type-${item.dashboard_type}`}>
      <span className="tile__icon">
        <kind.Icon className="tile__svg" />
      </span>
      <div className="tile__text">
        <p className="tile__product">{kind.product}</p>
        <h2 className="tile__title">
          <Link to={kind.path} className="tile__link">
            {item.title}
          </Link>
        </h2>
        <p className="tile__blurb">{kind.blurb}</p>
        {balance ? (
          <p className="tile__balance">
            {messages.todaysBalanceIs} <strong>{formatMoney(balance.currency_unit, balance.value)}</strong>
          </p>
        ) : null}
        {item.dashboard_type === 2 && item.num_alerts > 0 ? (
          <p className="tile__alerts">
            {item.num_alerts} {item.num_alerts === 1 ? 'alert' : 'alerts'}
          </p>
        ) : null}
      </div>
      <ChevronIcon className="tile__chevron" />
    </li>
  );
}
