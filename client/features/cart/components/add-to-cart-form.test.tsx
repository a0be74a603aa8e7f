import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToCartForm } from '@/features/cart/components/add-to-cart-form';
import { makeProduct } from '@/test/catalog-fixtures';
import { mockFetch, UNAUTHENTICATED } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const user1 = { tier: 1 };

function setup(product = makeProduct({ stockCount: null })) {
  const fetchMock = mockFetch(({ method }) =>
    method === 'POST' ? { status: 201, json: { id: 'l1', quantity: 1 } } : undefined,
  );
  const user = userEvent.setup();
  renderWithProviders(<AddToCartForm product={product} user={user1} />);
  const input = screen.getByLabelText('Quantity');
  const postedQuantity = () => {
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    return (JSON.parse(String(post?.[1]?.body)) as { quantity: number }).quantity;
  };
  return { user, input, product, fetchMock, postedQuantity };
}

describe('product page quantity', () => {
  it('turns non-numeric input into 1', async () => {
    const { user, input } = setup();
    await user.clear(input);
    await user.type(input, 'abc');
    await user.tab();
    expect(input).toHaveValue('1');
  });

  it('starts at 1 with decrease disabled, steps with plus and minus, and sends the quantity', async () => {
    const { user, input, product, postedQuantity } = setup();
    expect(input).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to Cart')).toBeInTheDocument();
    expect(screen.getByText(`2 × ${product.name} added to your cart.`)).toBeInTheDocument();
    expect(postedQuantity()).toBe(2);
  });

  it('keeps typed numbers between 1 and 99 (or the stock when fewer are left)', async () => {
    const { user, input } = setup();
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(input).toHaveValue('1');
    await user.clear(input);
    await user.type(input, '250');
    expect(input).toHaveValue('25');
    await user.clear(input);
    await user.type(input, '99');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('never goes above the stock left', async () => {
    const { user, input } = setup(makeProduct({ stockCount: 4 }));
    await user.clear(input);
    await user.type(input, '12');
    await user.tab();
    expect(input).toHaveValue('4');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('adds 1 when the field was left with letters in it', async () => {
    const { user, input, postedQuantity } = setup();
    await user.clear(input);
    await user.type(input, 'x');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Added to Cart');
    expect(postedQuantity()).toBe(1);
  });
});

describe('product page add button', () => {
  it('is disabled when not signed in', () => {
    mockFetch(() => undefined);
    renderWithProviders(<AddToCartForm product={makeProduct()} user={null} />);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('is disabled with the tier it needs when the tier is too low', () => {
    mockFetch(() => undefined);
    renderWithProviders(<AddToCartForm product={makeProduct({ minimumTier: 2 })} user={user1} />);
    expect(screen.getByRole('button', { name: 'Tier 2 Required' })).toBeDisabled();
  });

  it('asks to log in on a 401, then goes to /api/login', async () => {
    mockFetch(({ method }) => (method === 'POST' ? UNAUTHENTICATED : undefined));
    renderWithProviders(<AddToCartForm product={makeProduct()} user={user1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to add items to cart.')).toBeInTheDocument();
    await vi.waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'));
  });

  it('says "Failed to add item to cart" on a server fault', async () => {
    mockFetch(({ method }) => (method === 'POST' ? { status: 503, statusText: 'Unavailable' } : undefined));
    renderWithProviders(<AddToCartForm product={makeProduct()} user={user1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Failed to add item to cart')).toBeInTheDocument();
  });
});
