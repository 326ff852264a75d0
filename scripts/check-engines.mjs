// The engines check npm cannot make. `npm ci` runs on the machine's Node (a fresh machine ships Node 20)
// and checks every package's `engines` against it, while the project runs on the Node it brings itself
// (the devDependency `node`, first on the scripts' path): five packages that want Node 22 or 24 were
// reported as unsupported although they never run on Node 20. So .npmrc keeps npm's warnings out of the
// install (loglevel=error), and this, run by the root `postinstall` on the Node the scripts run on, checks
// every installed package's `engines.node` against that Node and names any it does not satisfy.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** Each package of the lock (the root included) whose `engines.node` does not accept `nodeVersion`. */
export function unsupportedEngines(lock, nodeVersion) {
  return Object.entries(lock.packages ?? {})
    .filter(([, entry]) => !entry.optional && typeof entry.engines?.node === 'string')
    .filter(([, entry]) => !semver.satisfies(nodeVersion, entry.engines.node, { includePrerelease: true }))
    .map(([path, entry]) => ({
      name: path === '' ? (lock.name ?? 'the project') : path.replace(/^.*node_modules\//, ''),
      version: entry.version,
      wants: entry.engines.node,
    }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
  for (const p of unsupportedEngines(lock, process.version))
    console.warn(
      `${p.name}${p.version ? `@${p.version}` : ''} wants Node ${p.wants}; the project's scripts run on Node ${process.version}.`,
    );
}
