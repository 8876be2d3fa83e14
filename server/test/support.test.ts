import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Code } from '../../contract/errors.ts';
import type { SupportFrame } from '../../contract/support/frames.ts';
import type {
  ConversationList,
  StaffConversation,
  SupportState,
} from '../../contract/support/schemas.ts';
import { liveOf } from './helpers/live.ts';
import {
  ADMIN,
  multipartForm,
  PNG_1PX,
  quickUser,
  requestKey,
  staffSession,
  USER,
} from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Live support through the API and the socket: tickets when no one is online, assignment by
 * capacity, both sides live (messages, typing, read marks), staff notes never reaching the
 * person, visitors who keep their chat after signing in, ratings, the console's tools; and the
 * attacks: other people's conversations, visitors, fake and oversized attachments, floods,
 * replays and overlapping starts. Each refusal has its code and stores nothing.
 */
const SUPPORT = '/swx/customer/support';
const CONSOLE = `${ADMIN}/support`;
let server: TestServer;
let port: number;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
  admin = (await staffSession(server, 'admin')).token;
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await server.close();
});
const sockets: WebSocket[] = [];

const send = (token: string, text: string, extra: Record<string, unknown> = {}) =>
  server.call('POST', `${SUPPORT}/send`, { token, body: { key: requestKey(), text, ...extra } });
async function state(token: string): Promise<SupportState> {
  const res = await server.call('GET', `${SUPPORT}/conversation`, { token });
  expect(res.code).toBe(200);
  return res.result as SupportState;
}
async function agent(online: boolean, capacity: number) {
  const s = await staffSession(server, 'support');
  await setAgent(s.token, online, capacity);
  return s;
}
async function setAgent(token: string, online: boolean, capacity: number) {
  const res = await server.call('POST', `${CONSOLE}/agent`, { token, body: { online, capacity } });
  expect(res.code).toBe(200);
}
const reply = (token: string, conversationId: number, text: string, internal = false) =>
  server.call('POST', `${CONSOLE}/reply`, {
    token,
    body: { key: requestKey(), conversationId, text, internal },
  });
const resolve = (token: string, conversationId: number) =>
  server.call('POST', `${CONSOLE}/resolve`, { token, body: { conversationId } });

/** Every agent away, every conversation resolved: each test starts from an empty desk. */
async function clearDesk() {
  await server.db.query('update support_agents set online = false');
  await server.db.query(
    "update support_conversations set status = 'resolved', resolved_at = now() where status <> 'resolved'",
  );
}

/** A socket with the frames of support's topics it receives. */
async function socket(): Promise<{ ws: WebSocket; frames: SupportFrame[]; topics: string[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/message`);
  sockets.push(ws);
  const frames: SupportFrame[] = [];
  const topics: string[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = liveOf(data);
    if (frame?.topic.startsWith('support.') === true) {
      frames.push(frame.data as SupportFrame);
      topics.push(`${frame.topic} ${frame.key}`);
    }
  });
  await once(ws, 'open');
  return { ws, frames, topics };
}
/**
 * Sends a command and waits until the server has taken it: a sign-in by its answer frame, the
 * rest by a round trip (the socket reads in order, and following a key is immediate).
 */
async function command(ws: WebSocket, cmd: { op: string; [k: string]: string }): Promise<void> {
  const answered =
    cmd.op === 'auth' || cmd.op === 'staff'
      ? new Promise<void>((resolve) => {
          const on = (data: Buffer) => {
            if ((JSON.parse(data.toString()) as { type?: string }).type !== cmd.op) return;
            ws.off('message', on);
            resolve();
          };
          ws.on('message', on);
        })
      : undefined;
  ws.send(JSON.stringify(cmd));
  if (answered !== undefined) return answered;
  ws.ping();
  await once(ws, 'pong');
}
/** Waits for a frame the test expects, on the event it arrives with (bounded by the test's timeout). */
async function frameWhere(
  s: { ws: WebSocket; frames: SupportFrame[] },
  ok: (f: SupportFrame) => boolean,
): Promise<SupportFrame> {
  for (;;) {
    const found = s.frames.find(ok);
    if (found !== undefined) return found;
    await once(s.ws, 'message');
  }
}

describe('a chat', () => {
  it('becomes a ticket with a promised reply when no one is online, and is assigned when an agent comes online', async () => {
    await clearDesk();
    const person = await quickUser(server);
    const first = await send(person.token, 'Where is my deposit?');
    expect(first.code).toBe(200);
    const c = (first.result as SupportState).conversation;
    expect(c?.status).toBe('ticket');
    expect(c?.promisedBy).not.toBeNull();
    expect(c?.queue?.position).toBe(1);
    const a = await staffSession(server, 'support');
    // A display name that is not one refuses and changes nothing.
    const hostile: [unknown, number][] = [
      ['', 10100],
      [' ', 10100],
      ['x'.repeat(41), 10100],
      ['<b>Anna</b>', 10100],
      [7, 10100],
      ['Anna\u0000', 10155],
    ];
    for (const [displayName, code] of hostile) {
      const bad = await server.call('POST', `${CONSOLE}/agent`, {
        token: a.token,
        body: { online: true, capacity: 2, displayName },
      });
      expect(bad.code, JSON.stringify(displayName)).toBe(code);
    }
    expect((await state(person.token)).conversation?.status).toBe('ticket');
    const set = await server.call('POST', `${CONSOLE}/agent`, {
      token: a.token,
      body: { online: true, capacity: 2, displayName: 'Anna' },
    });
    expect(set.code).toBe(200);
    const now = await state(person.token);
    expect(now.conversation?.status).toBe('open');
    // The person sees the agent's display name, never the staff username.
    expect(now.conversation?.agent).toBe('Anna');
    expect(JSON.stringify(now)).not.toContain(a.username);
    expect(now.conversation?.messages.map((m) => m.event ?? m.text)).toEqual([
      'Where is my deposit?',
      'assigned',
    ]);
    expect(now.conversation?.messages[1]?.text).toBe('Anna');
    // Going away keeps the name: the next change without one leaves it.
    await setAgent(a.token, true, 2);
    expect((await state(person.token)).conversation?.agent).toBe('Anna');
  });

  it('spreads 5 conversations over 2 agents with limits 2 and 3; the sixth waits first in line', async () => {
    await clearDesk();
    const two = await agent(true, 2);
    const three = await agent(true, 3);
    const people = await Promise.all(Array.from({ length: 6 }, () => quickUser(server)));
    for (const p of people) expect((await send(p.token, 'Hello')).code).toBe(200);
    const agents = (await server.call('GET', `${CONSOLE}/agents`, { token: two.token })).result as {
      all: { name: string; open: number }[];
    };
    expect(agents.all.find((x) => x.name === two.username)?.open).toBe(2);
    expect(agents.all.find((x) => x.name === three.username)?.open).toBe(3);
    const last = await state(people[5]?.token ?? '');
    expect(last.conversation?.status).toBe('waiting');
    expect(last.conversation?.queue?.position).toBe(1);
    // Five were assigned in the last hour: one ahead's worth of that pace.
    expect(last.conversation?.queue?.expectedWaitSeconds).toBeGreaterThan(0);
    const mine = await server.call('GET', `${CONSOLE}/list?queue=mine`, { token: two.token });
    expect((mine.result as ConversationList).total).toBe(2);
    // One resolved: the agent's room goes to the one waiting.
    const firstOfTwo = (mine.result as ConversationList).rows[0]?.id ?? 0;
    expect((await resolve(two.token, firstOfTwo)).code).toBe(200);
    expect((await state(people[5]?.token ?? '')).conversation?.status).toBe('open');
  });

  it('is live on both sides: messages, typing and read marks; staff notes reach staff only', async () => {
    await clearDesk();
    const a = await agent(true, 3);
    const person = await quickUser(server);
    const started = (await send(person.token, 'Hi')).result as SupportState;
    const id = started.conversation?.id ?? 0;
    const mine = await socket();
    await command(mine.ws, { op: 'auth', token: person.token });
    const desk = await socket();
    await command(desk.ws, { op: 'staff', token: a.token });
    await command(desk.ws, { op: 'subscribe', topic: 'support.staff', key: String(id) });

    await send(person.token, 'Are you there?', { conversationId: id });
    const arrived = await frameWhere(desk, (f) => f.message?.text === 'Are you there?');
    expect(arrived.message?.author).toBe('person');

    await server.call('POST', `${CONSOLE}/typing`, {
      token: a.token,
      body: { conversationId: id },
    });
    expect((await frameWhere(mine, (f) => f.kind === 'typing')).by).toBe('agent');
    await server.call('POST', `${SUPPORT}/typing`, {
      token: person.token,
      body: { conversationId: id },
    });
    expect((await frameWhere(desk, (f) => f.kind === 'typing')).by).toBe('person');

    expect((await reply(a.token, id, 'Checking the person', true)).code).toBe(200);
    expect((await reply(a.token, id, 'Yes, I am here')).code).toBe(200);
    const answer = await frameWhere(mine, (f) => f.message?.text === 'Yes, I am here');
    expect(mine.frames.some((f) => f.message?.internal === true)).toBe(false);
    expect(desk.frames.some((f) => f.message?.text === 'Checking the person')).toBe(true);
    const seen = await state(person.token);
    expect(seen.conversation?.messages.some((m) => m.internal)).toBe(false);

    await server.call('POST', `${SUPPORT}/read`, {
      token: person.token,
      body: { conversationId: id, messageId: answer.message?.id },
    });
    expect((await frameWhere(desk, (f) => f.kind === 'read')).readId).toBe(answer.message?.id);
    const staffView = (await server.call('GET', `${CONSOLE}/get/${id}`, { token: a.token }))
      .result as StaffConversation;
    expect(staffView.personReadId).toBe(answer.message?.id);
    // Told in the notification centre: staff answered.
    const [notice] = await server.db.query<{ kind: string }>(
      'select kind from notifications where user_id = $1',
      [person.id],
    );
    expect(notice?.kind).toBe('support.answered');
    mine.ws.close();
    desk.ws.close();
  });

  it('keeps HTML as the text it is, and flags what looks like a code or a recovery phrase', async () => {
    const person = await quickUser(server);
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const sent = (await send(person.token, html)).result as SupportState;
    await send(person.token, 'my code is 123456');
    const messages = (await state(person.token)).conversation?.messages ?? [];
    expect(sent.conversation?.messages[0]?.text).toBe(html);
    expect(messages.find((m) => m.text === html)?.flagged).toBe(false);
    expect(messages.find((m) => m.text === 'my code is 123456')?.flagged).toBe(true);
  });

  it('is rated once, after it is resolved', async () => {
    await clearDesk();
    const a = await agent(true, 3);
    const person = await quickUser(server);
    const id = ((await send(person.token, 'Hi')).result as SupportState).conversation?.id ?? 0;
    const rate = (rating: number) =>
      server.call('POST', `${SUPPORT}/rate`, {
        token: person.token,
        body: { conversationId: id, rating, comment: 'Quick' },
      });
    expect((await rate(5)).code).toBe(Code.supportNotRatable);
    expect((await resolve(a.token, id)).code).toBe(200);
    expect((await send(person.token, 'More', { conversationId: id })).code).toBe(
      Code.supportClosed,
    );
    expect((await state(person.token)).conversation?.status).toBe('resolved');
    expect((await rate(6)).code).toBe(Code.paramWrong);
    expect((await rate(4)).code).toBe(200);
    expect((await rate(5)).code).toBe(Code.supportNotRatable);
    expect((await state(person.token)).conversation).toBeNull();
    const month = new Date().toISOString().slice(0, 7);
    const figures = await server.call('GET', `${CONSOLE}/figures?month=${month}`, {
      token: a.token,
    });
    expect(figures.result).toMatchObject({ ratings: expect.any(Number) as number });
    expect((figures.result as { ratings: number }).ratings).toBeGreaterThanOrEqual(1);
  });
});

describe('visitors', () => {
  it('prove an address, chat, and keep the chat after signing in', async () => {
    await clearDesk();
    const email = `visitor${Date.now()}@example.test`;
    expect((await server.call('POST', `${SUPPORT}/visitorCode`, { body: { email } })).code).toBe(
      200,
    );
    const wrong = await server.call('POST', `${SUPPORT}/visitor`, {
      body: { email, code: '000000' === (await server.lastCode(email)) ? '111111' : '000000' },
    });
    expect(wrong.code).toBe(Code.codeWrong);
    const ok = await server.call('POST', `${SUPPORT}/visitor`, {
      body: { email, code: await server.lastCode(email) },
    });
    const { token, channel } = ok.result as { token: string; channel: string };
    const live = await socket();
    await command(live.ws, { op: 'subscribe', topic: 'support.visitor', key: channel });
    const a = await agent(true, 2);
    const id = ((await send(token, 'Can I open an account?')).result as SupportState).conversation
      ?.id;
    expect((await reply(a.token, id ?? 0, 'Yes, sign up')).code).toBe(200);
    await frameWhere(live, (f) => f.message?.text === 'Yes, sign up');
    // No attachments without an account.
    expect((await send(token, '', { fileId: 'a'.repeat(32) })).code).toBe(Code.notFound);

    const person = await quickUser(server);
    const claimed = await server.call('POST', `${USER}/support/claim`, {
      token: person.token,
      body: { token },
    });
    expect(claimed.code).toBe(200);
    expect((claimed.result as SupportState).conversation?.id).toBe(id);
    expect((await state(person.token)).conversation?.messages.map((m) => m.text)).toContain(
      'Can I open an account?',
    );
    // The visitor's token is used up.
    expect((await send(token, 'again')).code).toBe(Code.supportVisitorEnded);
    live.ws.close();
  });

  it("cannot read a person's chat, or anything without a live token", async () => {
    const person = await quickUser(server);
    const id = ((await send(person.token, 'Private')).result as SupportState).conversation?.id;
    expect((await server.call('GET', `${SUPPORT}/conversation`)).status).toBe(401);
    const forged = `sv_${'0'.repeat(64)}`;
    expect((await server.call('GET', `${SUPPORT}/conversation`, { token: forged })).code).toBe(
      Code.supportVisitorEnded,
    );
    const s = await socket();
    await command(s.ws, { op: 'subscribe', topic: 'support.staff', key: String(id) });
    await command(s.ws, { op: 'subscribe', topic: 'support.chat', key: String(person.id) });
    await send(person.token, 'Still private', { conversationId: id });
    // A round trip: whatever the server sent before its pong has arrived.
    s.ws.ping();
    await once(s.ws, 'pong');
    expect(s.frames).toEqual([]);
    s.ws.close();
  });
});

describe('attacks', () => {
  it("another person's conversation is unknown to every call and every socket", async () => {
    await clearDesk();
    const alice = await quickUser(server);
    const mallory = await quickUser(server);
    const id = ((await send(alice.token, 'Mine')).result as SupportState).conversation?.id ?? 0;
    const before = await server.count('support_messages');
    const asMallory = (path: string, body: object) =>
      server.call('POST', `${SUPPORT}/${path}`, { token: mallory.token, body });
    expect((await send(mallory.token, 'Theirs', { conversationId: id })).code).toBe(Code.notFound);
    expect((await asMallory('read', { conversationId: id, messageId: 1 })).code).toBe(
      Code.notFound,
    );
    expect((await asMallory('typing', { conversationId: id })).code).toBe(Code.notFound);
    expect((await asMallory('rate', { conversationId: id, rating: 1 })).code).toBe(Code.notFound);
    expect(await server.count('support_messages')).toBe(before);
    // A person's token opens no console, and a reviewer's neither.
    expect(
      (await server.call('GET', `${CONSOLE}/get/${id}`, { token: mallory.token })).status,
    ).toBe(401);
    const reviewer = await staffSession(server, 'reviewer');
    expect((await server.call('GET', `${CONSOLE}/get/${id}`, { token: reviewer.token })).code).toBe(
      Code.staffForbidden,
    );
    const s = await socket();
    await command(s.ws, { op: 'auth', token: mallory.token });
    await command(s.ws, { op: 'staff', token: reviewer.token });
    await command(s.ws, { op: 'subscribe', topic: 'support.staff', key: String(id) });
    await send(alice.token, 'Hello?', { conversationId: id });
    // A round trip: whatever the server sent before its pong has arrived.
    s.ws.ping();
    await once(s.ws, 'pong');
    expect(s.frames).toEqual([]);
    s.ws.close();
  });

  it("refuses fake, oversized and other people's attachments", async () => {
    const person = await quickUser(server);
    const other = await quickUser(server);
    const upload = async (token: string, bytes: Buffer, type = 'image/png') => {
      const form = multipartForm(bytes, type, 'chat.png');
      const res = await server.app.inject({
        method: 'POST',
        url: `${USER}/support/upload`,
        payload: form.payload,
        headers: { authorization: token, 'content-type': form.contentType },
      });
      return res.json<{ code: number; result: { fileId: string } }>();
    };
    expect((await upload(person.token, Buffer.from('<svg onload=alert(1)>'))).code).toBe(
      Code.imageFormatWrong,
    );
    expect((await upload(person.token, Buffer.alloc(2 * 1024 * 1024 + 10, 1))).code).toBe(
      Code.imageTooLarge,
    );
    const good = await upload(person.token, PNG_1PX);
    expect(good.code).toBe(200);
    expect((await send(other.token, '', { fileId: good.result.fileId })).code).toBe(Code.notFound);
    expect((await send(person.token, 'Screenshot', { fileId: good.result.fileId })).code).toBe(200);
    const msg = (await state(person.token)).conversation?.messages.at(-1);
    expect(msg?.fileId).toBe(good.result.fileId);
    // The other side reads it through the files kernel (support staff, audited).
    const a = await staffSession(server, 'support');
    const read = await server.app.inject({
      method: 'GET',
      url: `${ADMIN}/file/${good.result.fileId}`,
      headers: { authorization: a.token },
    });
    expect(read.statusCode).toBe(200);
  });

  it('limits a flood, and nothing past the limit is stored', async () => {
    const person = await quickUser(server);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await send(person.token, `spam ${i}`)).code);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([Code.supportFlood, Code.supportFlood]);
    expect(
      (await state(person.token)).conversation?.messages.filter((m) => m.author === 'person'),
    ).toHaveLength(5);
  });

  it('answers a replay with the first message, refuses an altered one, and starts one conversation for overlapping sends', async () => {
    const person = await quickUser(server);
    const key = requestKey();
    const body = { key, text: 'Once' };
    const [a, b] = await Promise.all([
      server.call('POST', `${SUPPORT}/send`, { token: person.token, body }),
      server.call('POST', `${SUPPORT}/send`, { token: person.token, body }),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    const altered = await server.call('POST', `${SUPPORT}/send`, {
      token: person.token,
      body: { key, text: 'Twice' },
    });
    expect(altered.code).toBe(Code.requestKeyReused);
    const many = await Promise.all(
      Array.from({ length: 4 }, (_, i) => send(person.token, `at once ${i}`)),
    );
    expect(many.every((r) => r.code === 200)).toBe(true);
    const [count] = await server.db.query<{ n: number }>(
      `select count(distinct conversation_id)::int as n from support_messages m
        join support_conversations c on c.id = m.conversation_id where c.user_id = $1`,
      [person.id],
    );
    expect(count?.n).toBe(1);
    const texts = (await state(person.token)).conversation?.messages.map((m) => m.text) ?? [];
    expect(texts.filter((t) => t === 'Once')).toHaveLength(1);
  });

  it('refuses an empty message, an unknown agent for a transfer, and hostile numbers', async () => {
    await clearDesk();
    const person = await quickUser(server);
    expect((await send(person.token, '   ')).code).toBe(Code.supportEmpty);
    expect((await send(person.token, 'x'.repeat(2001))).code).toBe(Code.paramWrong);
    expect((await send(person.token, 'bad\u0000')).code).toBe(Code.controlCharacters);
    const a = await agent(true, 1);
    const away = await agent(false, 5);
    const id = ((await send(person.token, 'Hi')).result as SupportState).conversation?.id ?? 0;
    const transfer = (staffId: unknown) =>
      server.call('POST', `${CONSOLE}/transfer`, {
        token: a.token,
        body: { conversationId: id, staffId, reason: 'Needs a specialist' },
      });
    const awayId = (
      await server.db.query<{ id: number }>('select id::int from staff where username = $1', [
        away.username,
      ])
    )[0]?.id;
    expect((await transfer(awayId)).code).toBe(Code.supportAgentUnavailable);
    expect((await transfer('1e3')).code).toBe(Code.supportAgentUnavailable);
    expect((await transfer(-1)).code).toBe(Code.supportAgentUnavailable);
    await setAgent(away.token, true, 5);
    expect((await transfer(awayId)).code).toBe(200);
    const audit = await server.db.query(
      "select 1 from audit_log where action = 'support.transfer'",
    );
    expect(audit.length).toBeGreaterThanOrEqual(1);
    for (const bad of ['1.5', '-3', '1e9', 'NaN', '']) {
      const res = await server.call('GET', `${CONSOLE}/get/${bad}`, { token: admin });
      expect(res.code === Code.notFound || res.status === 404).toBe(true);
    }
    // The console's pages: one row each, in order, then the hostile pages and sizes.
    const list = (query: string) =>
      server.call('GET', `${CONSOLE}/list?${query}`, { token: admin });
    const pages = await Promise.all(['1', '2'].map((p) => list(`queue=all&size=1&page=${p}`)));
    const [first, second] = pages.map((r) => r.result as ConversationList);
    expect(first?.total).toBeGreaterThanOrEqual(2);
    expect(second?.total).toBe(first?.total);
    expect(second?.rows[0]?.id).not.toBe(first?.rows[0]?.id);
    for (const bad of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=1e3',
      'size=51',
      'size=0',
      'queue=x',
    ]) {
      expect((await list(`queue=all&${bad}`)).code).toBe(Code.badRequest);
    }
  });
});

describe('the console', () => {
  it('masks the sidebar until unmasked, and writes the unmasking to the audit log', async () => {
    const person = await quickUser(server);
    const id = ((await send(person.token, 'Hi')).result as SupportState).conversation?.id ?? 0;
    const masked = await server.call('GET', `${CONSOLE}/sidebar/${id}`, { token: admin });
    expect(masked.result).toMatchObject({ masked: true, person: { kyc: 'none' } });
    expect(JSON.stringify(masked.result)).not.toContain('@example.test');
    const open = await server.call('GET', `${CONSOLE}/sidebar/${id}?unmask=1`, { token: admin });
    expect(JSON.stringify(open.result)).toContain('@example.test');
    const logged = await server.db.query(
      "select 1 from audit_log where action = 'support.unmask' and target = $1",
      [`user:${person.id}`],
    );
    expect(logged).toHaveLength(1);
  });

  it('keeps canned answers for admins, each change audited', async () => {
    const a = await staffSession(server, 'support');
    const body = {
      title: 'Deposit times',
      text: 'Deposits arrive after 12 confirmations.',
      reason: 'Common question',
    };
    expect(
      (await server.call('POST', `${CONSOLE}/saveCanned`, { token: a.token, body })).code,
    ).toBe(Code.staffForbidden);
    const saved = await server.call('POST', `${CONSOLE}/saveCanned`, { token: admin, body });
    const [made] = saved.result as { id: number }[];
    expect((await server.call('GET', `${CONSOLE}/canned`, { token: a.token })).result).toEqual(
      saved.result,
    );
    const removed = await server.call('POST', `${CONSOLE}/deleteCanned`, {
      token: admin,
      body: { id: made?.id, reason: 'Outdated' },
    });
    expect(removed.result).toEqual([]);
    const actions = await server.db.query<{ action: string }>(
      "select action from audit_log where action like 'support.canned.%' order by id",
    );
    expect(actions.map((r) => r.action)).toEqual(['support.canned.add', 'support.canned.remove']);
  });
});
