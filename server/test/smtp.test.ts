import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** The SMTP path against a real SMTP server on loopback. */
const received: { to: string; data: string }[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('codes by SMTP', () => {
  it('delivers the register code by e-mail in the asked language, not to the outbox', async () => {
    const res = await server.call('POST', '/swx/customer/login/sendCode', {
      body: { channel: 'email', purpose: 'register', email: 'mail1@example.test', lang: 'en' },
    });
    expect(res.code).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe('mail1@example.test');
    expect(received[0]?.data).toMatch(/verification code is \d{6}/);
    expect(await server.outbox.read(10)).toEqual([]);
  });
});
