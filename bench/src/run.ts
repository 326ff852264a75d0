// `npm run bench`: every benchmark, printing figures with the machine and the date.
import { machineLine } from './machine';
import { benchServer } from './server';

console.log(`HomeView & InfoCare benchmarks — ${machineLine()}`);
for (const store of ['pglite', 'postgres'] as const) {
  console.log(`\nServer on ${store === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 127.0.0.1:5432'}`);
  await benchServer(store);
}
