import { mkdir } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { currentTotp } from '../server/lib/totp.js';
import { artifact, ARTIFACTS, expectNoSidewaysScroll } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

/**
 * The first Director through the one-time setup link (issue 23 point 4), in the browser at 1440x900 and 390x844:
 * the link the server printed (read from its log), a wrong link refused, the account created, two-factor
 * authentication offered at once and turned on, and the page answering 404 afterwards. Screenshots in e2e/artifacts.
 */
const e2e = useHarness();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * The link from the server's start-up warning (JSON logs: `"setupUrl":"..."`). It is written as the server becomes
 * ready, on a pipe of its own: it may reach this process a moment after the first answer does.
 */
function printedSetupUrl(): Promise<string> {
  return vi.waitFor(
    () => {
      const match = /"setupUrl":"([^"]+)"/.exec(e2e.server.output());
      if (!match) throw new Error(`no setup link in the server's output:\n${e2e.server.output()}`);
      return match[1]!;
    },
    { timeout: 10_000, interval: 100 },
  );
}

describe('the setup link', () => {
  it('refuses a wrong link, creates the first Director with the right one and offers 2FA at once', async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const link = await printedSetupUrl();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const url = new URL(link);

    // A wrong token: refused (400 from the API; the browser logs it), the form is not shown.
    const page = await e2e.newPage({ expectedErrors: [/400/] });
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.server.url}/setup?token=not-the-token`);
    await page.getByRole('alert').getByText('This setup link is not valid.').waitFor();
    expect(await page.getByRole('button', { name: 'Create Director account' }).count()).toBe(0);
    await page.screenshot({
      path: artifact('setup-wrong-link-phone.png'),
      fullPage: true,
      animations: 'disabled',
    });

    // The printed link, on a phone: the form fits.
    await page.goto(`${e2e.server.url}${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'Create the first Director' }).waitFor();
    await page.getByRole('button', { name: 'Create Director account' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifact('setup-form-phone.png'),
      fullPage: true,
      animations: 'disabled',
    });

    // At desktop width: the form's own checks first, then the account.
    await page.setViewportSize(DESKTOP);
    const email = `e2e.first.director.${Date.now()}@example.test`;
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create Director account' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.screenshot({
      path: artifact('setup-form-desktop.png'),
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Director account' }).click();

    await page.getByRole('heading', { name: 'Director account created' }).waitFor();
    await page.getByText(`You are signed in as ${email}`).waitFor();
    const me = await (await page.request.get(`${e2e.server.url}/api/auth/user`)).json();
    expect(me).toMatchObject({ email, tier: 4, mfaEnabled: false });

    // Two-factor authentication, with the Security tab's own setup.
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({
      path: artifact('setup-2fa-desktop.png'),
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByLabel('Verification code').fill(await currentTotp(secret));
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    await page.getByTestId('mfa-status').getByText('Active').waitFor();
    await page.getByRole('heading', { name: 'Save your backup codes now' }).waitFor();
    expect((await (await page.request.get(`${e2e.server.url}/api/auth/user`)).json()).mfaEnabled).toBe(true);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: artifact('setup-2fa-done-phone.png'),
      fullPage: true,
      animations: 'disabled',
    });

    // On to Mission Control, as the Director.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Continue to Mission Control' }).click();
    await page.waitForURL('**/dashboard');
    await page
      .getByRole('heading', { name: /Mission Control/ })
      .first()
      .waitFor();
  });

  it('answers 404 to the page and its calls once a Director exists, even with the link that was valid', async () => {
    const link = await printedSetupUrl();
    const token = new URL(link).searchParams.get('token')!;
    const check = await fetch(`${e2e.server.url}/api/setup/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(check.status).toBe(404);

    const page = await e2e.newPage({ expectedErrors: [/404/] });
    await page.setViewportSize(PHONE);
    const answer = await page.goto(`${e2e.server.url}/setup?token=${token}`);
    expect(answer?.status()).toBe(404);
    await page.getByText('Setup is complete: a Director account exists already.').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await page.screenshot({
      path: artifact('setup-complete-phone.png'),
      fullPage: true,
      animations: 'disabled',
    });
  });
});
