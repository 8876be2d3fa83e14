import { Operator, personOf, subscribe } from './support/earn.ts';
import { chooseLanguage, expect, newUser, registerByEmail, test } from './support/fixtures.ts';
import { secondPerson } from './support/second-person.ts';

/**
 * The welfare page and invite friends (issue 24), on the shared server: nothing here moves the
 * clock. Each test signs up its own people.
 */

test('checks in once today, completes the identity task and claims its reward once', async ({
  page,
  request,
}) => {
  const operator = await Operator.signIn(request);
  await operator.fundRewards('100');
  await registerByEmail(page, request);
  const person = await personOf(page);

  await page.goto('/profile/qiandao');
  const checkin = page.getByTestId('checkin');
  await expect(checkin).toHaveAttribute('data-status', 'not_signed');
  await page.getByTestId('checkin-button').click();
  await expect(checkin).toHaveAttribute('data-status', 'signed');
  await expect(page.getByTestId('checkin-streak')).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('checkin-button')).toBeDisabled();
  // A second check-in today, as a replayed call would send it: refused.
  const again = await request.post('/swx/customer/user/qiandao', {
    headers: { authorization: person.token },
    data: { timeZone: 'UTC' },
  });
  expect(((await again.json()) as { code: number }).code).toBe(10215);

  // The identity task: nothing to claim yet.
  const task = page.getByTestId('task-verify');
  await expect(task).toHaveAttribute('data-status', 'incomplete');
  await expect(task.getByTestId('bar-plans')).toHaveAttribute('data-done', '0');
  // Claim is greyed, with how far the task has come beside it, not an error as its label.
  await expect(task.getByTestId('claim-verify')).toBeDisabled();
  await expect(task.getByTestId('claim-verify')).toHaveText('Claim');
  await expect(task.getByTestId('left-verify')).toHaveText('Verify your identity first');
  await expect(page.getByTestId('left-trade')).toHaveText('0 of 3 trades');

  await operator.credit(person.id, '100');
  const productId = await operator.planProduct(`Steady ${person.id}`);
  for (let i = 0; i < 3; i++) await subscribe(request, person, productId, '10');
  await operator.verify(person);
  await page.reload();
  await expect(task).toHaveAttribute('data-status', 'claim');
  await expect(task.getByTestId('bar-plans')).toHaveAttribute('data-done', '3');
  await task.getByTestId('claim-verify').click();
  await expect(task).toHaveAttribute('data-status', 'claimed');
  await expect(task.getByTestId('claim-verify')).toBeDisabled();
  const twice = await request.post('/swx/customer/user/lingqu3', {
    headers: { authorization: person.token },
    data: {},
  });
  expect(((await twice.json()) as { code: number }).code).toBe(10214);
});

test('invites a friend with the link and lists them, masked', async ({
  page,
  request,
  browser,
}, info) => {
  await registerByEmail(page, request);
  await page.goto('/profile/invite');
  const code = await page.getByTestId('invite-code').getAttribute('data-value');
  const link = await page.getByTestId('invite-link').getAttribute('data-value');
  expect(link).toContain(`/pass/register?invite=${code}`);
  await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-text', link ?? '');
  await expect(page.getByTestId('invite-rules')).toContainText('20%');

  const friend = await secondPerson(browser, info);
  const user = newUser();
  await registerByEmail(
    friend.page,
    request,
    user,
    new URL(link ?? '').pathname + new URL(link ?? '').search,
  );
  await page.reload();
  const listed = page.getByTestId('invite-friend');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`${user.username[0]}***${user.username.at(-1)}`);
  await expect(listed).not.toContainText(user.username);

  // The friend cannot take another code now, nor give theirs back to who invited them.
  await friend.page.goto('/profile/invite');
  await expect(friend.page.getByTestId('invite-invited-by')).toBeVisible();
  await expect(friend.page.getByTestId('invite-bind')).toHaveCount(0);
  expect(friend.errors).toEqual([]);
  await friend.context.close();
});

test.describe('in Arabic', () => {
  test('the welfare and invite pages read right to left, with nothing left in English', async ({
    page,
    request,
  }) => {
    // Signed up in English (the form's labels), then read in Arabic.
    await registerByEmail(page, request);
    await chooseLanguage(page, 'ar');
    for (const route of ['/profile/qiandao', '/profile/invite']) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('main .page-title').first()).toBeVisible();
      const words = (await page.locator('main').innerText())
        .replace(/https?:\/\/\S+|USDT|[A-Z0-9]{6,12}|[A-Za-z_]+\/[A-Za-z_]+|UTC/g, '')
        .match(/[A-Za-z]{3,}/g);
      expect(words ?? [], route).toEqual([]);
    }
  });
});
