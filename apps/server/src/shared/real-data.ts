import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the shared real UK data lives (../shared/data/real beside the repository, never copied into it):
 * the tests' real-data suites and the demo's supplier stand-ins (DEMO_SUPPLIER) read it from here.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const realDataDir = path.resolve(repoRoot, '../shared/data/real');
export const realFile = (relative: string): string => path.join(realDataDir, relative);
