import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../server/lib/totp.js';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** The client's sessionStorage key (client/lib/constants.ts): the loading screen shows once per session. */
const LOADING_SCREEN_SEEN_KEY = 'intel-portal:loading-screen-seen';
const PASSWORD = 'a long enough password';

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await page?.context().close();
  expect(pageErrors, 'errors in the browser console').toEqual([]);
  pageErrors.length = 0;
});

/** A page whose session has seen the loading screen, allowed to use the clipboard. Console errors fail the test. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addInitScript({
    content: `sessionStorage.setItem(${JSON.stringify(LOADING_SCREEN_SEEN_KEY)}, '1');`,
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // A signed-out visitor's user check answers 401, and the browser logs it.
    if (message.type() === 'error' && !message.text().includes('401')) pageErrors.push(message.text());
  });
  return page;
}

/** Signs up through the API in the page's context, which keeps the session cookie. */
async function signUp(page: Page): Promise<string> {
  const email = `e2e.settings.${Date.now()}@example.test`;
  const response = await page.request.post(`${server.url}/api/auth/register`, {
    data: { email, password: PASSWORD, firstName: 'Dana' },
  });
  expect(response.status()).toBe(201);
  return email;
}

describe('settings, notifications and API keys', () => {
  it('turns on two-factor authentication, signs in with it, reads the notification and creates an API key', async () => {
    const page = await newPage();
    const pageViews: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/analytics/events') pageViews.push(response.status());
    });
    const email = await signUp(page);

    // Settings, Security tab: 2FA is off; set it up with the secret shown on the page.
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByTestId('mfa-status').textContent()).toBe('Inactive');
    expect(await page.getByRole('tab', { name: 'Analytics' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    expect(await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count()).toBe(10);
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    const firstCode = await page
      .getByRole('list', { name: 'Backup codes' })
      .locator('code')
      .first()
      .textContent();
    await page.getByRole('button', { name: `Copy backup code ${firstCode}` }).click();
    await page
      .getByRole('button', { name: `Copy backup code ${firstCode}` })
      .getByTestId('copied-icon')
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstCode);
    await page.screenshot({
      path: 'e2e/artifacts/settings-security.png',
      fullPage: true,
      animations: 'disabled',
    });

    const verify = page.getByRole('button', { name: 'Verify and enable' });
    expect(await verify.isDisabled()).toBe(true);
    await page.getByLabel('Verification code').fill(await currentTotp(secret));
    await verify.click();
    await page.getByTestId('mfa-status').getByText('Active').waitFor();
    await page.getByRole('heading', { name: 'Save your backup codes now' }).waitFor();
    expect((await (await page.request.get(`${server.url}/api/auth/user`)).json()).mfaEnabled).toBe(true);

    // Sign out, then in again: the password, then a code (the next step's: the current one was just used).
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Request Access' }).first().waitFor();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').fill(await currentTotp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Dana' }).waitFor();

    // The bell: the 2FA notification is there, unread; 'mark all read' clears the badge.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Two-factor authentication enabled').waitFor();
    await page.screenshot({ path: 'e2e/artifacts/notifications.png', animations: 'disabled' });
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByText('All notifications marked as read').first().waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByTestId('notification-count').count()).toBe(0);

    // Clicking a notification follows its link and closes the panel.
    await panel.getByRole('button', { name: /Two-factor authentication enabled/ }).click();
    await page.waitForURL('**/settings');
    await panel.waitFor({ state: 'hidden' });
    await page.getByTestId('mfa-status').getByText('Active').waitFor();

    // An API key: created, shown once, copied, listed by its prefix, and it works.
    await page.goto(`${server.url}/mobile`);
    await page.getByRole('button', { name: /Sign out .* \(this device\)/ }).waitFor();
    await page.getByRole('tab', { name: 'API Keys' }).click();
    const form = page.getByRole('form', { name: 'Create API key' });
    await form.getByLabel('Name').fill('Nightly export');
    await form.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key created' });
    const key = (await dialog.getByTestId('created-api-key').textContent()) ?? '';
    expect(key).toMatch(/^ik_\S{20,}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const listed = page.getByTestId('api-key').filter({ hasText: 'Nightly export' });
    await listed.getByText(`${key.slice(0, 9)}…`).waitFor();
    expect(await page.getByText(key).count()).toBe(0);
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: 'e2e/artifacts/mobile-api-keys.png',
      fullPage: true,
      animations: 'disabled',
    });

    const withKey = await fetch(`${server.url}/api/auth/user`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(withKey.status).toBe(200);
    expect(((await withKey.json()) as { email: string }).email).toBe(email);

    // Route changes were reported as page views along the way.
    await expect.poll(() => pageViews, { timeout: 15_000 }).toContain(202);
    expect(pageViews.every((status) => status === 202)).toBe(true);
  });
});
