import type { SupplierKind, SupplierState } from '@homeview/contract';
import type { Db, Queryable } from '../../db/types';
import type { SupplierMeterRef } from './source';

// The supplier connections and their meters (migration 0025): SQL only.

export interface ConnectionRow {
  id: number;
  house_id: number;
  kind: SupplierKind;
  credentials: string;
  account_end: string;
  state: SupplierState;
  problem: string | null;
  fill_from: number;
  created_at: number;
  last_fetch_at: number | null;
  next_fetch_at: number | null;
  failures: number;
  progress: number | null;
  time_zone: string;
}

export interface MeterRow extends SupplierMeterRef {
  id: number;
  connection_id: number;
  stored: boolean;
  resume_at: number | null;
  data_through: number | null;
  /** Who said the unit: the supplier's client, or the home's person (a correction). */
  unit_set_by: 'supplier' | 'user';
  /** Figures and answers refused so far (counted every time one is met). */
  rejected: number;
}

const CONNECTION_COLUMNS = `c.id, c.house_id, c.kind, c.credentials, c.account_end, c.state, c.problem,
  c.fill_from::float8 as fill_from, c.created_at::float8 as created_at,
  c.last_fetch_at::float8 as last_fetch_at, c.next_fetch_at::float8 as next_fetch_at, c.failures,
  c.progress, h.time_zone`;

const METER_COLUMNS = `id, connection_id, fuel, direction, point, serials, unit, unit_set_by, rejected, stored,
  resume_at::float8 as resume_at, data_through::float8 as data_through`;

function meterOf(row: MeterRow): MeterRow {
  const serials = typeof row.serials === 'string' ? (JSON.parse(row.serials) as string[]) : row.serials;
  return { ...row, serials };
}

export interface NewConnection {
  houseId: number;
  kind: SupplierKind;
  credentials: string;
  accountEnd: string;
  fillFrom: number;
  now: number;
  meters: readonly (SupplierMeterRef & { stored: boolean })[];
}

/** Stores a connection and its meters, due at once; null when the home already has one of this kind. */
export async function insertConnection(db: Db, c: NewConnection): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `insert into supplier_connections (house_id, kind, credentials, account_end, fill_from, created_at,
                                         next_fetch_at, progress)
       values ($1, $2, $3, $4, $5, $6, $6, 0)
       on conflict (house_id, kind) do nothing returning id`,
      [c.houseId, c.kind, c.credentials, c.accountEnd, c.fillFrom, c.now],
    );
    const id = rows[0]?.id;
    if (id === undefined) return null;
    for (const m of c.meters)
      await tx.query(
        `insert into supplier_meters (connection_id, fuel, direction, point, serials, unit, stored, resume_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
        [id, m.fuel, m.direction, m.point, JSON.stringify(m.serials), m.unit, m.stored, c.fillFrom],
      );
    return id;
  });
}

export async function connectionsOfHouse(db: Queryable, houseId: number): Promise<ConnectionRow[]> {
  const { rows } = await db.query<ConnectionRow>(
    `select ${CONNECTION_COLUMNS} from supplier_connections c join houses h on h.id = c.house_id
      where c.house_id = $1 order by c.id`,
    [houseId],
  );
  return rows;
}

export async function connectionById(db: Queryable, id: number): Promise<ConnectionRow | null> {
  const { rows } = await db.query<ConnectionRow>(
    `select ${CONNECTION_COLUMNS} from supplier_connections c join houses h on h.id = c.house_id where c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Connections whose next fetch is due (never those whose credentials were refused), oldest due first. */
export async function dueConnections(db: Queryable, now: number, limit = 100): Promise<ConnectionRow[]> {
  const { rows } = await db.query<ConnectionRow>(
    `select ${CONNECTION_COLUMNS} from supplier_connections c join houses h on h.id = c.house_id
      where c.next_fetch_at <= $1 and c.state <> 'credentials_refused'
      order by c.next_fetch_at, c.id limit $2`,
    [now, limit],
  );
  return rows;
}

export async function metersOf(db: Queryable, connectionIds: readonly number[]): Promise<MeterRow[]> {
  if (connectionIds.length === 0) return [];
  const { rows } = await db.query<MeterRow>(
    `select ${METER_COLUMNS} from supplier_meters where connection_id = any($1::int[])
      order by connection_id, fuel = 'gas', direction desc, id`,
    [connectionIds],
  );
  return rows.map(meterOf);
}

/**
 * A meter's resume point, last complete day and the figures refused in the span, in the transaction that
 * stored its half-hours.
 */
export async function advanceMeter(
  tx: Queryable,
  meterId: number,
  resumeAt: number,
  dataThrough: number | null,
  rejected = 0,
): Promise<void> {
  await tx.query(
    `update supplier_meters set resume_at = greatest(resume_at, $2),
            data_through = greatest(data_through, $3), rejected = rejected + $4 where id = $1`,
    [meterId, resumeAt, dataThrough, rejected],
  );
}

/** An answer of the supplier's refused whole (not JSON, not of its shape): counted on its meter. */
export async function countRejected(db: Queryable, meterId: number): Promise<void> {
  await db.query('update supplier_meters set rejected = rejected + 1 where id = $1', [meterId]);
}

/**
 * A gas meter's unit as the home's person corrected it; its half-hours are read again from the first
 * fill's start (written again in the right unit) and its connection is due now. False: no such gas meter
 * of the home.
 */
export async function correctMeterUnit(
  db: Db,
  houseId: number,
  meterId: number,
  unit: SupplierMeterRef['unit'],
  now: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ connection_id: number }>(
      `update supplier_meters m set unit = $3, unit_set_by = 'user',
              resume_at = case when m.unit = $3 then m.resume_at else c.fill_from end
         from supplier_connections c
        where m.id = $2 and c.id = m.connection_id and c.house_id = $1 and m.fuel = 'gas'
        returning m.connection_id`,
      [houseId, meterId, unit],
    );
    const row = rows[0];
    if (row === undefined) return false;
    await tx.query(
      `update supplier_connections set next_fetch_at = $2 where id = $1 and state <> 'credentials_refused'`,
      [row.connection_id, now],
    );
    return true;
  });
}

/** The first fill's share done (0–100), in the transaction of the span that got it there. */
export async function setProgress(tx: Queryable, id: number, progress: number): Promise<void> {
  await tx.query('update supplier_connections set progress = $2 where id = $1', [
    id,
    Math.max(0, Math.min(100, progress)),
  ]);
}

export interface PassOutcome {
  state: SupplierState;
  problem: string | null;
  lastFetchAt: number;
  nextFetchAt: number | null;
  failures: number;
  /** 'kept': as the spans stored it (a pass that failed part-way). */
  progress: number | null | 'kept';
}

export async function recordPass(db: Queryable, id: number, o: PassOutcome): Promise<void> {
  await db.query(
    `update supplier_connections set state = $2, problem = $3, last_fetch_at = $4, next_fetch_at = $5,
            failures = $6, progress = case when $8::boolean then progress else $7::int end where id = $1`,
    [
      id,
      o.state,
      o.problem,
      o.lastFetchAt,
      o.nextFetchAt,
      o.failures,
      o.progress === 'kept' ? null : o.progress,
      o.progress === 'kept',
    ],
  );
}

/**
 * Marks the connection's credentials refused; the owner's email when they are to be told now (the first
 * refusal since connecting: claimed here, so two servers never both send), else null.
 */
export async function refuseCredentials(
  db: Queryable,
  id: number,
  now: number,
  problem: string,
): Promise<{ email: string | null; house_name: string } | null> {
  const { rows } = await db.query<{ email: string | null; house_name: string; mail: boolean }>(
    `with old as (select refused_mailed_at from supplier_connections where id = $1),
          upd as (update supplier_connections c
                     set state = 'credentials_refused', problem = $3, last_fetch_at = $2, next_fetch_at = null,
                         progress = null, refused_mailed_at = coalesce(c.refused_mailed_at, $2)
                   where c.id = $1 returning c.house_id)
     select u.email, h.name as house_name, (select refused_mailed_at is null from old) as mail
       from upd join houses h on h.id = upd.house_id join users u on u.id = h.owner_user_id`,
    [id, now, problem],
  );
  const row = rows[0];
  return row?.mail ? { email: row.email, house_name: row.house_name } : null;
}

export async function deleteConnection(db: Queryable, houseId: number, id: number): Promise<boolean> {
  const { rows } = await db.query(
    'delete from supplier_connections where id = $1 and house_id = $2 returning id',
    [id, houseId],
  );
  return rows.length > 0;
}

/** A house's id and zone by its id (the admin CLI names houses by id), or null. */
export async function houseById(
  db: Queryable,
  houseId: number,
): Promise<{ id: number; time_zone: string } | null> {
  const { rows } = await db.query<{ id: number; time_zone: string }>(
    'select id, time_zone from houses where id = $1',
    [houseId],
  );
  return rows[0] ?? null;
}

/** The fingerprint of the agreements whose tariffs were last set (tariff-sync.ts), or null. */
export async function storedAgreements(db: Queryable, connectionId: number): Promise<string | null> {
  const { rows } = await db.query<{ tariff_agreements: string | null }>(
    'select tariff_agreements from supplier_connections where id = $1',
    [connectionId],
  );
  return rows[0]?.tariff_agreements ?? null;
}

export async function storeAgreements(
  db: Queryable,
  connectionId: number,
  fingerprint: string,
): Promise<void> {
  await db.query('update supplier_connections set tariff_agreements = $2 where id = $1', [
    connectionId,
    fingerprint,
  ]);
}
