// The stand-in push service of `npm run bench push` on a thread of its own (BENCH_PUSH_THREAD=1): a real
// push service is another machine, so its checks and its side of TLS should not share the sender's event
// loop. The same stand-in (apps/server/test/support/push-service.ts), driven over messages.
import { Agent } from 'node:https';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Rng } from '@homeview/simulator';
import {
  type BrowserSubscription,
  type StandInPushService,
  startPushService,
} from '../../apps/server/test/support/push-service';

type Request = { kind: 'subscribe'; key: string; n: number } | { kind: 'results' } | { kind: 'close' };

export interface PushThreadResults {
  /** Each push that passed the checks: its payload's tag (the alert) and when it was answered (ms). */
  answered: { tag: string; answer: string | number; answeredAt: number | null }[];
  refused: number;
  maxInFlight: number;
}

export interface PushThread {
  agent: Agent;
  subscribe(key: string, n: number): Promise<BrowserSubscription[]>;
  results(): Promise<PushThreadResults>;
  close(): Promise<void>;
}

/** What the bench reads of a stand-in after the run. */
export function resultsOf(service: StandInPushService): PushThreadResults {
  return {
    answered: service.delivered.map((d) => ({
      tag: String(d.payload.tag),
      answer: d.answer,
      answeredAt: d.answeredAt,
    })),
    refused: service.refused.length,
    maxInFlight: service.maxInFlight(),
  };
}

/** Starts the stand-in on a worker thread; it answers after 20–50 ms drawn per push, as the bench's own. */
export async function startPushThread(subject: string): Promise<PushThread> {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { subject },
    execArgv: ['--import', 'tsx'],
  });
  const replies: ((value: unknown) => void)[] = [];
  worker.on('message', (m) => replies.shift()?.(m));
  const ask = <T>(request: Request) =>
    new Promise<T>((resolve) => {
      replies.push(resolve as (value: unknown) => void);
      worker.postMessage(request);
    });
  const ca = await new Promise<Buffer>((resolve, reject) => {
    replies.push((m) => resolve(Buffer.from(m as Uint8Array)));
    worker.once('error', reject);
  });
  const agent = new Agent({ ca, keepAlive: true });
  return {
    agent,
    subscribe: (key, n) => ask({ kind: 'subscribe', key, n }),
    results: () => ask({ kind: 'results' }),
    close: async () => {
      agent.destroy();
      await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const rng = new Rng(36);
  const service = await startPushService({
    subject: (workerData as { subject: string }).subject,
    now: () => Math.floor(Date.now() / 1000),
    latencyMs: () => rng.int(20, 50),
  });
  port.postMessage(service.agent.options.ca);
  port.on('message', async (request: Request) => {
    if (request.kind === 'subscribe')
      port.postMessage(Array.from({ length: request.n }, () => service.subscribe(request.key)));
    else if (request.kind === 'results') port.postMessage(resultsOf(service));
    else {
      await service.close();
      port.postMessage(null);
    }
  });
}
