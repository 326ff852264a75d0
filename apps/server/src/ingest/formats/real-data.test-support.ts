import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';
import { realDataDir } from '../../shared/real-data';

/**
 * Test-only: where the shared real UK data lives (never copied into the repo). When it is absent the
 * real-data suites warn and skip, except under CI=true, where its absence is a failure.
 */
export { realDataDir, realFile, repoRoot } from '../../shared/real-data';

export function describeReal(name: string, body: () => void): void {
  if (existsSync(realDataDir)) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('has the real data', () => {
        throw new Error(`real data not found at ${realDataDir} (required when CI=true)`);
      });
    });
    return;
  }
  console.warn(`[${name}] skipped: real data not found at ${realDataDir}`);
  describe.skip(name, body);
}
