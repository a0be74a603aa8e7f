import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../server/lib/totp.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { previousStepTotp } from '../server/test/totp.js';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

// Mail leaves the app for a real SMTP server on 127.0.0.1, as it would for a mail provider; the browser follows the
// links it carries.
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const e2e = useHarness({ env: () => ({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' }) });
const NEW_PASSWORD = 'a fresh passphrase for the reset';

describe('a forgotten password', () => {
  it('is reset from the mailed link, and the next sign-in still asks for the 2FA code', async () => {
    // The browser logs the wrong password's 401 and the used link's 400: both are wanted here.
    const page = await e2e.newPage({ expectedErrors: [/status of 400/] });
    const email = await e2e.signUp(page, 'reset', { firstName: 'Reza' });
    const api = (path: string, data?: object) =>
      data === undefined
        ? page.request.get(`${e2e.server.url}${path}`)
        : page.request.post(`${e2e.server.url}${path}`, { data });
    const { secret } = (await (await api('/api/auth/mfa/setup')).json()) as { secret: string };
    expect((await api('/api/auth/mfa/enable', { code: await previousStepTotp(secret) })).status()).toBe(200);
    await page.context().clearCookies();

    // At a phone's width, as many people read their mail.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that address').waitFor();
    await page.screenshot({ path: artifact('forgot-password-phone.png'), fullPage: true });

    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Reset your Intel Portal password',
    );
    expect(mail.text).toContain('Hello Reza,');
    const link = linkIn(mail.text, '/reset-password');
    expect(link.startsWith(`${e2e.server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('not the same');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed. Sign in with your new password.').waitFor();
    await page.screenshot({ path: artifact('reset-password-done-phone.png'), fullPage: true });
    await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Your password was changed');

    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Authentication code').fill(await currentTotp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Reza' }).waitFor();

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm new password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This link is invalid or has expired. Ask for a new one.').waitFor();
  });
});

describe('a new account', () => {
  it('verifies its address from the mail, chooses what to get by e-mail, and changes its password', async () => {
    const page = await e2e.newPage({ expectedErrors: [/status of 400/] });
    const email = await e2e.signUp(page, 'verify', { firstName: 'Vera' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/settings`);
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await banner.getByText('Please verify your e-mail address').waitFor();
    await page.screenshot({ path: artifact('verify-banner-phone.png') });
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Verify your Intel Portal e-mail address',
    );
    await page.goto(linkIn(mail.text, '/verify-email'));
    await page.getByText('Your e-mail address is verified.').waitFor();
    await banner.waitFor({ state: 'detached' });

    // Case updates: in-app only from now on; security alerts stay on.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${e2e.server.url}/settings?tab=preferences`);
    const preferences = page.getByRole('form', { name: 'Notification preferences' });
    const cases = preferences.getByRole('switch', { name: 'E-mail for cases and investigations' });
    await cases.click();
    expect(await preferences.getByRole('switch', { name: 'E-mail for security alerts' }).isDisabled()).toBe(
      true,
    );
    await preferences.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Preferences saved').first().waitFor();
    await page.screenshot({ path: artifact('preferences.png'), fullPage: true });
    const stored = await (await page.request.get(`${e2e.server.url}/api/notification-preferences`)).json();
    expect(stored).toEqual({
      email: {
        case_update: false,
        payment_received: true,
        tier_upgrade: true,
        security_alert: true,
        other: true,
      },
    });

    await page.goto(`${e2e.server.url}/settings?tab=security`);
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('Current password').fill('not my password');
    await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Update password' }).click();
    await change.getByText('Current password is incorrect').waitFor();
    await change.getByLabel('Current password').fill(PASSWORD);
    await change.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password changed').first().waitFor();
    const notice = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Your password was changed',
    );
    expect(linkIn(notice.text, '/settings')).toBe(`${e2e.server.url}/settings?tab=security`);
    // This session stays.
    expect((await page.request.get(`${e2e.server.url}/api/auth/user`)).status()).toBe(200);
  });
});
