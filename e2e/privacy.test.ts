import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../contract/catalog.js';
import { DATA_EXPORT_DATASETS } from '../contract/privacy.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const shippingAddress = {
  fullName: 'Priya Export',
  line1: '4 Lavelle Road',
  city: 'Bengaluru',
  state: 'KA',
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
      await page.screenshot({ path: `.tmp/screens/privacy-empty-${viewport.name}.png`, fullPage: true });

      await panel.getByRole('button', { name: 'Export my data' }).click();
      const ready = panel.getByRole('listitem', { name: /, Ready$/ });
      await ready.waitFor({ timeout: 30_000 });
      expect(await panel.getByRole('button', { name: 'Export my data' }).isEnabled()).toBe(true);
      await page.screenshot({ path: `.tmp/screens/privacy-ready-${viewport.name}.png`, fullPage: true });

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
});
