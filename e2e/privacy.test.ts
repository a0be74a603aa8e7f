import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../contract/catalog.js';
import { DATA_EXPORT_DATASETS } from '../contract/privacy.js';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

// No grace period: a deletion is due at once (and carried out by a job within a minute).
const e2e = useHarness({ env: () => ({ ACCOUNT_DELETION_GRACE_DAYS: '0' }) });

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const shippingAddress = {
  fullName: 'Priya Export',
  line1: '4 Lavelle Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  phone: '+91 98450 44444',
};

/** An order through the API in the page's own session (its cookie), so the export has something to show. */
async function placeOrder(page: Page): Promise<string> {
  const listed = await page.request.get(`${e2e.server.url}/api/products?limit=200`);
  expect(listed.status()).toBe(200);
  const product = ((await listed.json()) as Product[]).find((p) => p.minimumTier === 1 && p.inStock);
  expect(product, 'a tier-1 product in stock').toBeDefined();
  const added = await page.request.post(`${e2e.server.url}/api/cart`, {
    data: { productId: product!.id, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  const order = await page.request.post(`${e2e.server.url}/api/orders`, {
    data: { shippingAddress, paymentMethod: 'stripe' },
  });
  expect(order.status()).toBe(201);
  return ((await order.json()) as { orderNumber: string }).orderNumber;
}

describe('Settings > Privacy', () => {
  for (const viewport of VIEWPORTS) {
    it(`downloads the member's data as one JSON file (${viewport.width}x${viewport.height})`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const email = await e2e.signUp(page, `privacy-${viewport.name}`, { firstName: 'Priya' });
      const orderNumber = await placeOrder(page);

      await page.goto(`${e2e.server.url}/settings`);
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.getByRole('tab', { name: 'Privacy' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Privacy' });
      await panel.getByText('No exports yet').waitFor();
      await page.screenshot({ path: artifact(`privacy-empty-${viewport.name}.png`), fullPage: true });
      // Deleting says when (this server's grace: none), what becomes of a subscription and what goes (issue 33).
      await panel.getByText(/The deletion is carried out within a minute of your request\./).waitFor();
      await panel.getByText(/It is not refunded\./).waitFor();
      await panel
        .getByRole('list', { name: 'What is deleted' })
        .getByText(/evidence files you uploaded/)
        .waitFor();
      await panel.getByRole('heading', { name: 'What is kept' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`privacy-delete-card-${viewport.name}.png`) });

      await panel.getByRole('button', { name: 'Export my data' }).click();
      const ready = panel.getByRole('listitem', { name: /, Ready$/ });
      await ready.waitFor({ timeout: 30_000 });
      expect(await panel.getByRole('button', { name: 'Export my data' }).isEnabled()).toBe(true);
      await page.screenshot({ path: artifact(`privacy-ready-${viewport.name}.png`), fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        ready.getByRole('link', { name: 'Download JSON' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^intel-portal-data-\d{4}-\d{2}-\d{2}\.json$/);
      const document = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<
        string,
        unknown
      >;
      for (const key of DATA_EXPORT_DATASETS) expect(document).toHaveProperty(key);
      expect(document.user).toMatchObject({ email, firstName: 'Priya' });
      expect(document.orders).toEqual([
        expect.objectContaining({
          orderNumber,
          shippingAddress,
          lines: [expect.objectContaining({ quantity: 1 })],
        }),
      ]);

      // The bell has the notice (read again after a reload rather than its 30 s poll), which leads back here.
      await page.goto(`${e2e.server.url}/dashboard`);
      const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      await bell.click();
      const notices = page.getByRole('dialog', { name: 'Notifications' });
      await notices.getByRole('button', { name: /Your data export is ready/ }).click();
      await page.waitForURL('**/settings?tab=privacy');
      await page.getByRole('tab', { name: 'Privacy', selected: true }).waitFor();
    });
  }

  it('deletes the account with the password: the browser is signed out and signing in again fails', async () => {
    // The wrong password's 400 is logged by the browser.
    const page = await e2e.newPage({ expectedErrors: [/status of 400/] });
    await page.setViewportSize({ width: 1440, height: 900 });
    const email = await e2e.signUp(page, 'privacy-delete');
    await page.goto(`${e2e.server.url}/settings?tab=privacy`);
    const panel = page.getByRole('tabpanel', { name: 'Privacy' });
    await panel.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await page.screenshot({ path: artifact('privacy-delete-dialog-desktop.png') });
    expect((await page.request.get(`${e2e.server.url}/api/auth/user`)).status()).toBe(200);

    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByText('Account scheduled for deletion').first().waitFor();
    await page.getByRole('link', { name: 'Request Access' }).first().waitFor();
    expect((await page.request.get(`${e2e.server.url}/api/auth/user`)).status()).toBe(401);

    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect((await page.request.get(`${e2e.server.url}/api/auth/user`)).status()).toBe(401);
  });
});
