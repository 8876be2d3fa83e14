import type { Browser, TestInfo } from '@playwright/test';

/**
 * A second person in a browser of their own, with the layout, language and checks of the
 * first: for what two people do to each other (a trade, a bid). `baseURL` when the file runs
 * its own server.
 */
export async function secondPerson(browser: Browser, info: TestInfo, baseURL?: string) {
  const use = info.project.use;
  const context = await browser.newContext({
    baseURL: baseURL ?? use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  await context.addInitScript(() => {
    if (sessionStorage.getItem('e2e.init') !== null) return;
    sessionStorage.setItem('e2e.init', '1');
    localStorage.setItem('kestrel.preferences', JSON.stringify({ language: 'en', book: 'demo' }));
    sessionStorage.setItem('kestrel.onboarding', 'true');
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { context, page, errors };
}
