// `npm run cluster -- up [--servers N] [--dir DIR]` / `npm run cluster -- down [--dir DIR]`: see
// cli/cluster/cluster.ts. `up` prints `server <n> pid <pid> port <port>` per server and, last,
// `proxy http://127.0.0.1:<port>`; `down` stops every process `up` started and removes the run's directory.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, parseFlags } from './args';
import { clusterDown, clusterUp } from './cluster/cluster';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const [command, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  if (command === 'up') {
    const flags = parseFlags(rest, {
      servers: { description: 'how many servers (1 to 8)', required: false },
      dir: { description: "the run's directory", required: false },
    });
    const servers = Number(flags.servers ?? 2);
    if (!Number.isInteger(servers) || servers < 1 || servers > 8)
      throw new CliError('--servers must be a whole number from 1 to 8');
    const dir = resolve(flags.dir ?? '.cluster');
    // Names what is missing before starting anything; stops what it started when a later step fails.
    const state = await clusterUp({ dir, servers, root, log: (line) => console.error(line) });
    for (const s of state.servers) console.log(`server ${s.n} pid ${s.pid} port ${s.port}`);
    console.log(`proxy http://127.0.0.1:${state.proxyPort}`);
    return 0;
  }
  if (command === 'down') {
    const flags = parseFlags(rest, { dir: { description: "the run's directory", required: false } });
    const dir = resolve(flags.dir ?? '.cluster');
    console.log((await clusterDown(dir)) ? `stopped the cluster in ${dir}` : `no cluster runs in ${dir}`);
    return 0;
  }
  throw new CliError('usage: npm run cluster -- up [--servers N] [--dir DIR] | down [--dir DIR]');
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
