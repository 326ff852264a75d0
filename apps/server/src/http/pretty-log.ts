import type { LogFormat } from '../config';
import { type LogDestination, printable } from './logging';

// On a terminal, pino's JSON lines are rewritten as short human lines ("09:14:03 INFO  GET /healthz 200
// 2 ms"); elsewhere (a service manager, a container, a pipe) the JSON lines are kept for log tooling.
// A few lines of our own instead of pino-pretty: no extra dependency and its transport worker thread.

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** pino's own fields, shown in the line's head or not at all. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

/** A field's value as shown: text with spaces quoted, and nothing that acts on the terminal (printable). */
function formatValue(value: unknown): string {
  if (typeof value === 'string') return printable(/[\s"=]/.test(value) ? JSON.stringify(value) : value);
  return printable(JSON.stringify(value));
}

/** One pino JSON line as a short human line; lines that are not JSON pass through unchanged. */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '';
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  if (entry.msg === 'request') {
    const user = entry.userId === undefined ? '' : ` user ${entry.userId}`;
    return `${time} ${level} ${entry.method} ${printable(String(entry.url))} ${entry.statusCode} ${entry.ms} ms${user}\n`;
  }
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const fields = Object.entries(entry)
    .filter(([key]) => !OMITTED.has(key) && key !== 'err')
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  const text = [time, level, printable(String(entry.msg ?? '')), ...fields].join(' ');
  const stack = err ? (err.stack ?? err.message ?? '').split('\n').map(printable).join('\n') : '';
  return `${text}${err ? `\n  ${stack}` : ''}\n`;
}

/** A pino destination writing short human lines to `out` (the terminal). */
export function prettyDestination(out: NodeJS.WritableStream): LogDestination {
  return { write: (line) => void out.write(prettyLine(line.trimEnd())) };
}

/** Whether the log is written as human lines: LOG_FORMAT=pretty, or auto on a terminal. */
export function prettyLogs(format: LogFormat, terminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && terminal);
}
