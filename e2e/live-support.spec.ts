import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { EARN_SERVER_ENV } from './support/earn.ts';
import {
  chooseLanguage,
  codeFromOutbox,
  expect,
  newUser,
  registerByEmail,
  test,
} from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';
import { ADMIN, staffWindow } from './support/staff.ts';

/**
 * Live support (issue 25). Who is online decides where a conversation goes, so this file has
 * its own server (one per worker); its tests run one after another on it.
 */
let server: OwnServer | undefined;
const PORT = 4600 + Number(process.env.TEST_WORKER_INDEX ?? 0);
const BASE = `http://127.0.0.1:${PORT}`;
const STAFF = '/swx/admin';
const SUPPORT = '/swx/customer/support';
const PHOTO = 'e2e/fixtures/proof.png';
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = new OwnServer(
    PORT,
    mkdtempSync(path.join(tmpdir(), 'kestrel-e2e-support-')),
    EARN_SERVER_ENV,
  );
  await server.start();
});
test.afterAll(async () => {
  await server?.kill();
  server = undefined;
});

async function ok(res: Promise<import('@playwright/test').APIResponse>): Promise<unknown> {
  const body = (await (await res).json()) as { code: number; result: unknown };
  expect(body.code).toBe(200);
  return body.result;
}
const staffToken = async (request: APIRequestContext, who = ADMIN) =>
  ((await ok(request.post(`${STAFF}/login`, { data: who }))) as { token: string }).token;

/** Every agent away and every conversation resolved, through the console's own calls. */
async function quietDesk(request: APIRequestContext, tokens: string[]) {
  for (const token of tokens) {
    await ok(
      request.post(`${STAFF}/support/agent`, {
        headers: { authorization: token },
        data: { online: false, capacity: 3 },
      }),
    );
  }
}

/** The back office's support console, online with the given capacity. */
async function openConsole(browser: Browser): Promise<Page> {
  const staff = await staffWindow(browser, BASE, { book: 'demo' });
  await staff.goto('/admin/support');
  await expect(staff.getByTestId('console-agent-state')).toBeVisible();
  // The name people see: never the staff username.
  await staff.getByTestId('console-display-name').fill('Anna');
  if ((await staff.getByTestId('console-agent-state').innerText()).startsWith('Away')) {
    await staff.getByTestId('console-toggle').click();
  }
  await expect(staff.getByTestId('console-agent-state')).toContainText('Online');
  return staff;
}

async function say(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('chat-messages')).toContainText(text);
}

test('a person and an agent chat live: messages, typing, read marks, an image, notes that stay with staff, and a rating', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const staff = await openConsole(browser);
  await registerByEmail(page, request);
  await page.goto('/profile/kefu');
  await expect(page.getByTestId('chat-safety')).toContainText('never ask for your password');
  await say(page, 'Where is my deposit?');
  await expect(page.getByTestId('chat-status')).toContainText('Anna is helping you');
  await expect(page.getByTestId('chat-safety')).toContainText('identity documents or bank cards');

  // The agent opens it from their own queue, live.
  await staff.getByRole('tab', { name: 'Mine' }).click();
  await staff.getByTestId('console-row').first().click();
  const conversation = staff.getByTestId('console-conversation');
  await expect(conversation).toContainText('Where is my deposit?');

  await staff.getByLabel('Answer').pressSequentially('Let me');
  await expect(page.getByTestId('chat-typing')).toHaveText('Support is typing…');
  await staff.getByLabel('Answer').fill('Let me check the ledger.');
  await staff.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('chat-messages')).toContainText('Let me check the ledger.');
  await expect(page.getByTestId('chat-messages')).toContainText('Anna');
  await expect(page.locator('main')).not.toContainText(ADMIN.username);
  // The person has it on screen: the agent sees it read.
  await expect(conversation.getByTestId('chat-seen')).toBeVisible();

  await page.getByLabel('Message', { exact: true }).pressSequentially('Thanks');
  await expect(conversation.getByTestId('chat-typing')).toBeVisible();
  await page.getByTestId('chat-attach').setInputFiles(PHOTO);
  await expect(page.getByTestId('chat-image')).toBeVisible();
  await expect(conversation.getByTestId('chat-image')).toBeVisible();

  // Markup is text, on both sides; a code is questioned before it goes.
  const markup = '<b>bold</b><img src=x onerror=alert(1)>';
  await say(page, markup);
  await expect(conversation.getByText(markup)).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('my code is 123456');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('chat-confirm')).toContainText('verification code');
  await page.getByRole('button', { name: 'Edit the message' }).click();

  await staff.getByLabel('Internal note (the customer never sees it)').check();
  await staff.getByLabel('Answer').fill('Deposit found in the records');
  await staff.getByRole('button', { name: 'Add the note' }).click();
  await expect(conversation).toContainText('Deposit found in the records');
  await staff.getByTestId('console-unmask').click();
  await expect(staff.getByTestId('console-kyc')).toHaveText('Not submitted');

  await staff.getByTestId('console-resolve').click();
  await expect(page.getByTestId('chat-status')).toHaveText('This conversation is resolved.');
  await expect(page.getByTestId('chat-messages')).not.toContainText('Deposit found in the records');
  await page.getByRole('radio', { name: '5 stars' }).click();
  await page.getByLabel('Comment (optional)').fill('Quick and clear');
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByTestId('chat-rated')).toBeVisible();
  await staff.context().close();
});

test('a visitor confirms an address, chats as a ticket while no one is online, and keeps the chat after signing up', async ({
  page,
  request,
}) => {
  test.slow();
  await quietDesk(request, [await staffToken(request)]);
  const user = newUser();
  await page.goto('/profile/kefu');
  const start = page.getByTestId('chat-visitor');
  await start.getByLabel('E-mail').fill(user.email);
  await start.getByRole('button', { name: 'Send code' }).click();
  await start.getByLabel('Verification code').fill(await codeFromOutbox(request, user.email));
  await start.getByRole('button', { name: 'Start the chat' }).click();
  await expect(page.getByTestId('chat')).toBeVisible();
  await say(page, 'Can I deposit by card?');
  await expect(page.getByTestId('chat-status')).toContainText('No one from our team is online now');

  await registerByEmail(page, request, user);
  await page.goto('/profile/kefu');
  await expect(page.getByTestId('chat-messages')).toContainText('Can I deposit by card?');
  await say(page, 'I have an account now');
});

test('assignment by capacity spreads five conversations over agents who take 2 and 3', async ({
  page,
  request,
}) => {
  const admin = await staffToken(request);
  const agents = [];
  for (const capacity of [2, 3]) {
    const who = {
      username: `agent${capacity}${Date.now() % 100000}`,
      password: 'Agent-password-123',
    };
    await ok(
      request.post(`${STAFF}/createStaff`, {
        headers: { authorization: admin },
        data: { ...who, role: 'support' },
      }),
    );
    agents.push({ ...who, capacity, token: await staffToken(request, who) });
  }
  // The admin takes whatever earlier tests left waiting, then goes away keeping it.
  await ok(
    request.post(`${STAFF}/support/agent`, {
      headers: { authorization: admin },
      data: { online: true, capacity: 20 },
    }),
  );
  await quietDesk(request, [admin]);
  for (const a of agents) {
    await ok(
      request.post(`${STAFF}/support/agent`, {
        headers: { authorization: a.token },
        data: { online: true, capacity: a.capacity },
      }),
    );
  }
  for (let i = 0; i < 5; i++) {
    const email = `visitor${randomUUID().slice(0, 8)}@example.test`;
    await ok(request.post(`${SUPPORT}/visitorCode`, { data: { email } }));
    const code = await codeFromOutbox(request, email);
    const chat = (await ok(request.post(`${SUPPORT}/visitor`, { data: { email, code } }))) as {
      token: string;
    };
    await ok(
      request.post(`${SUPPORT}/send`, {
        headers: { authorization: chat.token },
        data: { key: randomUUID(), text: `Question ${i}` },
      }),
    );
  }
  // Each agent's console shows their load.
  for (const a of agents) {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(a.username);
    await page.getByLabel('Password').fill(a.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('staff-name')).toHaveText(a.username);
    await page.goto('/admin/support');
    await expect(page.getByTestId('console-agent-state')).toHaveText(
      `Online · ${a.capacity} of ${a.capacity} conversations`,
    );
    await expect(page.getByTestId('console-row')).toHaveCount(a.capacity);
    await page.getByRole('button', { name: 'Go away' }).click();
    await page.evaluate(() => localStorage.clear());
  }
});

test.describe('in Arabic', () => {
  test('the chat reads right to left, with nothing left in English', async ({ page, request }) => {
    await registerByEmail(page, request);
    await chooseLanguage(page, 'ar');
    await page.goto('/profile/kefu');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('chat-safety')).toBeVisible();
    await page.locator('#chat-text').fill('مرحبا');
    await page.locator('.chat-composer button[type=submit]').click();
    await expect(page.getByTestId('chat-messages')).toContainText('مرحبا');
    const text = await page.getByTestId('support-page').innerText();
    expect(text).not.toMatch(/\b(Support|Message|Send|queue|online|Attach)\b/);
  });

  test("the agent's console reads right to left, with nothing left in English", async ({
    page,
    request,
    browser,
  }) => {
    const staff = await openConsole(browser);
    await chooseLanguage(staff, 'ar');
    await staff.reload();
    await expect(staff.locator('html')).toHaveAttribute('dir', 'rtl');
    await registerByEmail(page, request);
    await page.goto('/profile/kefu');
    const words = `سؤال عن الإيداع ${randomUUID().slice(0, 6)}`;
    await say(page, words);
    // The third tab is every conversation, wherever this one went.
    await staff.getByRole('tab').nth(2).click();
    await staff.getByTestId('console-row').filter({ hasText: words }).click();
    await expect(staff.getByTestId('console-conversation')).toContainText(words);
    await expect(staff.getByTestId('console-kyc')).toBeVisible();
    const text = await staff.getByTestId('support-console').innerText();
    expect(text).not.toMatch(
      /\b(Support|Online|Away|Unassigned|Mine|Resolve|Answer|Send|Identity|Recent|Pass|None|Visitor)\b/,
    );
    // Away again, for the next test's desk.
    const online = await staff.getByTestId('console-agent-state').innerText();
    await staff.getByTestId('console-toggle').click();
    await expect(staff.getByTestId('console-agent-state')).not.toHaveText(online);
    await staff.context().close();
  });
});
