import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import { isApiPath } from './api-paths.ts';

/**
 * One line per request, written when it completes (Fastify's default is two at info). The
 * app's files and shell go at debug, so LOG_LEVEL=info shows API calls and nothing per asset.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isApiPath(request.url) || reply.statusCode >= 500) reply.log.info(line, 'request');
    else reply.log.debug(line, 'request');
  }
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** pino's own fields, and per-request noise a person at a terminal does not need. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

/** A pino JSON line as a person reads it: `12:01:02 INFO  GET /swx/… 200 3 ms`. */
export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = LEVEL_NAMES[entry.level as number] ?? String(entry.level);
  let text: string;
  if (typeof entry.method === 'string' && typeof entry.url === 'string') {
    const ms =
      typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : '';
    text = `${entry.method} ${entry.url} ${String(entry.statusCode)}${ms}`;
    if (entry.msg !== 'request') text += ` ${String(entry.msg)}`;
  } else {
    const extra = Object.entries(entry)
      .filter(([key]) => !HIDDEN.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    text = [String(entry.msg ?? ''), ...extra].join(' ');
  }
  const err = entry.err as { stack?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? `\n${err.stack}` : '';
  return `${clock(entry.time)} ${level} ${text}${stack}\n`;
}

/** Fastify's logger: JSON lines for machines, readable lines on a terminal; LOG_LEVEL either way. */
export function loggerOptions(level: Config['LOG_LEVEL'], terminal = process.stdout.isTTY) {
  if (level === 'silent') return false;
  if (!terminal) return { level };
  return { level, stream: { write: (line: string) => process.stdout.write(formatLogLine(line)) } };
}
