import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

describe('a new visitor', () => {
  it('sees the loading screen, then the landing page, requests access, signs up and logs out', async () => {
    const page = await e2e.newPage({ skipLoadingScreen: false });
    await page.goto(e2e.server.url);
    await page.getByTestId('loading-screen').waitFor();
    await page.getByText('System ready').waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Access Digital Services' }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: artifact('landing.png') });

    await page.getByRole('link', { name: 'Request Access' }).first().click();
    await page.waitForURL('**/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    const email = `e2e.${Date.now()}@example.test`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByText('TIER 1').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.screenshot({ path: artifact('signed-in.png') });

    // A reload in the same browser session skips the loading screen and keeps the session.
    await page.reload();
    await page.getByText('TIER 1').first().waitFor();
    expect(await page.getByTestId('loading-screen').count()).toBe(0);

    await page
      .getByRole('link', { name: /log ?out/i })
      .first()
      .click();
    await page.getByRole('link', { name: 'Request Access' }).first().waitFor();
    expect(await page.getByText('TIER 1').count()).toBe(0);
    const me = await page.request.get(`${e2e.server.url}/api/auth/user`);
    expect(me.status()).toBe(401);
  });

  it('signs in again with the account it made and lands on returnTo', async () => {
    const page = await e2e.newPage({ skipLoadingScreen: false });
    const email = `e2e.login.${Date.now()}@example.test`;
    const created = await page.request.post(`${e2e.server.url}/api/auth/register`, {
      data: { email, password: 'a long enough password' },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto(`${e2e.server.url}/api/login?returnTo=%2Fteam`);
    await page.getByTestId('loading-screen').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/team');
    await page.getByText('TIER 1').first().waitFor();
  });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`comes straight to a sent link's page, and signs in from the header's Sign in at ${width}x${height}`, async () => {
      const page = await e2e.newPage({ skipLoadingScreen: false });
      await page.setViewportSize({ width, height });
      const email = `e2e.returning${width}.${Date.now()}@example.test`;
      const created = await page.request.post(`${e2e.server.url}/api/auth/register`, {
        data: { email, password: 'a long enough password' },
      });
      expect(created.status()).toBe(201);
      await page.context().clearCookies();

      // A reset link (a wrong token will do): the page itself first, no loading screen before it.
      await page.goto(`${e2e.server.url}/reset-password?token=${'x'.repeat(43)}`);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      expect(await page.getByTestId('loading-screen').count()).toBe(0);
      // Nor later in the tab: that load was its first.
      await page.goto(`${e2e.server.url}/blog`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByTestId('loading-screen').count()).toBe(0);

      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      const header = width < 768 ? page.getByRole('navigation', { name: 'Mobile' }) : page.locator('header');
      await header.getByRole('link', { name: 'Request Access' }).waitFor();
      await page.screenshot({ path: artifact(`signed-out-header-${width}.png`) });
      await header.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL('**/login?returnTo=%2Fblog');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('a long enough password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/blog');
      await page.getByText('TIER 1').first().waitFor();
    });
  }

  it('shows the 404 page on an unknown path, answered 404 with the app (design 11.3)', async () => {
    const page = await e2e.newPage({
      skipLoadingScreen: false,
      expectedErrors: [/status of 404 .*\/no\/such\/place$/],
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const answer = await page.goto(`${e2e.server.url}/no/such/place`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect((await page.goto(`${e2e.server.url}/marketplace`))?.status()).toBe(200);
    const response = await page.request.get(`${e2e.server.url}/api/no/such/place`);
    expect(response.status()).toBe(404);
    expect((await response.json()).code).toBe('NOT_FOUND');
  });
});
