// The server's public surface: what the lead's scripts, e2e and later features import.
export { type AppDeps, buildApp } from './app';
export { type Clock, systemClock } from './clock';
export { type Config, ConfigError, loadConfig } from './config';
export { type ConfigEntry, configTable, configTableMarkdown } from './config-settings';
export type { AppContext } from './context';
export { loadMigrations, migrate } from './db/migrate';
export { openDb } from './db/open';
export type { Db, Queryable, QueryResult, SqlParam } from './db/types';
export { DEMO_PASSWORD, DEMO_USERNAME, seedDemoIfEmpty } from './features/demo/seed';
