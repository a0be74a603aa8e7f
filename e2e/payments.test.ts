import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

/** The tier badge of the top bar (the page's own headers are not the banner). */
function navTier(page: Page) {
  return page.getByRole('banner').getByText(/^TIER \d$/);
}

describe('payments and Mission Control', () => {
  it('lets a new member upgrade to tier 2 with a card and see it everywhere', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'payments');

    // Tier 1: Mission Control reads ELEVATED.
    await page.goto(`${e2e.server.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Mission Control' }).waitFor();
    await page.getByTestId('security-level').getByText('Security level: ELEVATED').waitFor();
    expect(await navTier(page).textContent()).toBe('TIER 1');

    await page.goto(`${e2e.server.url}/payments`);
    await page.getByText('No Active Subscription').waitFor();
    await page.screenshot({ path: artifact('payments-subscription-none.png') });
    await page.getByRole('button', { name: 'Explore Tiers' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'upgrade');
    expect(await page.getByTestId('tier-card').count()).toBe(3);
    await page.getByRole('button', { name: 'Yearly (Save 17%)' }).click();
    await page.getByRole('group', { name: 'Operator' }).getByText('$999').waitFor();
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.screenshot({ path: artifact('payments-tiers.png'), fullPage: true });

    await page.getByRole('button', { name: 'Upgrade to Operator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('99.00');
    expect(await dialog.getByLabel('Amount').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel('Currency').inputValue()).toBe('USD');
    expect(await dialog.getByRole('radio', { name: /Card/ }).isChecked()).toBe(true);
    // The harness runs the test card provider: the payment step and the page say no card is charged.
    await dialog.getByRole('note').getByText('Test mode: no card is charged').waitFor();
    await page.locator('main header').getByTestId('test-mode-notice').waitFor();
    await page.screenshot({ path: artifact('payments-complete-payment.png') });
    await dialog.getByRole('button', { name: 'Pay $99.00' }).click();

    await page.getByText('Tier Upgraded').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await navTier(page).getByText('TIER 2').waitFor();
    const operator = page.getByRole('group', { name: 'Operator' });
    expect(await operator.getByRole('button', { name: 'Current Tier' }).isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Payment History' }).click();
    const row = page.getByTestId('payment-row').first();
    await row.getByText('$99.00').waitFor();
    await row.getByText('Completed').waitFor();
    await row.getByText('Card').waitFor();
    await page.screenshot({ path: artifact('payments-history.png') });

    await page.getByRole('tab', { name: 'Subscription' }).click();
    const subscription = page.getByTestId('active-subscription');
    await subscription.getByText('TIER 2 · Operator').waitFor();
    await subscription.getByText('Active', { exact: true }).waitFor();
    await page.screenshot({ path: artifact('payments-subscription.png') });

    // Mission Control: MAXIMUM from tier 2, quick actions that go somewhere, the upgrade dialog.
    await page.goto(`${e2e.server.url}/dashboard`);
    await page.getByTestId('security-level').getByText('Security level: MAXIMUM').waitFor();
    expect(await page.getByTestId('dashboard-tier').textContent()).toBe('TIER 2');
    const actions = page.getByRole('list', { name: 'Quick actions' });
    expect(
      await actions.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/investigations', '/cases', '/marketplace', '/secure-channel', '/settings']);
    await page.getByText('Your cart is empty').waitFor();
    await page.getByTestId('stat-card').first().waitFor();
    await page.screenshot({ path: artifact('dashboard.png'), fullPage: true });

    await page.getByRole('button', { name: 'Upgrade Tier' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Tier' });
    const options = upgrade.getByRole('radio');
    await options.first().waitFor();
    expect(await options.count()).toBe(3);
    await options.first().getByText('Current Tier').waitFor();
    await page.screenshot({ path: artifact('dashboard-upgrade.png') });
    await upgrade.getByRole('button', { name: 'Cancel' }).click();

    await actions.getByRole('link', { name: /Browse equipment/ }).click();
    await page.waitForURL((url) => url.pathname === '/marketplace');
    await page.getByRole('button', { name: 'Upgrade Tier' }).waitFor();
  });

  it('holds a bank transfer until a Director confirms it on the Approvals tab', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'transfer');
    await page.goto(`${e2e.server.url}/payments?tab=upgrade`);
    await page.getByRole('button', { name: 'Upgrade to Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await dialog.getByRole('radio', { name: /Bank transfer/ }).click();
    await dialog.getByRole('button', { name: 'Record bank transfer of $299.00' }).click();
    await page.getByText('Awaiting Confirmation').first().waitFor();
    expect(await navTier(page).textContent()).toBe('TIER 1');
    expect(await page.getByRole('tab', { name: 'Approvals' }).count()).toBe(0);
    await page.context().close();

    const director = await e2e.newPage();
    const email = await e2e.signUp(director, 'director');
    await e2e.server.cli('user:set-tier', email, '4');
    await director.goto(`${e2e.server.url}/payments`);
    await director.getByRole('tab', { name: 'Approvals' }).click();
    const payment = director.getByTestId('pending-payment').first();
    await payment.getByText('Bank transfer', { exact: false }).waitFor();
    await director.screenshot({ path: artifact('payments-approvals.png'), fullPage: true });
    const [transfer] = (await (
      await director.request.get(`${e2e.server.url}/api/admin/payments?status=pending`)
    ).json()) as { reference: string }[];
    await payment.getByText(`Reference ${transfer!.reference}`).waitFor();
    // Confirming money received takes a second step that shows what to check against the statement.
    await payment.getByRole('button', { name: /^Confirm payment of e2e\.transfer/ }).click();
    const confirm = director.getByRole('dialog', { name: 'Confirm the money arrived?' });
    const facts = confirm.getByTestId('payment-to-confirm');
    await facts.getByText('$299.00 USD').waitFor();
    await facts.getByText(transfer!.reference, { exact: true }).waitFor();
    await facts.getByText('Bank transfer').waitFor();
    await director.screenshot({ path: artifact('payments-confirm-received.png') });
    await confirm.getByRole('button', { name: 'Confirm $299.00 USD received' }).click();
    await director.getByText('Payment Confirmed').first().waitFor();
    await director.getByText('No payments are waiting for confirmation.').waitFor();
    await director.getByText('No upgrades are waiting for approval.').waitFor();
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`shows a pending crypto upgrade on the Subscription tab with how to pay (${width}x${height})`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height });
      await e2e.signUp(page, `crypto${width}`);
      await page.goto(`${e2e.server.url}/payments?tab=upgrade`);
      await page.getByRole('button', { name: 'Upgrade to Director' }).click();
      const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
      await dialog.getByRole('radio', { name: /Crypto/ }).click();
      await dialog.getByRole('button', { name: 'Record crypto payment of $799.00' }).click();

      // Told the truth: the money has not arrived, so nothing says it was received.
      await page.getByText('Awaiting Confirmation').first().waitFor();
      expect(await page.getByText(/Payment received/).count()).toBe(0);
      await dialog.waitFor({ state: 'hidden' });
      expect(await navTier(page).textContent()).toBe('TIER 1');

      // The page moves to the Subscription tab: what waits, what happens next, how to pay and the reference.
      await page.getByRole('tab', { name: 'Subscription', selected: true }).waitFor();
      const pending = page.getByTestId('pending-upgrade');
      await pending.getByText('Awaiting confirmation').waitFor();
      await pending.getByText('$799.00 USD per month', { exact: false }).first().waitFor();
      const steps = pending.getByRole('listitem');
      expect(await steps.count()).toBe(3);
      await steps
        .nth(1)
        .getByText(/A Director confirms the payment once it arrives, usually within 1-2 business days/)
        .waitFor();
      const how = pending.getByRole('region', { name: 'How to pay by crypto' });
      await how.getByText(/^Your operator has not set a crypto wallet yet: /).waitFor();
      const [payment] = (await (await page.request.get(`${e2e.server.url}/api/payments`)).json()) as {
        reference: string;
        status: string;
      }[];
      expect(payment!.status).toBe('pending');
      expect(await how.getByTestId('payment-reference').textContent()).toBe(payment!.reference);
      await page.getByText('You stay on the free Basic tier until the upgrade above takes effect.').waitFor();
      expect(await page.getByRole('button', { name: 'Explore Tiers' }).count()).toBe(0);
      await page.screenshot({ path: artifact(`payments-pending-crypto-${width}.png`), fullPage: true });
      // A full-page capture draws the sticky top bar mid-page on a phone: the instructions get a shot of their own.
      await how.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: artifact(`payments-pending-crypto-instructions-${width}.png`) });

      // Upgrade is off while it waits, with the reason, instead of a 'Payment Failed' toast.
      await page.getByRole('tab', { name: 'Tier Upgrade' }).click();
      const card = page.getByRole('group', { name: 'Director' });
      const button = card.getByRole('button', { name: 'Upgrade to Director' });
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
      expect(await button.textContent()).toBe('Awaiting Confirmation');
      await card.getByText('Your upgrade to TIER 4 is awaiting confirmation', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Upgrade to Operator' }).isDisabled()).toBe(true);
      expect(await page.getByText('Payment Failed').count()).toBe(0);
      // The toast has said its piece; close it so it does not hide the card's reason in the screenshot.
      await page.locator('[data-slot=toast-close]').click();
      await page.locator('[data-slot=toast-close]').waitFor({ state: 'detached' });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`payments-pending-upgrade-tab-${width}.png`) });
    });
  }

  it('shows a bank order its instructions and reference, and Directors its rupees in analytics revenue', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'bankorder');
    await page.goto(`${e2e.server.url}/marketplace`);
    await page.getByRole('searchbox', { name: 'Search equipment' }).fill('faraday');
    await page.getByText('1 item found').waitFor();
    await page.getByTestId('product-card').getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to Cart').first().waitFor();
    await page.getByRole('button', { name: 'Open shopping cart, 1 item' }).click();
    await page
      .getByRole('dialog', { name: 'Shopping Cart' })
      .getByRole('button', { name: 'Proceed to Checkout' })
      .click();
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await checkout.getByLabel('Full name').fill('Dana Reyes');
    await checkout.getByLabel('Address line 1').fill('12 MG Road');
    await checkout.getByLabel('City').fill('Bengaluru');
    await checkout.getByLabel('State').fill('Karnataka');
    await checkout.getByLabel('Postal code').fill('560001');
    await checkout.getByLabel('Phone').fill('+91 98765 43210');
    await checkout.getByRole('radio', { name: /Bank transfer/ }).click();
    await checkout.getByRole('button', { name: 'Place Order' }).click();

    const confirmation = page.getByRole('dialog', { name: 'Order Confirmed' });
    await confirmation.getByText('Awaiting payment confirmation').waitFor();
    await confirmation.getByText('₹3,499 INR').first().waitFor();
    const how = confirmation.getByRole('region', { name: 'How to pay by bank transfer' });
    await how.getByText(/^Your operator has not set bank details yet: /).waitFor();
    const [order] = (await (await page.request.get(`${e2e.server.url}/api/orders`)).json()) as {
      paymentId: string;
      paymentReference: string;
    }[];
    expect(await how.getByTestId('payment-reference').textContent()).toBe(order!.paymentReference);
    await page.screenshot({ path: artifact('order-bank-transfer-instructions.png') });

    // A Director confirms the transfer; analytics counts the rupees in rupees.
    const { api, email } = await e2e.directorApi('revenue');
    expect((await api.post(`/api/admin/payments/${order!.paymentId}/confirm`, { data: {} })).status()).toBe(
      200,
    );
    const director = await e2e.newPage();
    const login = await director.request.post(`${e2e.server.url}/api/auth/login`, {
      data: { email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await director.goto(`${e2e.server.url}/settings`);
    await director.getByRole('tab', { name: 'Analytics' }).click();
    const analytics = director.getByRole('tabpanel', { name: 'Analytics' });
    const revenue = analytics.getByTestId('revenue');
    await revenue.getByText(/^₹[\d,]+ INR$/).waitFor();
    await analytics.getByRole('tab', { name: 'Business' }).click();
    await analytics
      .getByRole('table', { name: 'Revenue by currency' })
      .getByText('INR', { exact: true })
      .waitFor();
    await director.screenshot({ path: artifact('analytics-revenue-by-currency.png'), fullPage: true });
  });
});
