// The npm registry this project installs from serves only the Linux (glibc) builds of some native tools'
// platform packages (Biome's). `npm install` then leaves the other platforms' optional packages out of
// package-lock.json, and `npm ci` refuses the lock as out of sync. This adds each missing optional
// platform package as a lock entry that no Linux install ever fetches (its os/cpu do not match), so the
// lock stays complete. Run after `npm install` (the root `postinstall` does it); it changes nothing when
// the lock is already complete.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const platform = /-(android|darwin|linux|win32|freebsd)-(x64|arm64|ia32|arm)(-musl)?$/;

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = platform.exec(name);
    const target = `node_modules/${name}`;
    if (!match || lock.packages[target] || !path.startsWith('node_modules/')) continue;
    lock.packages[target] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [match[1]],
      cpu: [match[2]],
      ...(match[3] ? { libc: ['musl'] } : {}),
    };
    added += 1;
  }
}
if (added > 0) {
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} optional platform entries the registry does not serve.`);
}
