import { type RegionLetter, regionOfPostcode, regionOfTariffCode } from '@homeview/domain';
import type { Queryable } from '../db/types';

// The home's electricity region (issue 37: published rates are regional): from its postcode's outward
// code (houses.postcode, 0034) by domain `regionOfPostcode`, else from the letter its Octopus electricity
// tariff code ends with (the agreements the suppliers feature last set, supplier_connections
// .tariff_agreements, 0026: JSON [utc date, electricity [[code, from, to]…], gas […]]), the newest
// agreement's. Null: neither says.

export interface HomeRegion {
  region: RegionLetter;
  from: 'postcode' | 'tariff_code';
}

/** The newest electricity agreement's region in a stored agreements fingerprint (tariff-sync.ts), or null. */
export function regionOfAgreements(stored: string | null): RegionLetter | null {
  if (stored === null) return null;
  try {
    const electricity: unknown = JSON.parse(stored)[1];
    if (!Array.isArray(electricity)) return null;
    // Sorted by valid_from, oldest first (tariff-sync.ts): the last one is in force.
    for (const agreement of [...electricity].reverse()) {
      const code = Array.isArray(agreement) ? agreement[0] : undefined;
      const region = typeof code === 'string' ? regionOfTariffCode(code) : null;
      if (region !== null) return region;
    }
    return null;
  } catch {
    return null;
  }
}

export async function homeRegion(db: Queryable, houseId: number): Promise<HomeRegion | null> {
  const { rows } = await db.query<{ postcode: string | null; agreements: string | null }>(
    `select h.postcode,
            (select c.tariff_agreements from supplier_connections c
              where c.house_id = h.id and c.tariff_agreements is not null order by c.id desc limit 1) as agreements
       from houses h where h.id = $1`,
    [houseId],
  );
  const row = rows[0];
  const byPostcode = row?.postcode ? regionOfPostcode(row.postcode) : null;
  if (byPostcode !== null) return { region: byPostcode, from: 'postcode' };
  const byCode = regionOfAgreements(row?.agreements ?? null);
  return byCode === null ? null : { region: byCode, from: 'tariff_code' };
}
