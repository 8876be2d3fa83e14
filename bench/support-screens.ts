/// <reference lib="dom" />
/**
 * A support message's time from one screen to the other, in browsers on both sides (issue 31):
 * a person's chat (/profile/kefu) and an agent's console (/admin/support) in Debian's Chromium,
 * on the real server with the built app. Each message is sent by clicking Send on one side,
 * and timed until it is painted on the other (a MutationObserver, then the next animation
 * frame); both clocks are this machine's. Printed: p50 and p99, person to console (the path
 * this bench is for) beside console to person (the baseline, the same run).
 *
 *   npx vite build && npx tsx bench/support-screens.ts     (BENCH_MESSAGES=40; one each way every 2.1 s)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  request as apiRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium.ts';
import { EARN_SERVER_ENV } from '../e2e/support/earn.ts';
import { registerByEmail } from '../e2e/support/fixtures.ts';
import { OwnServer } from '../e2e/support/own-server.ts';
import { ADMIN, staffWindow } from '../e2e/support/staff.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const PORT = 4690;
const PACE_MS = 2_100;

/** In the receiving page: notes when each awaited text is first painted. */
function watch(): void {
  const w = window as unknown as { wanted: Set<string>; seen: Record<string, number> };
  w.wanted = new Set();
  w.seen = {};
  new MutationObserver(() => {
    for (const text of w.wanted) {
      if (document.body.innerText.includes(text)) {
        w.wanted.delete(text);
        requestAnimationFrame(() => (w.seen[text] = Date.now()));
      }
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

/** Sends `text` from `from` (its input and Send button), timed until `to` paints it. */
async function oneMessage(from: Page, input: string, to: Page, text: string): Promise<number> {
  await to.evaluate((t) => (window as unknown as { wanted: Set<string> }).wanted.add(t), text);
  await from.getByLabel(input, { exact: true }).fill(text);
  const sent = await from.evaluate(() => {
    const send = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent?.trim() === 'Send' && !b.disabled,
    );
    send?.click();
    return Date.now();
  });
  const seen = await to.waitForFunction(
    (t) => (window as unknown as { seen: Record<string, number> }).seen[t],
    text,
    { timeout: 30_000, polling: 20 },
  );
  return Number(await seen.jsonValue()) - sent;
}

/** 5 messages in 10 s by default: this bench sends more, at a person's typing pace. */
async function raiseFloodLimit(api: APIRequestContext): Promise<void> {
  const login = await api.post('/swx/admin/login', { data: ADMIN });
  const { token } = ((await login.json()) as { result: { token: string } }).result;
  const set = await api.post('/swx/admin/setParam', {
    headers: { authorization: token },
    data: { key: 'support_flood_messages', value: '100', reason: 'Support screens bench' },
  });
  if (((await set.json()) as { code: number }).code !== 200) throw new Error('setParam refused');
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-bench-support-'));
  const server = new OwnServer(PORT, dir, EARN_SERVER_ENV);
  await server.start();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const staff = await staffWindow(browser, server.url, { book: 'demo' });
    await staff.goto('/admin/support');
    await staff.getByTestId('console-display-name').fill('Anna');
    await staff.getByTestId('console-toggle').click();
    await staff.getByTestId('console-agent-state').filter({ hasText: 'Online' }).waitFor();

    const api = await apiRequest.newContext({ baseURL: server.url });
    await raiseFloodLimit(api);
    const person = await (await browser.newContext({ baseURL: server.url })).newPage();
    await person.addInitScript(() => sessionStorage.setItem('kestrel.onboarding', 'true'));
    await registerByEmail(person, api);
    await person.goto('/profile/kefu');
    await person.getByLabel('Message', { exact: true }).fill('Hello');
    await person.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.getByRole('tab', { name: 'Mine' }).click();
    await staff.getByTestId('console-row').first().click();
    await staff.getByTestId('console-conversation').getByText('Hello').waitFor();
    // A second person, whose conversation is not the one open: theirs shows in the queue's row.
    const other = await (await browser.newContext({ baseURL: server.url })).newPage();
    await other.addInitScript(() => sessionStorage.setItem('kestrel.onboarding', 'true'));
    await registerByEmail(other, api);
    await other.goto('/profile/kefu');
    await other.getByLabel('Message', { exact: true }).fill('Hi there');
    await other.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.getByTestId('console-queue').getByText('Hi there').waitFor();
    await person.evaluate(watch);
    await staff.evaluate(watch);

    const toConsole: number[] = [];
    const toQueue: number[] = [];
    const toPerson: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const next = Date.now() + PACE_MS;
      toConsole.push(await oneMessage(person, 'Message', staff, `from-person-${i}`));
      toQueue.push(await oneMessage(other, 'Message', staff, `from-other-${i}`));
      toPerson.push(await oneMessage(staff, 'Answer', person, `from-agent-${i}`));
      // A person writes about one message every 2 s (the flood limit is raised above it).
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
    const line = (name: string, xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      console.info(
        `${name.padEnd(36)} p50 ${quantile(s, 0.5).toFixed(0).padStart(5)} ms   p99 ${quantile(s, 0.99).toFixed(0).padStart(5)} ms   (${s.length} messages)`,
      );
    };
    console.info(`support messages, screen to screen, ${MESSAGES} each way (Chromium, one server)`);
    line('person -> console, open (this path)', toConsole);
    line("person -> console's queue row", toQueue);
    line('console -> person (baseline)', toPerson);
    await api.dispose();
  } finally {
    await browser.close();
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
