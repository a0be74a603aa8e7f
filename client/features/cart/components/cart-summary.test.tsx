import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@contract/cart';
import { loadCheckout } from '@/app/load-checkout';
import { CartSummary } from '@/features/cart/components/cart-summary';
import { makeCartLine } from '@/test/catalog-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function serveCart(lines: CartLine[]) {
  mockFetch(({ method, url }) => (method === 'GET' && url === '/api/cart' ? { json: lines } : undefined));
}

const lines = [
  makeCartLine({ id: 'a', quantity: 2, product: { name: 'Audio kit', price: '1000.00' } }),
  makeCartLine({ id: 'b', product: { name: 'Body armour', price: '2500.50' } }),
  makeCartLine({ id: 'c', product: { name: 'Camera', price: '300.00' } }),
  makeCartLine({ id: 'd', product: { name: 'Detector', price: '100.00' } }),
];

describe("the dashboard's cart summary", () => {
  it('shows the first 3 lines, the total of all lines and opens checkout directly', async () => {
    serveCart(lines);
    const actor = userEvent.setup();
    renderWithProviders(<CartSummary loadCheckout={loadCheckout} />, { path: '/dashboard' });
    const shown = await screen.findAllByTestId('cart-summary-line');
    expect(shown.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Audio kit'),
      expect.stringContaining('Body armour'),
      expect.stringContaining('Camera'),
    ]);
    expect(screen.getByText('and 1 more in your cart')).toBeInTheDocument();
    expect(screen.getByTestId('cart-summary-total')).toHaveTextContent('₹4,900.5');

    await actor.click(screen.getByRole('button', { name: 'Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByRole('radiogroup', { name: 'Payment method' })).toBeInTheDocument();
  });

  it("says 'Your cart is empty' with a way to the marketplace", async () => {
    serveCart([]);
    renderWithProviders(<CartSummary loadCheckout={loadCheckout} />, { path: '/dashboard' });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse equipment' })).toHaveAttribute('href', '/marketplace');
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});
