import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact, expectNoSidewaysScroll } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

const address = {
  fullName: 'Asha Rao',
  line1: '12 MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400001',
  country: 'India',
  phone: '+91 98450 12345',
  gstin: '27AAPFU0939F1ZV',
};

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: artifact(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact(`${name}-phone.png`), fullPage: true });
  await expectNoSidewaysScroll(page, name);
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe("an order's life", () => {
  it('buyer orders, a Director ships and delivers, the buyer returns one, the Director approves, documents download', async () => {
    const buyer = await e2e.newPage();
    await e2e.signUp(buyer, 'orders');
    const products = await (await buyer.request.get(`${e2e.server.url}/api/products?q=gloves`)).json();
    const gloves = products.find((p: { slug: string }) => p.slug === 'tactical-gloves');
    expect(
      (
        await buyer.request.post(`${e2e.server.url}/api/cart`, {
          data: { productId: gloves.id, quantity: 2 },
        })
      ).status(),
    ).toBe(201);
    const placed = await buyer.request.post(`${e2e.server.url}/api/orders`, {
      data: { shippingAddress: address, paymentMethod: 'stripe' },
    });
    expect(placed.status()).toBe(201);
    const order = await placed.json();

    // The dashboard's order row opens the order's page.
    await buyer.goto(`${e2e.server.url}/dashboard`);
    await buyer.getByTestId('recent-order').getByRole('link').first().click();
    await buyer.waitForURL((url) => url.pathname === `/orders/${order.id}`);
    await buyer.getByRole('heading', { name: order.orderNumber }).waitFor();
    await buyer.getByText('HSN 6116, GST 5%').waitFor();
    await buyer.getByRole('link', { name: `Tax invoice ${order.invoiceNumber}` }).waitFor();
    await shoot(buyer, 'order-paid');

    // A Director's queue: ship, then deliver.
    const { email } = await e2e.directorApi('orders');
    const director = await e2e.newPage();
    expect(
      (
        await director.request.post(`${e2e.server.url}/api/auth/login`, {
          data: { email, password: PASSWORD },
        })
      ).status(),
    ).toBe(200);
    await director.goto(`${e2e.server.url}/order-queue`);
    const shipForm = director.getByRole('form', { name: `Ship ${order.orderNumber}` });
    await shipForm.getByLabel('Carrier').fill('India Post');
    await shipForm.getByLabel('Tracking number').fill('EE123456789IN');
    await shoot(director, 'order-queue');
    await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
    await shipForm.waitFor({ state: 'detached' });
    await director.getByRole('tab', { name: 'In transit' }).click();
    await director.getByRole('button', { name: 'Mark delivered' }).first().waitFor();
    const inTransit = director.getByRole('listitem').filter({ hasText: order.orderNumber });
    await inTransit.getByRole('button', { name: 'Mark delivered' }).click();
    await inTransit.waitFor({ state: 'detached' });

    // The buyer sees the tracking and asks to return one pair.
    await buyer.reload();
    await buyer.getByText('EE123456789IN', { exact: true }).waitFor();
    const returnForm = buyer.getByRole('form', { name: 'Request a return' });
    await returnForm.getByLabel(/Cut-Resistant Tactical Gloves/).fill('1');
    await returnForm.getByLabel('Why are you returning them?').fill('One pair is torn');
    await returnForm.getByRole('button', { name: 'Request return' }).click();
    await buyer.getByText('Return requested: a Director will decide it.').waitFor();

    // The Director approves it.
    await director.getByRole('tab', { name: 'Returns to decide' }).click();
    const toDecide = director.getByRole('listitem').filter({ hasText: order.orderNumber });
    await toDecide.getByText('One pair is torn').waitFor();
    await shoot(director, 'order-queue-returns');
    await toDecide.getByRole('button', { name: 'Approve and refund' }).click();
    await toDecide.waitFor({ state: 'detached' });

    // The buyer's page: partly refunded, a credit note, both documents download as PDFs.
    await buyer.reload();
    await buyer.getByText('Partly refunded').first().waitFor();
    const creditLink = buyer.getByRole('link', { name: /^Credit note CN\// });
    await creditLink.waitFor();
    await shoot(buyer, 'order-returned');
    for (const link of [
      buyer.getByRole('link', { name: `Tax invoice ${order.invoiceNumber}` }),
      creditLink,
    ]) {
      const [download] = await Promise.all([buyer.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^(INV|CN)-\d\d-\d\d-\d{6}\.pdf$/);
      // Kept beside the screenshots, for a person to read.
      await download.saveAs(artifact(`${download.suggestedFilename()}`));
    }
    await buyer.goto(`${e2e.server.url}/orders`);
    await buyer.getByRole('link', { name: new RegExp(order.orderNumber) }).waitFor();
    await shoot(buyer, 'orders');
  }, 240_000);
});
