import type { Locator } from '@playwright/test';
import { chooseLanguage, expect, newUser, registerByEmail, test } from './support/fixtures.ts';

/** How many lines each piece of an address (between its dots and @) is drawn on. */
function linesPerPiece(address: Locator): Promise<number[]> {
  return address.evaluate((el) =>
    [...el.querySelectorAll('.email-piece')].map((n) => {
      const range = document.createRange();
      range.selectNodeContents(n);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );
}

/** Whether the chosen option's text fits inside the select (a select cannot wrap). */
function optionFits(select: Locator): Promise<boolean> {
  return select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const style = getComputedStyle(s);
    const context = document.createElement('canvas').getContext('2d');
    if (context === null) return false;
    context.font = style.font;
    const text = context.measureText(s.selectedOptions[0]?.text ?? '').width;
    const room =
      s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16; // arrow
    return text <= room;
  });
}

for (const language of ['en', 'de']) {
  test(`a long e-mail wraps between its parts, never mid-word (${language})`, async ({
    page,
    request,
  }) => {
    const user = newUser('long');
    user.email = `${user.username}.firstname.lastname@mail.example-company.test`;
    await registerByEmail(page, request, user);
    await chooseLanguage(page, language);
    await page.goto('/profile');
    const address = page.locator('.profile-card').getByTestId('email-address');
    await expect(address).toHaveText(user.email);
    const lines = await linesPerPiece(address);
    expect(lines.length).toBeGreaterThan(4);
    expect(lines).toEqual(lines.map(() => 1));
  });

  test(`country names in the area-code list show whole (${language})`, async ({ page }) => {
    await page.goto('/pass/register');
    await chooseLanguage(page, language);
    await page.reload();
    await page.getByRole('tab').nth(1).click();
    const select = page.locator('select.area-code');
    // Among the longest names in either language.
    for (const iso of ['AE', 'BA', 'CF']) {
      const value = await select.locator(`option[value^="${iso}:"]`).getAttribute('value');
      await select.selectOption(value ?? '');
      expect(
        await optionFits(select),
        await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text),
      ).toBe(true);
    }
  });
}
