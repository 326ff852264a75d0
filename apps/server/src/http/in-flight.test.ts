import { expect, it } from 'vitest';
import { InFlight } from './in-flight';

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
