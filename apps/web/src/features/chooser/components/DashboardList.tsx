import type { DashboardItem } from '@homeview/contract/web';
import { Alert } from '../../../shared/ui/Alert';
import { DashboardTile } from './DashboardTile';

export function DashboardList({ items }: { items: DashboardItem[] }) {
  if (items.length === 0) {
    return <Alert tone="info">No dashboards are set up for this account yet.</Alert>;
  }
  return (
    <ul className="tiles">
      {items.map((item) => (
        <DashboardTile key={`${item.dashboard_type}-${item.user_id}-${item.dependant_user_id}`} item={item} />
      ))}
    </ul>
  );
}
