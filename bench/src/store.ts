// A throwaway database for one benchmark run: a scratch PostgreSQL database or a PGlite directory,
// with the function that removes it again. Null when PostgreSQL is not reachable.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../apps/server/src/db/pglite';
import { openPostgres } from '../../apps/server/src/db/postgres';
import type { Db } from '../../apps/server/src/db/types';
import { createScratchDatabase } from './postgres';

export async function openBenchStore(
  store: 'pglite' | 'postgres',
  label: string,
  /** PostgreSQL connections (the server's pool is 10). */
  poolSize = 4,
): Promise<{ db: Db; drop: () => Promise<void> } | null> {
  if (store === 'postgres') {
    const scratch = await createScratchDatabase(label);
    if (!scratch) return null;
    const db = await openPostgres(scratch.url, poolSize);
    const drop = async () => {
      await db.close();
      await scratch.drop();
    };
    return { db, drop };
  }
  const dir = await mkdtemp(join(tmpdir(), `homeview-bench-${label}-`));
  const db = await openPglite(dir);
  const drop = async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { db, drop };
}
