import { describe, expect, it } from 'vitest';
import { prettyLine, prettyLogs } from './pretty-log';

describe('log lines on a terminal', () => {
  const time = Date.UTC(2026, 0, 15, 9, 14, 3);

  it('shows a request as method, URL, status and milliseconds', () => {
    const json = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'request',
      method: 'GET',
      url: '/api/v3/dashboard/',
      statusCode: 200,
      ms: 4,
      userId: 7,
    });
    expect(prettyLine(json)).toBe('09:14:03 INFO  GET /api/v3/dashboard/ 200 4 ms user 7\n');
  });

  it('keeps other fields as key=value, quotes text with spaces, and shows an error stack', () => {
    const json = JSON.stringify({
      level: 50,
      time,
      msg: 'demo: live readings failed',
      houseId: 3,
      store: 'PGlite in /srv/data dir',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(prettyLine(json)).toBe(
      '09:14:03 ERROR demo: live readings failed houseId=3 store="PGlite in /srv/data dir"\n  Error: boom\n    at x\n',
    );
  });

  // Issue 33.14: device ids and topics come from anyone on the broker.
  it('writes out control and right-to-left characters of a device id instead of letting them act', () => {
    const json = JSON.stringify({
      level: 40,
      time,
      msg: 'device message rejected',
      deviceId: 'plug\u001b[2J\u202egnp.exe',
      topic: 'shellies/a\u0085b/relay/0',
      err: { message: 'bad', stack: 'Error: bad \u2066x\u2069\n    at parse' },
    });
    const line = prettyLine(json);
    expect(line).toBe(
      '09:14:03 WARN  device message rejected deviceId=plug\\u001b[2J\\u202egnp.exe topic=shellies/a\\u0085b/relay/0\n  Error: bad \\u2066x\\u2069\n    at parse\n',
    );
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('plain text')).toBe('plain text');
  });

  it('writes human lines on a terminal, JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(prettyLogs('auto', true)).toBe(true);
    expect(prettyLogs('auto', false)).toBe(false);
    expect(prettyLogs('json', true)).toBe(false);
    expect(prettyLogs('pretty', false)).toBe(true);
  });
});
