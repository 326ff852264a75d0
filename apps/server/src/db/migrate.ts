import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seedApplianceTypes } from '../features/appliances-catalogue/catalogue';
import { DATA_STEPS } from './data-steps';
import { LOCKS } from './lock-keys';
import type { Db } from './types';

// Numbered, forward-only migrations: db/migrations/NNNN_name.sql, applied in order, each recorded in
// schema_migrations; a migration whose name has a data step (data-steps.ts) runs it right after its SQL.
// One transaction holds an advisory lock, so two servers starting together against
// one PostgreSQL apply each migration once, and a failing migration leaves nothing half-done.

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file ${file} must be named NNNN_name.sql`);
      return { version: Number(match[1]), name: match[2]!, sql: readFileSync(`${dir}/${file}`, 'utf8') };
    });
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migrations must be numbered 0001, 0002, … without gaps (${m.name})`);
  });
  return migrations;
}

/** Applies the pending migrations; returns the versions applied now (empty when up to date). */
export async function migrate(db: Db, migrations: Migration[] = loadMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCKS.migrations]);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const { rows } = await tx.query<{ version: number }>('select version from schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const newest = migrations.at(-1)?.version ?? 0;
    const ahead = [...done].filter((v) => v > newest);
    if (ahead.length > 0) {
      throw new Error(
        `The database has migrations this code does not know (${ahead.join(', ')}): update the code.`,
      );
    }
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await DATA_STEPS[m.name]?.(tx);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    // Reference data from code (the appliance catalogue), upserted on every run: idempotent, and a
    // catalogue change needs no migration.
    if (migrations.some((m) => m.name === 'energy')) await seedApplianceTypes(tx);
    return applied;
  });
}
