import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invites } from '../../contract/invites/schemas.ts';
import { defined } from './helpers/defined.ts';
import { quickUser, USER } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Invite codes entered at the same moment never form a loop (10220, docs/rewards.md): people
 * in a ring each enter the next one's code at once, two and three at a time and longer rings,
 * and rings closing onto chains that already exist. On PostgreSQL (TEST_DATABASE=postgres)
 * the calls overlap for real; on PGlite they run one after another.
 */
type Person = { id: number; token: string };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
});
afterAll(() => server.close());

async function codeOf(p: Person): Promise<string> {
  const res = await server.call('GET', `${USER}/getInvites`, { token: p.token });
  return (res.result as Invites).code;
}
const bind = (p: Person, code: string) =>
  server.call('POST', `${USER}/bindInvite`, { token: p.token, body: { code } });

/** Whether walking up from anyone in `people` comes back to them. */
async function loops(people: readonly Person[]): Promise<number[]> {
  const looped: number[] = [];
  for (const p of people) {
    const [row] = await server.db.query<{ looped: boolean }>(
      `with recursive up (id, invited_by, depth) as (
         select id, invited_by, 1 from users where id = $1
         union all
         select u.id, u.invited_by, up.depth + 1 from users u join up on u.id = up.invited_by
          where up.depth < 200)
       select exists (select 1 from up where invited_by = $1) as looped`,
      [p.id],
    );
    if (row?.looped === true) looped.push(p.id);
  }
  return looped;
}

/** `size` people each enter the next one's code at once, after `chain` earlier links. */
async function ring(size: number, chain: number) {
  const people: Person[] = [];
  for (let i = 0; i < size + chain; i++) people.push(await quickUser(server));
  const codes = await Promise.all(people.map(codeOf));
  // An existing chain: people[size + k] was brought by people[size + k - 1] (and the first of
  // it by the ring's last), so the ring's loop runs through it.
  for (let k = 0; k < chain; k++) {
    const brought = defined(people[size + k], 'chain member');
    const by = k === 0 ? size - 1 : size + k - 1;
    expect((await bind(brought, defined(codes[by], 'code'))).code).toBe(200);
  }
  const closer = chain === 0 ? size - 1 : size + chain - 1;
  const answers = await Promise.all(
    people.slice(0, size).map((p, i) => {
      // Each ring member takes the previous one's code; the first closes through the chain.
      const from = i === 0 ? closer : i - 1;
      return bind(p, defined(codes[from], 'code'));
    }),
  );
  return { people, codes: answers.map((a) => a.code) };
}

describe('invite codes entered at once', () => {
  it.each([
    [2, 0],
    [3, 0],
    [5, 0],
    [2, 3],
    [3, 4],
  ])('a ring of %i closing over a chain of %i never loops', async (size, chain) => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const { people, codes } = await ring(size, chain);
      expect(await loops(people)).toEqual([]);
      // Exactly one bind of the ring is refused as the loop; every other one is taken.
      expect(codes.filter((c) => c === 10220)).toHaveLength(1);
      expect(codes.filter((c) => c === 200)).toHaveLength(size - 1);
    }
  });
});

describe('a long chain', () => {
  it('a loop closing over a chain of 150 is refused, at once and alone', async () => {
    const { people, codes } = await ring(2, 150);
    expect(await loops(people)).toEqual([]);
    expect(codes.filter((c) => c === 10220)).toHaveLength(1);
  });
});
