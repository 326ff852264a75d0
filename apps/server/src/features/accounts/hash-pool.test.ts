import { expect, it } from 'vitest';
import { HashPool } from './hash-pool';

// The queue's order, with tasks the test finishes by hand (no hashing, no clock).

function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { done, open };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

it('keeps one slot for trusted work and serves untrusted work round-robin by address', async () => {
  const pool = new HashPool(3);
  const order: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const submit = (name: string, trusted: boolean, key: string) => {
    const g = gate();
    gates.set(name, g);
    return pool.run({ trusted, key }, async () => {
      order.push(name);
      await g.done;
    });
  };
  // One address sends five, another two: two run (one slot is kept), then the addresses take turns.
  const jobs = [
    ...['a1', 'a2', 'a3', 'a4', 'a5'].map((n) => submit(n, false, 'A')),
    ...['b1', 'b2'].map((n) => submit(n, false, 'B')),
  ];
  await settle();
  expect(order).toEqual(['a1', 'a2']);
  expect(pool.stats().queued.other).toBe(5);

  // Trusted work starts at once in the kept slot, however long the queue.
  jobs.push(submit('owner', true, 'H'));
  await settle();
  expect(order).toEqual(['a1', 'a2', 'owner']);

  for (const name of ['a1', 'a2', 'owner', 'a3', 'b1', 'a4', 'b2', 'a5']) {
    gates.get(name)?.open();
    await settle();
  }
  await Promise.all(jobs);
  // A's queued ones alternate with B's instead of all going first.
  expect(order).toEqual(['a1', 'a2', 'owner', 'a3', 'b1', 'a4', 'b2', 'a5']);
  expect(pool.stats()).toEqual({
    running: 0,
    queued: { trusted: 0, other: 0 },
    started: { trusted: 1, other: 7 },
    finished: { trusted: 1, other: 7 },
  });
});

it('passes a failing task on and frees its slot', async () => {
  const pool = new HashPool(2);
  await expect(
    pool.run({ trusted: false, key: 'x' }, () => Promise.reject(new Error('boom'))),
  ).rejects.toThrow('boom');
  expect(await pool.run({ trusted: false, key: 'x' }, async () => 7)).toBe(7);
  expect(pool.stats().running).toBe(0);
});
