import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@contract/cart';
import { loadCheckout } from '@/app/load-checkout';
import { CartWidget } from '@/features/cart/components/cart-widget';
import { makeCartLine } from '@/test/catalog-fixtures';
import { mockFetch, UNAUTHENTICATED, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

/** A cart held in memory, served at /api/cart; `api` may answer other calls (or override). */
function serveCart(
  initial: CartLine[],
  api: (request: MockRequest, lines: CartLine[]) => MockReply | undefined = () => undefined,
) {
  let lines = initial;
  const fetchMock = mockFetch(async (request) => {
    const answer = api(request, lines);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/cart') return { json: lines };
    const lineId = request.url.match(/^\/api\/cart\/(.+)$/)?.[1];
    if (request.method === 'PUT' && lineId) {
      lines = lines.map((line) =>
        line.id === lineId ? { ...line, quantity: (request.body as { quantity: number }).quantity } : line,
      );
      return { json: lines.find((line) => line.id === lineId) };
    }
    if (request.method === 'DELETE' && lineId) {
      lines = lines.filter((line) => line.id !== lineId);
      return { status: 204 };
    }
    return undefined;
  });
  return fetchMock;
}

async function openCart() {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<CartWidget loadCheckout={loadCheckout} />, { path: '/marketplace' });
  await user.click(screen.getByRole('button', { name: /Open shopping cart/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
  return { user, dialog, ...rendered };
}

describe('floating cart button', () => {
  it('counts lines, not quantities', async () => {
    serveCart([makeCartLine({ quantity: 3 }), makeCartLine({ quantity: 5 })]);
    renderWithProviders(<CartWidget loadCheckout={loadCheckout} />);
    expect(await screen.findByRole('button', { name: 'Open shopping cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });

  it('shows no badge when the cart is empty', async () => {
    const fetchMock = serveCart([]);
    renderWithProviders(<CartWidget loadCheckout={loadCheckout} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/cart', expect.anything()));
    expect(screen.getByRole('button', { name: 'Open shopping cart' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  });
});

describe('cart dialog', () => {
  it('shows three placeholders while the cart loads', async () => {
    mockFetch(() => new Promise(() => {}));
    const { dialog } = await openCart();
    expect(within(dialog).getAllByTestId('cart-loading-placeholder')).toHaveLength(3);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading your cart');
  });

  it('says when the cart is empty', async () => {
    serveCart([]);
    const { dialog } = await openCart();
    expect(await within(dialog).findByText('Your cart is empty')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });

  it('shows whole-rupee unit prices, unrounded line totals and the total', async () => {
    serveCart([
      makeCartLine({ quantity: 2, product: { name: 'RF Detector', price: '1499.75' } }),
      makeCartLine({ quantity: 1, product: { name: 'Faraday Bag', price: '3499.00' } }),
    ]);
    const { dialog } = await openCart();
    const lines = await within(dialog).findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('RF Detector')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('₹1,499 each')).toBeInTheDocument();
    expect(within(lines[0]!).getByTestId('cart-line-total')).toHaveTextContent('₹2,999.5');
    expect(within(lines[1]!).getByText('₹3,499 each')).toBeInTheDocument();
    expect(within(dialog).getByText('Total:')).toBeInTheDocument();
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('₹6,498.5');
    expect(within(dialog).getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled();
    expect(within(dialog).getByRole('list', { name: 'Cart items' })).toHaveClass(
      'max-h-96',
      'overflow-y-auto',
    );
  });

  it('disables decrease at 1, and the quantity buttons while a change is in flight', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    serveCart(
      [makeCartLine({ id: 'l1', quantity: 1, product: { name: 'RF Detector' } })],
      (request, lines) => {
        if (request.method !== 'PUT') return undefined;
        return held.then(() => ({ json: { ...lines[0], quantity: 2 } })) as unknown as MockReply;
      },
    );
    const { user, dialog } = await openCart();
    const decrease = await within(dialog).findByRole('button', { name: 'Decrease quantity of RF Detector' });
    const increase = within(dialog).getByRole('button', { name: 'Increase quantity of RF Detector' });
    expect(decrease).toBeDisabled();
    expect(increase).toBeEnabled();
    await user.click(increase);
    await waitFor(() => expect(increase).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Remove RF Detector from cart' })).toBeEnabled();
    release();
  });

  it('changes a quantity and removes a line, then reads the cart again', async () => {
    const fetchMock = serveCart([
      makeCartLine({ id: 'l1', quantity: 1, product: { name: 'RF Detector', price: '100.00' } }),
      makeCartLine({ id: 'l2', quantity: 1, product: { name: 'Faraday Bag', price: '50.00' } }),
    ]);
    const { user, dialog } = await openCart();
    await user.click(await within(dialog).findByRole('button', { name: 'Increase quantity of RF Detector' }));
    await waitFor(() => expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('₹250'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/cart/l1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ quantity: 2 });

    await user.click(within(dialog).getByRole('button', { name: 'Remove Faraday Bag from cart' }));
    expect(await screen.findByText('Item Removed')).toBeInTheDocument();
    expect(screen.getByText('Item has been removed from your cart.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByTestId('cart-line')).toHaveLength(1));
    // Behind the modal dialog, hidden from assistive technology until it closes.
    expect(
      screen.getByRole('button', { name: 'Open shopping cart, 1 item', hidden: true }),
    ).toBeInTheDocument();
  });

  it('says so when an update or a removal fails', async () => {
    serveCart([makeCartLine({ id: 'l1', quantity: 2, product: { name: 'RF Detector' } })], (request) =>
      request.method === 'PUT' || request.method === 'DELETE'
        ? { status: 500, json: { message: 'Internal error', code: 'INTERNAL' } }
        : undefined,
    );
    const { user, dialog } = await openCart();
    await user.click(await within(dialog).findByRole('button', { name: 'Decrease quantity of RF Detector' }));
    expect(await screen.findByText('Failed to update cart item.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove RF Detector from cart' }));
    expect(await screen.findByText('Failed to remove item from cart.')).toBeInTheDocument();
  });

  it("shows the API's reason when a quantity is refused", async () => {
    serveCart([makeCartLine({ id: 'l1', quantity: 3, product: { name: 'RF Detector' } })], (request) =>
      request.method === 'PUT'
        ? {
            status: 400,
            json: {
              message: 'Only 3 of RF Detector in stock',
              code: 'VALIDATION_FAILED',
              issues: [{ path: 'quantity', message: 'Only 3 of RF Detector in stock' }],
            },
          }
        : undefined,
    );
    const { user, dialog } = await openCart();
    await user.click(await within(dialog).findByRole('button', { name: 'Increase quantity of RF Detector' }));
    expect(await screen.findByText('Only 3 of RF Detector in stock')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update cart item.')).not.toBeInTheDocument();
  });

  it('sends a signed-out user to log in again after a 401', async () => {
    serveCart([makeCartLine({ id: 'l1', quantity: 2, product: { name: 'RF Detector' } })], (request) =>
      request.method === 'DELETE' ? UNAUTHENTICATED : undefined,
    );
    const { user, dialog } = await openCart();
    await user.click(await within(dialog).findByRole('button', { name: 'Remove RF Detector from cart' }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'));
  });
});
