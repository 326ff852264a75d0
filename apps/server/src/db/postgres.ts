import pg from 'pg';
import { type Db, preparedName, type Queryable, type QueryResult, type SqlParam } from './types';

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
  };
}
