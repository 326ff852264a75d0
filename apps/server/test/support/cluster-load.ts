import { connectAsync, type MqttClient } from 'mqtt';
import type { Db } from '../../src/db/types';

// Load for the cluster's kill test (test/cluster/cluster.test.ts): many homes registered in bulk, their
// devices' messages as the real devices send them, published through a few MQTT connections, and people
// browsing through the proxy with their own sessions, each request's start, end and outcome recorded.

/** `n` homes with an owner each (no password: nobody logs in to them), in two statements; ids ascending. */
export async function addHomes(db: Db, n: number, label: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `with u as (
       insert into users (username, password_hash)
       select $1 || g, '!' from generate_series(1, $2) g returning id)
     insert into houses (owner_user_id, name, time_zone) select id, 'Load home', 'Europe/London' from u
     returning id`,
    [label, n],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** A Glow display's electricitymeter message: its import register (kWh, 3 decimals) at device time `t`. */
export function glowMessage(t: number, importWh: number): string {
  return JSON.stringify({
    electricitymeter: {
      timestamp: iso(t),
      energy: {
        export: { cumulative: 0, units: 'kWh' },
        import: { cumulative: importWh / 1000, units: 'kWh' },
      },
      power: { value: 0.5, units: 'kW' },
    },
  });
}

/** A Shelly Gen2+ plug's NotifyStatus (sent on change): its power and its energy counter (Wh). */
export function shellyMessage(t: number, watts: number, totalWh: number): string {
  return JSON.stringify({
    src: 'plug',
    method: 'NotifyStatus',
    params: { ts: t, 'switch:0': { id: 0, apower: watts, aenergy: { total: totalWh } } },
  });
}

/** A few MQTT connections sharing the messages of a round, QoS 1 (each publish waits for the broker's ack). */
export class Publishers {
  sent = 0;
  private constructor(private readonly clients: MqttClient[]) {}

  static async connect(url: string, count: number, label: string): Promise<Publishers> {
    const clients: MqttClient[] = [];
    for (let i = 0; i < count; i++) clients.push(await connectAsync(url, { clientId: `${label}-${i}` }));
    return new Publishers(clients);
  }

  async publish(messages: readonly (readonly [topic: string, payload: string])[]): Promise<void> {
    await Promise.all(
      messages.map(([topic, payload], i) =>
        this.clients[i % this.clients.length]!.publishAsync(topic, payload, { qos: 1 }),
      ),
    );
    this.sent += messages.length;
  }

  async end(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.endAsync()));
  }
}

export interface Visit {
  path: string;
  /** Wall-clock ms when the request was sent and when its answer (or failure) came. */
  start: number;
  end: number;
  /** The HTTP status, 0 when the connection failed. */
  status: number;
  /** Why the connection failed. */
  error?: string;
}

/** A person signed in through the proxy: the session cookie and CSRF token of a real login. */
export interface Browser {
  cookie: string;
  csrf: string;
  visits: Visit[];
}

export async function signIn(
  proxy: string,
  username: string,
  password: string,
  address: string,
): Promise<Browser> {
  const res = await fetch(`${proxy}/api/v3/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxy, 'x-forwarded-for': address },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sessionid='))!
    .split(';')[0]!;
  const { csrftoken } = (await res.json()) as { csrftoken: string };
  return { cookie, csrf: csrftoken, visits: [] };
}

/**
 * Requests `paths` in turn, over and over, `thinkMs` apart, until `browsing()` is false; every request
 * recorded. A request that failed is not retried: the person sees it fail.
 */
export async function browse(
  proxy: string,
  browser: Browser,
  paths: readonly string[],
  browsing: () => boolean,
  thinkMs: number,
): Promise<void> {
  for (let i = 0; browsing(); i++) {
    const path = paths[i % paths.length]!;
    const start = Date.now();
    let status = 0;
    let error: string | undefined;
    try {
      const res = await fetch(`${proxy}${path}`, { headers: { cookie: browser.cookie } });
      await res.arrayBuffer();
      status = res.status;
    } catch (e) {
      const cause = (e as Error & { cause?: Error & { code?: string } }).cause;
      error = `${(e as Error).message}: ${cause?.code ?? ''} ${cause?.message ?? ''}`;
    }
    browser.visits.push({ path, start, end: Date.now(), status, ...(error ? { error } : {}) });
    await new Promise((resolve) => setTimeout(resolve, thinkMs));
  }
}
