import pg from 'pg';
import {
  type Db,
  type HeldLock,
  type Listening,
  type LockSession,
  preparedName,
  type Queryable,
  type QueryResult,
  type SqlParam,
} from './types';

// int8 (count(*), bigint) as a JS number, as on PGlite; our values stay far below 2^53.
const INT8_OID = 20;
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<QueryResult<T>> {
      const name = preparedName(sql);
      const values = params as unknown[];
      const result = await (name === undefined
        ? target.query(sql, values)
        : target.query({ name, text: sql, values }));
      return { rows: result.rows as T[], rowCount: result.command === 'SELECT' ? 0 : (result.rowCount ?? 0) };
    },
    async exec(sql: string): Promise<void> {
      await target.query(sql); // no parameters: the simple protocol runs several statements
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: typeParsers,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  await pool.query('select 1'); // fail at start, not at the first request
  const base = queryable(pool);
  return {
    kind: 'postgres',
    poolSize: max,
    query: base.query,
    exec: base.exec,
    async transaction(fn, options) {
      const client = await pool.connect();
      try {
        // Simple protocol: BEGIN and the opening statement in one round trip, run in that order.
        const opened: pg.QueryResult | pg.QueryResult[] = await client.query(
          options?.first === undefined ? 'begin' : `begin; ${options.first}`,
        );
        const last = Array.isArray(opened) ? opened.at(-1) : opened;
        const result = await fn(queryable(client), last?.rows ?? []);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, onNotice, onReconnect) => listen(url, channel, onNotice, onReconnect),
    tryLock: (key) => tryLock(url, key),
    lockSession: () => lockSession(url),
  };
}

/**
 * A connection of its own for session advisory locks (they live as long as it does). `lost` resolves when
 * it ends other than by `end()`: the locks are gone with it.
 */
async function lockConnection(
  url: string,
): Promise<{ client: pg.Client; lost: Promise<void>; end(): Promise<void> }> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    // A dead peer (the server's machine gone) is noticed within a minute, not at the TCP timeout.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  client.on('error', () => undefined); // 'end' follows
  let ended = false;
  const lost = new Promise<void>((resolve) => client.on('end', () => (ended ? undefined : resolve())));
  await client.connect();
  return {
    client,
    lost,
    async end() {
      ended = true;
      await client.end().catch(() => undefined);
    },
  };
}

async function lockSession(url: string): Promise<LockSession> {
  const { client, lost, end } = await lockConnection(url);
  return {
    lost,
    async tryLock(key) {
      const { rows } = await client.query<{ held: boolean }>(
        'select pg_try_advisory_lock($1::bigint) as held',
        [key],
      );
      return rows[0]?.held === true;
    },
    async lockShared(key) {
      await client.query('select pg_advisory_lock_shared($1::bigint)', [key]);
    },
    async unlock(key) {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]);
    },
    close: end,
  };
}

async function tryLock(url: string, key: number): Promise<HeldLock | null> {
  const { client, lost, end } = await lockConnection(url);
  try {
    const { rows } = await client.query<{ held: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as held',
      [key],
    );
    if (rows[0]?.held !== true) {
      await end();
      return null;
    }
  } catch (error) {
    await end();
    throw error;
  }
  return { lost, release: end };
}

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it). When the
 * connection drops (the server restarted, a proxy cut it) it is opened again after 1 s, doubling up to
 * 30 s while it keeps failing; `onReconnect` then says notices may have been missed meanwhile.
 */
async function listen(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  onReconnect?: () => void,
): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new TypeError(`${channel} is not a plain channel name`);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoff = RECONNECT_MIN_MS;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    next.on('error', () => undefined); // 'end' follows and reconnects
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    backoff = RECONNECT_MIN_MS;
  };

  const schedule = (): void => {
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      open().then(
        () => onReconnect?.(),
        () => {
          backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
          schedule();
        },
      );
    }, backoff);
    retry.unref();
  };

  await open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
