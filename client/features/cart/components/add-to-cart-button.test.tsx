import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartQueryKey } from '@/features/cart/api/get-cart';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { makeProduct } from '@/test/catalog-fixtures';
import { mockFetch, UNAUTHENTICATED } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const tier2 = { tier: 2 };

describe('AddToCartButton labels', () => {
  it('signed out: "Add to Cart" goes to /api/login, coming back to the marketplace as it was', () => {
    mockFetch(() => undefined);
    renderWithProviders(<AddToCartButton product={makeProduct()} user={null} />, {
      path: '/marketplace?stock=in-stock',
    });
    const link = screen.getByRole('link', { name: 'Add to Cart' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/login');
    expect(href.searchParams.get('returnTo')).toBe('/marketplace?stock=in-stock');
  });

  it('tier below the minimum: disabled "Tier N Required", even when out of stock', () => {
    mockFetch(() => undefined);
    renderWithProviders(
      <AddToCartButton product={makeProduct({ minimumTier: 3, inStock: false })} user={tier2} />,
    );
    expect(screen.getByRole('button', { name: 'Tier 3 Required' })).toBeDisabled();
  });

  it('tier fine but out of stock: disabled "Notify When Available"', () => {
    mockFetch(() => undefined);
    renderWithProviders(
      <AddToCartButton
        product={makeProduct({ minimumTier: 2, inStock: false, stockCount: 0 })}
        user={tier2}
      />,
    );
    expect(screen.getByRole('button', { name: 'Notify When Available' })).toBeDisabled();
  });

  it('otherwise adds one unit, refreshes the cart and says so', async () => {
    const product = makeProduct({ minimumTier: 2 });
    let cartReads = 0;
    const fetchMock = mockFetch(({ method, url }) => {
      if (method === 'POST' && url === '/api/cart') return { status: 201, json: { id: 'l1', quantity: 1 } };
      if (url === '/api/cart') {
        cartReads += 1;
        return { json: [] };
      }
      return undefined;
    });
    const { queryClient } = renderWithProviders(<AddToCartButton product={product} user={tier2} />);
    // Someone is watching the cart (the floating button): it must be read again after the add.
    void queryClient.fetchQuery({ queryKey: cartQueryKey });
    await waitFor(() => expect(cartReads).toBe(1));

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to Cart')).toBeInTheDocument();
    // The same words as the product page's form says (one unit here).
    expect(screen.getByText(`1 × ${product.name} added to your cart.`)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/cart');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ productId: product.id, quantity: 1 });
    expect(queryClient.getQueryState(cartQueryKey)?.isInvalidated).toBe(true);
  });
});

describe('AddToCartButton failures', () => {
  it('on 401 says the user is logged out and goes to /api/login after 500 ms', async () => {
    mockFetch(({ method }) => (method === 'POST' ? UNAUTHENTICATED : undefined));
    renderWithProviders(<AddToCartButton product={makeProduct()} user={tier2} />);
    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(loginRedirect).not.toHaveBeenCalled();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it("shows the API's reason for a refusal the person can act on", async () => {
    mockFetch(({ method }) =>
      method === 'POST'
        ? { status: 409, json: { message: 'Professional RF Detector is out of stock', code: 'OUT_OF_STOCK' } }
        : undefined,
    );
    renderWithProviders(<AddToCartButton product={makeProduct()} user={tier2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Professional RF Detector is out of stock')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('falls back to the generic text for a server fault', async () => {
    mockFetch(({ method }) =>
      method === 'POST' ? { status: 500, json: { message: 'Internal error', code: 'INTERNAL' } } : undefined,
    );
    renderWithProviders(<AddToCartButton product={makeProduct()} user={tier2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Failed to add item to cart. Please try again.')).toBeInTheDocument();
    expect(loginRedirect).not.toHaveBeenCalled();
  });
});
