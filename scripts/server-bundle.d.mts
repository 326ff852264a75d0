// Types of server-bundle.mjs for the TypeScript that imports it (tests, bench).
export const SERVER_NODE_FLAGS: readonly string[];
export const SERVER_ENV: Readonly<Record<string, string>>;
export function serverLaunch(
  root: string,
  bundle: string | null,
  env?: NodeJS.ProcessEnv,
): { args: string[]; env: NodeJS.ProcessEnv };
export function buildServerBundle(
  root: string,
  options?: { entry?: string; outfile?: string },
): Promise<string | null>;
