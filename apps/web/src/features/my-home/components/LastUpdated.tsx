import type { EnergyDetail, SupplierKind, SuppliersResponse } from '@homeview/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { nowSeconds } from '../../../shared/clock';
import { suppliersQuery } from '../../account/queries';
import { lastUpdated, STALE_AFTER_S } from '../display';
import { useUserId } from '../queries';

/** The supplier whose account feeds the home's electricity (else its first account); null without one. */
function feedingSupplier(answer: SuppliersResponse | undefined): SupplierKind | null {
  const connections = answer?.connections ?? [];
  const electricity = connections.find((c) =>
    c.meters.some((m) => m.fuel === 'electricity' && m.direction === 'import' && m.stored),
  );
  return (electricity ?? connections[0])?.kind ?? null;
}

/**
 * /my-home's lozenge. Only when the readings are older than fresh are the home's supplier accounts asked
 * (the Supplier data screen's read, same cache), so a live home makes no extra request; until they
 * answer, or when they cannot, the words are a home's without a supplier.
 */
export function LastUpdated({ view }: { view: EnergyDetail }) {
  const userId = useUserId();
  const now = nowSeconds();
  const latest = view.latest_updated;
  const old = latest !== null && now - latest > STALE_AFTER_S;
  const suppliers = useQuery(suppliersQuery(userId, old));
  const supplier = old ? feedingSupplier(suppliers.data) : null;
  const updated = lastUpdated(latest, now, view, supplier ?? undefined);
  return (
    <p className={`lozenge${updated.stale ? ' lozenge--stale' : ''}`} data-testid="last-updated">
      {updated.text}
      {supplier === null ? null : (
        <>
          {'. '}
          <Link to="/account/homeview/supplier">See Supplier data</Link>
        </>
      )}
    </p>
  );
}
