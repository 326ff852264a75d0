// `npm run bench [first-start|server|ingest|summaries|hardening|attacks|homeview|infocare|infocare-daily|web-bundle|web-lcp|default-sync|mqtt|meter-activity|meter-infocare|cluster|supplier|push|compare|storage …]`:
// the benchmarks (all by default), each on PGlite and on PostgreSQL (meter-activity, pure domain code, once;
// cluster, PostgreSQL only), printing figures with the machine and the date.
import { benchAttacks } from './attacks';
import { benchCluster } from './cluster';
import { benchCompare } from './compare';
import { benchDefaultSync } from './default-sync';
import { benchFirstStart } from './first-start';
import { benchHardening } from './hardening';
import { benchHomeView } from './homeview';
import { benchInfocare } from './infocare';
import { benchInfocareDaily } from './infocare-daily';
import { benchIngest } from './ingest';
import { cpuProbeMs, machineLine } from './machine';
import { benchMeterActivity } from './meter-activity';
import { benchMeterInfocare } from './meter-infocare';
import { benchMqtt } from './mqtt';
import { benchPush } from './push';
import { benchServer } from './server';
import { benchStorage } from './storage';
import { benchSummaries } from './summaries';
import { benchSupplier } from './supplier';
import { benchWebBundle } from './web-bundle';
import { benchWebLcp } from './web-lcp';

const benches = {
  'first-start': { title: 'Embedded first start with the default demo', run: benchFirstStart },
  server: { title: 'Server start, login, dashboard reads, memory', run: benchServer },
  ingest: { title: 'Ingest of one home-year of 1-minute readings', run: benchIngest },
  summaries: { title: 'Summaries for one home among many', run: benchSummaries },
  hardening: { title: 'Login throttle, login timing, hostile ingest bodies', run: benchHardening },
  attacks: { title: "Issue 34's attacks: what each achieves on the product", run: benchAttacks },
  homeview: { title: 'HomeView calls (rankings, appliances) at 1,000 homes', run: benchHomeView },
  infocare: { title: 'InfoCare: one evaluation run over many homes, replay speed', run: benchInfocare },
  'web-bundle': { title: 'JavaScript fetched to show each first screen', run: benchWebBundle },
  'web-lcp': { title: 'LCP of /my-home and /parents-home, first visit, 4× CPU slowdown', run: benchWebLcp },
  mqtt: { title: 'Devices over MQTT: 1,000 Glow homes and 2,000 plugs into the write path', run: benchMqtt },
  cluster: {
    title: 'Several servers behind HAProxy on a primary and a replica: 1, 2, 3 servers',
    run: benchCluster,
  },
  'default-sync': {
    title: 'Reprice once after the default (price-cap) table changes',
    run: benchDefaultSync,
  },
  'meter-activity': {
    title: 'Appliance uses from the whole-house meter alone, against the real homes’ appliance channels',
    run: benchMeterActivity,
    storeless: true,
  },
  supplier: {
    title: 'Supplier accounts: homes filled 13 months from the Octopus stand-in, then the 4-hourly top-up',
    run: benchSupplier,
  },
  'infocare-daily': {
    title:
      'The day-late InfoCare on real homes’ half-hours: Warnings on ordinary days, injected quiet days found',
    run: benchInfocareDaily,
    storeless: true,
  },
  compare: {
    title: 'Tariffs compared: 12 months of one home-year of half-hours (issue 37)',
    run: benchCompare,
  },
  push: {
    title: 'An Urgent alert to 1,000 carers by Web Push: raised → the push service’s 201',
    run: benchPush,
  },
  storage: {
    title: 'Storage of one home-year: REFIT House 20’s real 1-minute aggregate, per table (issue 38)',
    run: benchStorage,
  },
  'meter-infocare': {
    title:
      'InfoCare on the meter alone against InfoCare with the appliance channels, replayed on the real homes',
    run: benchMeterInfocare,
  },
} as const;
type BenchName = keyof typeof benches;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}.`);
  process.exit(1);
}
const chosen = (asked.length > 0 ? asked : Object.keys(benches)) as BenchName[];

console.log(`HomeView & InfoCare benchmarks — ${machineLine()} · CPU probe ${cpuProbeMs().toFixed(0)} ms`);
for (const name of chosen) {
  const bench: { title: string; run: (store: 'pglite' | 'postgres') => Promise<void>; storeless?: boolean } =
    benches[name];
  if (bench.storeless) {
    console.log(`\n${bench.title} — no store (pure domain code)`);
    await bench.run('pglite');
    console.log(`  CPU probe just after: ${cpuProbeMs().toFixed(0)} ms (a fixed loop; see machine.ts)`);
    continue;
  }
  // BENCH_STORE=pglite|postgres runs one store only.
  for (const store of (['pglite', 'postgres'] as const).filter(
    (s) => !process.env.BENCH_STORE || s === process.env.BENCH_STORE,
  )) {
    console.log(
      `\n${benches[name].title} — ${store === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 127.0.0.1:5432'}`,
    );
    await benches[name].run(store);
    console.log(`  CPU probe just after: ${cpuProbeMs().toFixed(0)} ms (a fixed loop; see machine.ts)`);
  }
}
