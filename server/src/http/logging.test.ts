import { describe, expect, it } from 'vitest';
import { formatLogLine, loggerOptions } from './logging.ts';

const time = new Date(2026, 10, 25, 9, 5, 7).getTime();

describe('formatLogLine', () => {
  it('writes a request as one short line', () => {
    const json = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      method: 'GET',
      url: '/swx/market/listMarketByType?type=2',
      statusCode: 200,
      responseTime: 3.4,
      msg: 'request',
    });
    expect(formatLogLine(json)).toBe(
      '09:05:07 INFO  GET /swx/market/listMarketByType?type=2 200 3 ms\n',
    );
  });

  it('writes other messages with their fields, and an error with its stack', () => {
    expect(
      formatLogLine(JSON.stringify({ level: 40, time, msg: 'shutting down', signal: 'SIGINT' })),
    ).toBe('09:05:07 WARN  shutting down signal=SIGINT\n');
    const line = formatLogLine(
      JSON.stringify({
        level: 50,
        time,
        msg: 'unhandled error',
        err: { stack: 'Error: boom\n    at x' },
      }),
    );
    expect(line).toBe('09:05:07 ERROR unhandled error\nError: boom\n    at x\n');
  });

  it('passes a line that is not JSON through', () => {
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });
});

describe('loggerOptions', () => {
  it('keeps JSON lines off a terminal, a readable stream on one, and LOG_LEVEL either way', () => {
    expect(loggerOptions('warn', false)).toEqual({ level: 'warn' });
    const terminal = loggerOptions('debug', true);
    expect(terminal).toMatchObject({ level: 'debug', stream: { write: expect.any(Function) } });
    expect(loggerOptions('silent', true)).toBe(false);
  });
});
