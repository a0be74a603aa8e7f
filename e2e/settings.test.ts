import { describe, expect, it } from 'vitest';
import { currentTotp } from '../server/lib/totp.js';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

describe('settings, notifications and API keys', () => {
  it('turns on two-factor authentication, signs in with it, reads the notification and creates an API key', async () => {
    const page = await e2e.newPage({ clipboard: true });
    const pageViews: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/analytics/events') pageViews.push(response.status());
    });
    const email = await e2e.signUp(page, 'settings', { firstName: 'Dana' });

    // Settings, Security tab: 2FA is off; set it up with the secret shown on the page.
    await page.goto(`${e2e.server.url}/settings`);
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
      path: artifact('settings-security.png'),
      fullPage: true,
      animations: 'disabled',
    });

    const verify = page.getByRole('button', { name: 'Verify and enable' });
    expect(await verify.isDisabled()).toBe(true);
    await page.getByLabel('Verification code').fill(await currentTotp(secret));
    await verify.click();
    await page.getByTestId('mfa-status').getByText('Active').waitFor();
    await page.getByRole('heading', { name: 'Save your backup codes now' }).waitFor();
    expect((await (await page.request.get(`${e2e.server.url}/api/auth/user`)).json()).mfaEnabled).toBe(true);

    // Sign out, then in again: the password, then a code (the next step's: the current one was just used).
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Request Access' }).first().waitFor();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Authentication code').fill(await currentTotp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Dana' }).waitFor();

    // The bell: the 2FA notification is there, unread; 'mark all read' clears the badge.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Two-factor authentication enabled').waitFor();
    await page.screenshot({ path: artifact('notifications.png'), animations: 'disabled' });
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
    await page.goto(`${e2e.server.url}/mobile`);
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
      path: artifact('mobile-api-keys.png'),
      fullPage: true,
      animations: 'disabled',
    });

    const withKey = await fetch(`${e2e.server.url}/api/auth/user`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(withKey.status).toBe(200);
    expect(((await withKey.json()) as { email: string }).email).toBe(email);

    // Route changes were reported as page views along the way.
    await expect.poll(() => pageViews, { timeout: 15_000 }).toContain(202);
    expect(pageViews.every((status) => status === 202)).toBe(true);
  });
});
