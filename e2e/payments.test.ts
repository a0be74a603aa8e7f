import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';

const e2e = useHarness();
const SCREENS = '.tmp/screens';

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
    await page.screenshot({ path: `${SCREENS}/payments-subscription-none.png` });
    await page.getByRole('button', { name: 'Explore Tiers' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'upgrade');
    expect(await page.getByTestId('tier-card').count()).toBe(3);
    await page.getByRole('button', { name: 'Yearly (Save 17%)' }).click();
    await page.getByRole('group', { name: 'Operator' }).getByText('$999').waitFor();
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.screenshot({ path: `${SCREENS}/payments-tiers.png`, fullPage: true });

    await page.getByRole('button', { name: 'Upgrade to Operator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('99.00');
    expect(await dialog.getByLabel('Amount').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel('Currency').inputValue()).toBe('USD');
    expect(await dialog.getByRole('radio', { name: /Card/ }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SCREENS}/payments-complete-payment.png` });
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
    await page.screenshot({ path: `${SCREENS}/payments-history.png` });

    await page.getByRole('tab', { name: 'Subscription' }).click();
    const subscription = page.getByTestId('active-subscription');
    await subscription.getByText('TIER 2 · Operator').waitFor();
    await subscription.getByText('Active', { exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENS}/payments-subscription.png` });

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
    await page.screenshot({ path: `${SCREENS}/dashboard.png`, fullPage: true });

    await page.getByRole('button', { name: 'Upgrade Tier' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Tier' });
    const options = upgrade.getByRole('radio');
    await options.first().waitFor();
    expect(await options.count()).toBe(3);
    await options.first().getByText('Current Tier').waitFor();
    await page.screenshot({ path: `${SCREENS}/dashboard-upgrade.png` });
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
    await dialog.getByRole('button', { name: 'Pay $299.00' }).click();
    await page.getByText('Payment Pending').first().waitFor();
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
    await director.screenshot({ path: `${SCREENS}/payments-approvals.png`, fullPage: true });
    await payment.getByRole('button', { name: /^Confirm payment of e2e\.transfer/ }).click();
    await director.getByText('Payment Confirmed').first().waitFor();
    await director.getByText('No payments are waiting for confirmation.').waitFor();
    await director.getByText('No upgrades are waiting for approval.').waitFor();
  });
});
