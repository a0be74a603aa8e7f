import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

/**
 * Seconds a proof holds here: short, so the re-authentication dialog shows without moving any clock, and long enough
 * for a busy machine to finish what one proof opens (the password, then the passkey's two requests and its ceremony),
 * which took over 8 s once with two test files running.
 */
const REAUTH_WINDOW_SECONDS = 20;
const e2e = useHarness({ env: () => ({ REAUTH_WINDOW_SECONDS: String(REAUTH_WINDOW_SECONDS) }) });

/** WebAuthn wants a host name for its relying party, never an IP address: the same server, as `localhost`. */
const origin = () => e2e.server.url.replace('127.0.0.1', 'localhost');

const waitOutTheWindow = () =>
  new Promise((resolve) => setTimeout(resolve, (REAUTH_WINDOW_SECONDS + 1) * 1000));

/**
 * Chromium's virtual authenticator: a platform authenticator with resident keys and user verification. It answers
 * only while `touch` lets it: with presence simulated all along it would also answer the sign-in page's autofill
 * request at once, which a person never does without picking a passkey.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: false,
    },
  });
  const presence = (enabled: boolean) =>
    cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  /**
   * Does `action` (which starts a ceremony) with the authenticator answering, and waits for `done`. Presence is on
   * only meanwhile, and from before the action: turned on after it, a busy machine could start the ceremony first.
   */
  return async (action: () => Promise<void>, done: () => Promise<void>) => {
    await presence(true);
    try {
      await action();
      await done();
    } finally {
      await presence(false);
    }
  };
}

type Touch = Awaited<ReturnType<typeof addVirtualAuthenticator>>;

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Request Access' }).first().waitFor();
}

async function signInWithPasskey(page: Page, touch: Touch, shot: string) {
  await page.goto(`${origin()}/login`);
  const email = page.getByLabel('Email');
  expect(await email.getAttribute('autocomplete')).toBe('username webauthn');
  await page.screenshot({ path: artifact(`${shot}-login.png`), animations: 'disabled' });
  await touch(
    () => page.getByRole('button', { name: 'Sign in with a passkey' }).click(),
    () => page.getByRole('heading', { name: 'Welcome back, Kim' }).waitFor(),
  );
  await page.screenshot({ path: artifact(`${shot}-signed-in.png`), animations: 'disabled' });
}

describe('passkeys', () => {
  it('adds a passkey after confirming it is you, signs in with it at both widths, and asks again before an API key', async () => {
    // The refusals the flow goes through: the first 403 REAUTH_REQUIRED and the wrong password.
    const page = await e2e.newPage({ expectedErrors: [/status of 403/, /status of 400/] });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin() });
    const touch = await addVirtualAuthenticator(page);
    const email = `e2e.passkeys.${Date.now()}@example.test`;
    const registered = await page.request.post(`${origin()}/api/auth/register`, {
      data: { email, password: PASSWORD, firstName: 'Kim' },
    });
    expect(registered.status()).toBe(201);

    // The sign-up's proof has run out: adding a passkey asks for the password first, then goes ahead by itself.
    await waitOutTheWindow();
    await page.goto(`${origin()}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText('No passkeys yet.').waitFor();
    await page.getByLabel('Name (optional)').fill('This laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.waitFor();
    await page.screenshot({ path: artifact('passkeys-reauth-dialog.png'), animations: 'disabled' });
    await confirm.getByLabel('Password').fill('not the password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText('Password is incorrect').waitFor();
    await confirm.getByLabel('Password').fill(PASSWORD);
    const row = page.getByTestId('passkey-row').filter({ hasText: 'This laptop' });
    await touch(
      () => confirm.getByRole('button', { name: 'Confirm' }).click(),
      () => row.waitFor(),
    );
    expect(await confirm.count()).toBe(0);
    expect(await row.textContent()).toMatch(/This device|Synced/);
    expect(await row.textContent()).toContain('Never used');
    await page.screenshot({
      path: artifact('passkeys-settings.png'),
      fullPage: true,
      animations: 'disabled',
    });

    // Signed out, then in with the passkey alone, at desktop width...
    await signOut(page);
    await signInWithPasskey(page, touch, 'passkeys-desktop');
    // ...and at phone width.
    await signOut(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithPasskey(page, touch, 'passkeys-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The passkey sign-in's proof runs out too: a new API key asks again, answered with the passkey this time.
    await waitOutTheWindow();
    await page.goto(`${origin()}/mobile`);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    const form = page.getByRole('form', { name: 'Create API key' });
    await form.getByLabel('Name').fill('Nightly export');
    await form.getByRole('button', { name: 'Create API key' }).click();
    await confirm.waitFor();
    const created = page.getByRole('dialog', { name: 'API key created' });
    await touch(
      () => confirm.getByRole('button', { name: 'Use a passkey' }).click(),
      () => created.waitFor(),
    );
    expect((await created.getByTestId('created-api-key').textContent()) ?? '').toMatch(/^ik_\S{20,}$/);
    await page.screenshot({
      path: artifact('passkeys-api-key-after-reauth.png'),
      animations: 'disabled',
    });

    const user = await (await page.request.get(`${origin()}/api/auth/user`)).json();
    expect(Date.parse(user.reauthenticatedUntil)).toBeGreaterThan(Date.now());
    const listed = await (await page.request.get(`${origin()}/api/auth/passkeys`)).json();
    expect(listed).toEqual([
      expect.objectContaining({ name: 'This laptop', lastUsedAt: expect.any(String) }),
    ]);
  }, 180_000);
});
