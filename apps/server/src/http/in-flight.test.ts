import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/types';
import { BACKGROUND_MAX_WAIT_MS, InFlight } from './in-flight';

it('is idle at once with no request, and when the last of several requests ends (once each)', async () => {
  const requests = new InFlight();
  await requests.idle();
  const [a, b] = [{}, {}];
  requests.begin(a);
  requests.begin(b);
  let idle = false;
  const waiting = requests.idle().then(() => {
    idle = true;
  });
  requests.end(a);
  requests.end(a); // an aborted request that also gets onResponse
  await Promise.resolve();
  expect(idle).toBe(false);
  requests.end(b);
  await waiting;
  expect(idle).toBe(true);
});

it("does not count the asking request: a request's own long work waits for the others only", async () => {
  const requests = new InFlight();
  const [own, other] = [{}, {}];
  requests.begin(own);
  await requests.idle(own); // alone in flight: at once
  requests.begin(other);
  let idle = false;
  const waiting = requests.idle(own).then(() => {
    idle = true;
  });
  await Promise.resolve();
  expect(idle).toBe(false);
  requests.end(other);
  await waiting;
  expect(idle).toBe(true);
  expect(requests.count).toBe(1); // the asking request is still in flight
});

describe('the bound on waiting for a quiet moment', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves once the requests in flight are maxWaitMs old, then at once while they stay open', async () => {
    const requests = new InFlight({ maxWaitMs: 3000 });
    const slow = {};
    requests.begin(slow);
    let idle = false;
    const waiting = requests.idle().then(() => {
      idle = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(idle).toBe(true);
    // The same slow request does not hold the next piece of work back again.
    let again = false;
    void requests.idle().then(() => {
      again = true;
    });
    await Promise.resolve();
    expect(again).toBe(true);
  });

  // Issue 34.1: a new request every 2 s (each a body that never ends) kept the youngest under 3 s old, and
  // a wait that looked at the youngest never ended. Requests that begin while it waits count, up to the
  // deadline fixed when it began.
  it('waits for requests that begin while it waits, up to maxWaitMs after it was asked', async () => {
    const requests = new InFlight({ maxWaitMs: 3000 });
    requests.begin({});
    let idle = false;
    const waiting = requests.idle().then(() => {
      idle = true;
    });
    await vi.advanceTimersByTimeAsync(2000);
    requests.begin({});
    await vi.advanceTimersByTimeAsync(999); // the first 2.999 s old, the later one 0.999 s
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(idle).toBe(true);
    // The next wait has a deadline of its own: requests beginning every 1.5 s hold it back 3 s, no more.
    let next = false;
    void requests.idle().then(() => {
      next = true;
    });
    await vi.advanceTimersByTimeAsync(1500);
    requests.begin({});
    await vi.advanceTimersByTimeAsync(1499);
    expect(next).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    requests.begin({});
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toBe(true);
  });

  it('is 3 seconds by default', async () => {
    expect(BACKGROUND_MAX_WAIT_MS).toBe(3000);
    const requests = new InFlight();
    requests.begin({});
    let idle = false;
    void requests.idle().then(() => {
      idle = true;
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(idle).toBe(true);
  });
});

it('leaves a PostgreSQL database as it is: background work has connections of its own there', () => {
  const postgres = { kind: 'postgres' } as Db;
  expect(new InFlight().background(postgres)).toBe(postgres);
  const pglite = { kind: 'pglite' } as Db;
  expect(new InFlight().background(pglite)).not.toBe(pglite);
});
