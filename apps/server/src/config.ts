import { SETTINGS } from './config-settings';

// The server's settings, read from the environment once at start. Each variable is declared once, in
// config-settings.ts (name, default, meaning, reader); the Config type follows from its readers.

export { ConfigError } from './config-read';
export {
  type ConfigEntry,
  configTable,
  configTableMarkdown,
  type LogFormat,
  type LogLevel,
} from './config-settings';

type Settings = typeof SETTINGS;

export type Config = { readonly [K in keyof Settings]: ReturnType<Settings[K]['read']> } & {
  /**
   * False when PUBLIC_ORIGIN was not set: then any loopback origin matching the request's Host
   * (http://localhost:<port>, http://127.0.0.1:<port>) is accepted, so a local run works on any port.
   */
  readonly publicOriginExplicit: boolean;
  /** True when `publicOrigin` is https: cookies get `Secure` and the `__Host-` prefix. */
  readonly secureCookies: boolean;
  readonly bodyLimitBytes: number;
};

/** Reads and checks the environment; throws ConfigError naming the variable on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const text = (name: string) => {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
  };
  const context = { env: text, cwd };
  const read = Object.fromEntries(
    Object.entries(SETTINGS).map(([key, s]) => [key, s.read(text(s.name), context)]),
  ) as { [K in keyof Settings]: ReturnType<Settings[K]['read']> };
  return {
    ...read,
    publicOriginExplicit: text('PUBLIC_ORIGIN') !== undefined,
    secureCookies: read.publicOrigin.startsWith('https:'),
    bodyLimitBytes: 1024 * 1024,
  };
}
