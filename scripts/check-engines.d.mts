// Types of check-engines.mjs for the TypeScript that imports it (tests).
export interface Unsupported {
  name: string;
  version: string | undefined;
  wants: string;
}
export function unsupportedEngines(lock: unknown, nodeVersion: string): Unsupported[];
