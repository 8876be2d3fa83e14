import type { TestServer } from './test-server.ts';

const LOGIN = '/swx/customer/login';

let counter = 0;
/** A fresh, valid username and e-mail for each call within a test file. */
export function newIdentity(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${process.pid % 1000}x${counter}`;
  return { username: tag, email: `${tag}@example.test`, password: 'Secret123abc' };
}

/** Registers by e-mail through the public calls, reading the code from the outbox. */
export async function registerByEmail(server: TestServer, id = newIdentity()) {
  const sent = await server.call('POST', `${LOGIN}/sendCode`, {
    body: { channel: 'email', purpose: 'register', email: id.email },
  });
  if (sent.code !== 200) throw new Error(`sendCode answered ${sent.code}`);
  const code = await server.lastCode(id.email);
  const res = await server.call('POST', `${LOGIN}/register`, {
    body: { method: 'email', username: id.username, email: id.email, password: id.password, code },
  });
  if (res.code !== 200) throw new Error(`register answered ${res.code}`);
  const { token } = res.result as { token: string };
  return { ...id, token };
}
