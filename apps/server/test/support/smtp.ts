import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on a loopback port, for tests that send mail: every message it accepts is parsed
// (mailparser) and kept in arrival order. `failNext(n)` makes the next n messages fail with a 451, for
// tests of retries.

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** Resolves with the n-th message (1-based) once it has arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail>;
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiters: { count: number; resolve: (m: ParsedMail) => void }[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const w of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(received[w.count - 1]!);
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client gone mid-conversation (a server killed while mailing) resets its connection: smtp-server
  // reports that as an 'error' event, which with no listener would crash the test process. Its unfinished
  // mail is simply not received, which is what the tests count.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received[count - 1]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} messages arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
