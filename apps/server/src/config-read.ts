// How one environment variable's text becomes a setting's value (config-settings.ts): each reader names
// the variable in its error, so a person knows which line of their environment to fix.

export class ConfigError extends Error {}

/** A whole number in [min, max]; `fallback` when unset. */
export function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number) {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

/** true or false; `fallback` when unset. */
export function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false`);
  return raw === 'true';
}

/** One of `allowed`; `fallback` when unset. */
export function oneOf<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw))
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

function parsed(name: string, raw: string, example: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${example} (got something else)`);
  }
}

/** A URL whose scheme is one of `schemes` (e.g. ['smtp', 'smtps']); null when unset. */
export function urlOf(
  name: string,
  raw: string | undefined,
  schemes: readonly string[],
  example: string,
): string | null {
  if (raw === undefined) return null;
  const url = parsed(name, raw, example);
  if (!schemes.includes(url.protocol.slice(0, -1))) {
    const listed = schemes.map((s) => `${s}://`);
    const choice =
      listed.length > 2 ? `${listed.slice(0, -1).join(', ')} or ${listed.at(-1)}` : listed.join(' or ');
    throw new ConfigError(`${name} must start with ${choice} (got ${url.protocol}//)`);
  }
  return raw;
}

/** An http(s) base URL without its trailing slashes. */
export function httpBase(name: string, raw: string): string {
  return (urlOf(name, raw, ['http', 'https'], 'https://api.example') as string).replace(/\/+$/, '');
}

/** An origin: http(s)://host[:port], no path. */
export function origin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN must be an origin such as http://localhost:8080 (got "${raw}")`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1 || url.search) {
    throw new ConfigError(`PUBLIC_ORIGIN must be http(s)://host[:port] with no path (got "${raw}")`);
  }
  return url.origin;
}

/** One level of an MQTT topic filter. */
export function topicLevel(name: string, raw: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw))
    throw new ConfigError(`${name} must be 1 to 64 letters, digits, - or _ (one level of a topic filter)`);
  return raw;
}

/** 32 bytes as 64 hex digits or base64 (standard or URL-safe); null when unset. */
export function key32(name: string, raw: string | undefined): Buffer | null {
  if (raw === undefined) return null;
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw)
      ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (bytes === null || bytes.length !== 32)
    throw new ConfigError(
      `${name} must be 32 bytes as base64 (e.g. \`openssl rand -base64 32\`) or 64 hex digits`,
    );
  return bytes;
}

/** Hosts Apple's push service refuses in a VAPID subject (and nobody could write to). */
const LOCAL_HOST = /^(localhost|.*\.localhost|.*\.local|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i;

/** VAPID_SUBJECT: a mailto: address or a public https: URL; null when unset. */
export function vapidSubject(raw: string | undefined, noSecretsKey: boolean): string | null {
  if (raw === undefined) return null;
  const example = 'mailto:alerts@your-domain.example or https://your-domain.example';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https: URL, e.g. ${example}`);
  }
  const local =
    url.protocol === 'https:'
      ? LOCAL_HOST.test(url.hostname)
      : LOCAL_HOST.test(url.pathname.split('@')[1] ?? '');
  if (url.protocol === 'mailto:' && !/^[^@\s]+@[^@\s]+$/.test(url.pathname))
    throw new ConfigError(`VAPID_SUBJECT's mailto: needs an address, e.g. ${example} (got "${raw}")`);
  if (url.protocol !== 'mailto:' && url.protocol !== 'https:')
    throw new ConfigError(
      `VAPID_SUBJECT must start with mailto: or https: (got ${url.protocol}), e.g. ${example}`,
    );
  if (local)
    throw new ConfigError(
      `VAPID_SUBJECT must be a public contact, not a local one ("${raw}"): Apple's push service refuses localhost, so iPhones would get nothing. Use ${example}`,
    );
  if (noSecretsKey)
    throw new ConfigError(
      'VAPID_SUBJECT needs SECRETS_KEY on PostgreSQL: the push keys are kept sealed with it (e.g. `openssl rand -base64 32`)',
    );
  return raw;
}

/** Host names, `*.` before one for any subdomain of it, comma-separated. */
export function hostPatterns(name: string, raw: string): readonly string[] {
  const hosts = raw
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  const bad = hosts.find((h) => !/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(h));
  if (hosts.length === 0 || bad !== undefined)
    throw new ConfigError(
      `${name} must be host names separated by commas, each optionally starting with *. (got "${bad ?? raw}")`,
    );
  return hosts;
}
