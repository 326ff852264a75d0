import type { Config } from '../config';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/** The read replica (DATABASE_READ_URL), or null. */
export function openReplica(config: Pick<Config, 'databaseReadUrl'>): Promise<Db | null> {
  return config.databaseReadUrl ? openPostgres(config.databaseReadUrl) : Promise.resolve(null);
}
