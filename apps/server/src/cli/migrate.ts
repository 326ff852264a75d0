// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the PGlite DATA_DIR.
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDb(config);
  try {
    const applied = await migrate(db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(
      applied.length ? `Applied migrations ${applied.join(', ')} to ${where}.` : `${where} is up to date.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
