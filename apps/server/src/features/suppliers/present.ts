import type { SupplierConnection, SuppliersResponse } from '@homeview/contract';
import type { ConnectionRow, MeterRow } from './repository';

// A home's connections as the API answers them: never the credentials, and of what identifies an
// account or a meter only the last 4 characters.

const end = (s: string) => s.slice(-4);

export function presentConnection(row: ConnectionRow, meters: readonly MeterRow[]): SupplierConnection {
  return {
    id: row.id,
    kind: row.kind,
    account_end: row.account_end,
    state: row.state,
    progress: row.state === 'filling' || row.state === 'retrying' ? (row.progress ?? null) : null,
    problem: row.problem,
    created_at: row.created_at,
    last_fetch_at: row.last_fetch_at,
    next_fetch_at: row.next_fetch_at,
    meters: meters
      .filter((m) => m.connection_id === row.id)
      .map((m) => ({
        id: m.id,
        fuel: m.fuel,
        direction: m.direction,
        point_end: end(m.point),
        serial_end: m.serials.length > 0 ? end(m.serials.at(-1) as string) : null,
        unit: m.unit,
        unit_set_by: m.unit_set_by,
        rejected: m.rejected,
        data_through: m.data_through,
        stored: m.stored,
      })),
  };
}

export function presentConnections(
  timeZone: string,
  rows: readonly ConnectionRow[],
  meters: readonly MeterRow[],
): SuppliersResponse {
  return { time_zone: timeZone, connections: rows.map((r) => presentConnection(r, meters)) };
}
