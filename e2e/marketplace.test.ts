import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

function card(page: Page, name: string): Locator {
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * The links, buttons and fields of the page and its footer that the floating cart button's box overlaps, by their
 * text or label (the button itself aside).
 */
function coveredByCartButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('button[title="Shopping cart"]');
    if (!button) throw new Error('no floating cart button');
    const cart = button.getBoundingClientRect();
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'main a, main button, main input, main select, main textarea, footer a, footer p',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const overlaps =
        box.left < cart.right && box.right > cart.left && box.top < cart.bottom && box.bottom > cart.top;
      if (overlaps)
        covered.push(element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName);
    }
    return covered;
  });
}

async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(
    () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
  );
}

function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId('product-card').getByRole('heading').allTextContents();
}

describe('the marketplace', () => {
  it('lets a signed-out visitor browse, and sends them to sign in to buy', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/marketplace`);
    await page.getByText('28 items found').waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(24);
    // No product pages for signed-out visitors (member routes only): the cards carry no links to them.
    expect(await page.locator('a[href^="/product/"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Open shopping cart/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByTestId('product-card').nth(27).waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    await page.screenshot({ path: artifact('marketplace-list.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.screenshot({ path: artifact('marketplace-mobile.png') });
    await page.setViewportSize({ width: 1280, height: 860 });

    await card(page, 'Professional RF Detector RD-8G').getByRole('link', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/marketplace');
  });

  it('searches, filters, sorts, buys with a card and leaves an empty cart', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'shop');
    await page.goto(`${e2e.server.url}/marketplace`);
    await page.getByText('28 items found').waitFor();
    await page.screenshot({ path: artifact('marketplace.png') });

    // Search (debounced, server-side).
    await page.getByRole('searchbox', { name: 'Search equipment' }).fill('detector');
    await page.waitForURL((url) => url.searchParams.get('q') === 'detector');
    // The first page of the whole catalogue holds these three too: wait for the search's own few cards.
    await expect.poll(() => page.getByTestId('product-card').count()).toBeLessThan(5);
    expect(await cardNames(page)).toEqual(
      expect.arrayContaining([
        'Professional RF Detector RD-8G',
        'Non-Linear Junction Detector NLJD-X',
        'GPS Tracker Detector GT-3',
      ]),
    );
    await page.getByText(`${await page.getByTestId('product-card').count()} items found`).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText('28 items found').waitFor();

    // Category, stock and sort, all kept in the address.
    await page.getByLabel('Category').selectOption({ label: 'Counter-Surveillance' });
    await page.getByText('7 items found').waitFor();
    await page.getByLabel('Stock').selectOption('in-stock');
    await page.getByText('6 items found').waitFor();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-low');
    await expect.poll(() => cardNames(page).then((names) => names[0])).toBe('Hidden Camera Lens Finder');
    const prices = await page.getByTestId('product-card').getByText(/^₹/).allTextContents();
    const amounts = prices.map((price) => Number(price.replace(/[₹,]/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new URL(page.url()).search).toBe('?category=counter-surveillance&stock=in-stock&sort=price-low');

    // A reload keeps the filters.
    await page.reload();
    await page.getByText('6 items found').waitFor();
    expect(await page.getByLabel('Stock').inputValue()).toBe('in-stock');

    // A new account is tier 1: tier 2 and 3 equipment cannot be added.
    await page.getByLabel('Tier').selectOption({ label: 'Tier 2' });
    await page.getByText('2 items found').waitFor();
    expect(
      await card(page, 'TSCM Bug Sweeping Kit').getByRole('button', { name: 'Tier 2 Required' }).isDisabled(),
    ).toBe(true);
    // Every tier of the catalogue is offered, tier 3 too (issue 33).
    expect(await page.getByLabel('Tier').locator('option').allTextContents()).toEqual([
      'All tiers',
      'Tier 1',
      'Tier 2',
      'Tier 3',
      'Tier 4',
    ]);
    await page.getByLabel('Tier').selectOption({ label: 'Tier 3' });
    await page.getByRole('button', { name: 'Tier 3 Required' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Tier 2 Required' }).count()).toBe(0);
    await page.screenshot({ path: artifact('marketplace-tier-3.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Tier').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('marketplace-tier-3-phone.png') });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('28 items found').waitFor();
    expect(new URL(page.url()).search).toBe('');

    // The product page: add two.
    await page.getByRole('link', { name: 'Professional RF Detector RD-8G' }).click();
    await page.getByRole('heading', { level: 1, name: 'Professional RF Detector RD-8G' }).waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
    await page.screenshot({ path: artifact('product.png') });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to Cart').first().waitFor();
    await page.getByText('2 × Professional RF Detector RD-8G added to your cart.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open shopping cart, 1 item' }).waitFor();
    await page.getByRole('tab', { name: /Reviews/ }).click();
    await page.getByText('No reviews yet').waitFor();

    // The cart: increase, then remove the line.
    await page.getByRole('button', { name: /Open shopping cart/ }).click();
    const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
    const line = cart.getByTestId('cart-line');
    await line.getByText('₹45,999 each').waitFor();
    expect(await line.getByTestId('cart-line-total').textContent()).toBe('₹91,998');
    await cart.getByRole('button', { name: 'Increase quantity of Professional RF Detector RD-8G' }).click();
    await line.getByTestId('cart-line-total').getByText('₹1,37,997').waitFor();
    expect(await cart.getByTestId('cart-total').textContent()).toBe('₹1,37,997');
    await page.screenshot({ path: artifact('cart.png') });
    await cart.getByRole('button', { name: 'Remove Professional RF Detector RD-8G from cart' }).click();
    await page.getByText('Item Removed').first().waitFor();
    await cart.getByText('Your cart is empty').waitFor();
    // (Escape would first close the 'Item Removed' toast, the newest layer: use the dialog's own button.)
    await cart.getByRole('button', { name: 'Close' }).click();
    await cart.waitFor({ state: 'hidden' });

    // Add another from the catalogue, and check out with a card.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Marketplace' })
      .click();
    await page.getByText('28 items found').waitFor();
    await page.getByRole('searchbox', { name: 'Search equipment' }).fill('faraday');
    await page.getByText('1 item found').waitFor();
    await card(page, 'Faraday Signal-Blocking Bag Set').getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to Cart').first().waitFor();
    // The card's toast says what the product page's says.
    await page
      .getByText('1 × Faraday Signal-Blocking Bag Set added to your cart.', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Open shopping cart, 1 item' }).click();
    await cart.getByText('Faraday Signal-Blocking Bag Set').waitFor();
    await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();

    const checkout = page.getByRole('form', { name: 'Checkout' });
    await checkout.getByLabel('Full name').fill('Dana Reyes');
    await checkout.getByLabel('Address line 1').fill('12 MG Road');
    await checkout.getByLabel('City').fill('Bengaluru');
    await checkout.getByLabel('State').fill('Karnataka');
    await checkout.getByLabel('Postal code').fill('560001');
    await checkout.getByLabel('Phone').fill('+91 98765 43210');
    expect(await checkout.getByLabel('Country').inputValue()).toBe('India');
    expect(await checkout.getByRole('radio', { name: /Card/ }).isChecked()).toBe(true);
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('₹3,499');
    await page.screenshot({ path: artifact('checkout.png') });
    await checkout.getByRole('button', { name: 'Place Order' }).click();

    const confirmation = page.getByRole('dialog', { name: 'Order Confirmed' });
    await confirmation.getByText(/^Order ORD-\d+ confirmed$/).waitFor();
    await confirmation.getByText('Paid', { exact: true }).waitFor();
    await page.screenshot({ path: artifact('order-confirmed.png') });
    await confirmation.getByRole('button', { name: 'Done' }).click();
    await confirmation.waitFor({ state: 'hidden' });

    // The cart is empty afterwards, in the browser and on the server; stock went down by one.
    await page.getByRole('button', { name: 'Open shopping cart' }).click();
    await cart.getByText('Your cart is empty').waitFor();
    const remaining = await page.request.get(`${e2e.server.url}/api/cart`);
    expect(await remaining.json()).toEqual([]);
    const orders = (await (await page.request.get(`${e2e.server.url}/api/orders`)).json()) as {
      status: string;
      total: string;
    }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', total: '3499.00' });
  });

  it('keeps the floating cart button off the last content of a page at phone width (390x844)', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await e2e.signUp(page, 'phonecart');
    for (const path of ['/marketplace', '/payments']) {
      await page.goto(`${e2e.server.url}${path}`);
      if (path === '/marketplace') {
        await page.getByText('28 items found').waitFor();
        await page.getByTestId('product-card').nth(23).waitFor();
      } else {
        await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
      }
      const button = page.getByRole('button', { name: /^Open shopping cart/ });
      await button.waitFor();
      await scrollToEnd(page);
      // The page reserves the button's space: at the end, nothing of it or its footer lies under the button.
      expect(await coveredByCartButton(page), path).toEqual([]);
      const footer = await page.getByRole('contentinfo').boundingBox();
      const links = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');
      const lastLink = await links.last().boundingBox();
      const cart = (await button.boundingBox())!;
      expect(lastLink!.y + lastLink!.height, path).toBeLessThanOrEqual(cart.y);
      expect(footer!.y + footer!.height, path).toBeGreaterThanOrEqual(cart.y + cart.height);
      await page.screenshot({ path: artifact(`cart-button-clear${path.replace('/', '-')}-phone.png`) });
    }
    // The last product card, scrolled to just above the footer, is clear of the button too.
    await page.goto(`${e2e.server.url}/marketplace`);
    const last = page.getByTestId('product-card').nth(23);
    await last.waitFor();
    await scrollToEnd(page);
    const lastCard = (await last.boundingBox())!;
    const cart = (await page.getByRole('button', { name: /^Open shopping cart/ }).boundingBox())!;
    expect(lastCard.y + lastCard.height).toBeLessThanOrEqual(cart.y);
  });

  it('shows "Product Not Found" for an unknown product', async () => {
    const page = await e2e.newPage({ expectedErrors: [/status of 404/] });
    await e2e.signUp(page, 'shop');
    await page.goto(`${e2e.server.url}/product/not-a-product`);
    await page.getByRole('heading', { name: 'Product Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Marketplace' }).click();
    await page.getByText('28 items found').waitFor();
  });
});
