import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loggerOptions, printable, printableLines } from '../src/http/logging';

// Issue 33.14: device ids from the broker were printed raw. JSON escapes C0 controls but not DEL, the C1
// controls or Unicode's bidirectional formatting, so a right-to-left override in an id turned the rest of
// a log line around on a terminal. Every JSON line now carries them as \uXXXX escapes: safe to show, and
// the same value for log tooling.

/** What acts on a terminal, but the line's own end: the controls but newline, and the others above. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

it('writes JSON log lines that hold no character acting on a terminal, with the values unchanged', async () => {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  await app.ready();
  const deviceId = 'plug\u001b[2J\u202egnp.exe\u0085\u2066';
  const topic = 'shellies/\u200fx/relay/0';
  app.log.warn(
    { kind: 'shelly', deviceId, topic, reason: 'power \u2028 below 0' },
    'device message rejected',
  );
  app.log.error({ err: new Error(`bad payload \u202e${deviceId}`) }, 'device message parser failed');
  await app.close();

  const logged = lines.filter((line) => line.includes('device message'));
  expect(logged).toHaveLength(2);
  for (const line of logged) expect(line.slice(0, -1)).not.toMatch(UNSAFE);
  const [rejected, failed] = logged.map((line) => JSON.parse(line));
  expect([rejected.deviceId, rejected.topic, rejected.reason]).toEqual([
    deviceId,
    topic,
    'power \u2028 below 0',
  ]);
  expect(failed.err.message).toBe(`bad payload \u202e${deviceId}`);
});

it('printable writes each such character out for a person (CLI output, messages)', () => {
  expect(printable('a\u0007b\u202ec\u0085d\te')).toBe('a\\u0007b\\u202ec\\u0085d\\u0009e');
  expect(printable('Kettle plug (kitchen) £ café')).toBe('Kettle plug (kitchen) £ café');
});

it("printableLines keeps a command's own columns and lines, and writes out the rest", () => {
  expect(printableLines('1\tglow\tid\u202e\u0007\n1 device')).toBe('1\tglow\tid\\u202e\\u0007\n1 device');
});
