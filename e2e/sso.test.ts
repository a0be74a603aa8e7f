import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestProvider } from '../server/test/oidc-provider.js';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

// The identity provider runs on 127.0.0.1: loopback issuers are allowed for this server only.
const e2e = useHarness({ env: () => ({ ALLOW_PRIVATE_SSO_ISSUERS: '1' }) });

const SIZES = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let provider: TestProvider | undefined;
afterAll(async () => provider?.close());

/** The provider's development pages import a web font; nothing leaves this machine, so it is answered empty. */
async function offline(page: Page) {
  await page.route('**/fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
}

/** At the provider's development interactions: sign in as `login`, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('enterprise single sign-on', () => {
  it('an owner sets up SSO against a real OpenID provider and tests it; members sign in through it at desktop and phone widths', async () => {
    provider = await startOidcProvider(`${e2e.server.url}/api/auth/sso/callback`);
    const domain = `sso${Date.now()}.example.test`;
    const { api: director } = await e2e.directorApi('sso');
    const created = await director.post('/api/enterprise/clients', {
      data: { name: 'Globex Corporation', domain, tier: 3 },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: string };

    // Before anything is set, the settings answer 404 (the page then shows an empty form); the provider's own pages
    // have no favicon.
    const issuerFiles = new RegExp(`${provider.issuer.replaceAll('.', '\\.')}/favicon`);
    const owner = await e2e.newPage({ expectedErrors: [/\/api\/organization\/sso\b/, issuerFiles] });
    await offline(owner);
    const ownerEmail = `owner@${domain}`;
    await e2e.signUp(owner, 'sso-owner', { email: ownerEmail });
    expect(
      (
        await director.post(`/api/enterprise/clients/${client.id}/members`, { data: { email: ownerEmail } })
      ).status(),
    ).toBe(201);
    await director.dispose();

    await owner.goto(`${e2e.server.url}/organization`);
    const sso = owner.getByTestId('sso-section');
    await sso.waitFor();
    await sso
      .getByTestId('sso-redirect-uri')
      .getByText(`${e2e.server.url}/api/auth/sso/callback`, { exact: true })
      .waitFor();
    await sso.getByLabel('Issuer').fill(provider.issuer);
    await sso.getByLabel('Client id').fill(provider.clientId);
    await sso.getByLabel('Client secret').fill(provider.clientSecret);
    await sso.getByRole('button', { name: 'Save single sign-on' }).click();
    await owner.getByText('Single sign-on saved').first().waitFor();
    await sso.getByText('On', { exact: true }).waitFor();

    // The test sign-in goes to the provider and comes back here, signing nobody in.
    await sso.getByRole('link', { name: 'Test sign-in' }).click();
    await owner.waitForURL((url) => url.origin === provider!.issuer);
    await signInAtProvider(owner, `tester@${domain}`);
    await owner.waitForURL(/\/organization\?ssoTest=ok/);
    await owner.getByTestId('sso-test-result').getByText('Test sign-in succeeded').waitFor();

    // The SCIM token, shown once.
    const scim = owner.getByTestId('scim-section');
    await scim.getByRole('button', { name: 'Make a token' }).click();
    await scim
      .getByTestId('scim-token')
      .getByText(/^scim_/)
      .waitFor();
    await scim.getByTestId('scim-base-url').getByText('/scim/v2').waitFor();
    for (const size of SIZES) {
      await owner.setViewportSize({ width: size.width, height: size.height });
      await owner.screenshot({ path: artifact(`sso-owner-${size.name}.png`), fullPage: true });
    }

    // Members sign in through "Continue with single sign-on": accounts made on the way, at both widths.
    for (const size of SIZES) {
      const member = await e2e.newPage({ expectedErrors: [issuerFiles] });
      await offline(member);
      await member.setViewportSize({ width: size.width, height: size.height });
      const email = `${size.name}.member@${domain}`;
      await member.goto(`${e2e.server.url}/login`);
      await member.getByLabel('Email').fill(email);
      const continueButton = member.getByRole('link', { name: 'Continue with single sign-on' });
      await continueButton.waitFor();
      await member.screenshot({ path: artifact(`sso-login-${size.name}.png`), fullPage: true });
      await continueButton.click();
      await member.waitForURL((url) => url.origin === provider!.issuer);
      await signInAtProvider(member, email);
      await member.waitForURL(`${e2e.server.url}/dashboard`);
      await member.getByRole('heading', { level: 1, name: 'Mission Control' }).waitFor();
      const me = await member.request.get(`${e2e.server.url}/api/auth/user`);
      expect(await me.json()).toMatchObject({ email, organization: { id: client.id, role: 'member' } });
      await member.screenshot({ path: artifact(`sso-member-signed-in-${size.name}.png`) });
      await member.context().close();
    }

    // A failure comes back to the sign-in page in words.
    const stranger = await e2e.newPage();
    await stranger.goto(`${e2e.server.url}/api/auth/sso/callback?state=forged&code=forged`);
    await stranger.waitForURL(/\/login\?error=sso/);
    await stranger.getByText('Single sign-on failed').waitFor();
    await stranger.screenshot({ path: artifact('sso-failed-desktop.png') });
    // Two identity provider round trips and three browser sessions: longer than one page's test.
  }, 180_000);
});
