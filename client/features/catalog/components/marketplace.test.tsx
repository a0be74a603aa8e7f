import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '@contract/catalog';
import { AppRouter } from '@/app/router';
import { categories, makeProduct } from '@/test/catalog-fixtures';
import { mockFetch, testUser, UNAUTHENTICATED, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const catalogue: Product[] = Array.from({ length: 30 }, (_, index) =>
  makeProduct({ name: `Item ${String(index + 1).padStart(2, '0')}` }),
);

/** Serves the catalogue (paged by limit/offset, total in X-Total-Count) and records each products URL. */
function serve({ signedIn = false, products = catalogue } = {}) {
  const productRequests: string[] = [];
  const fetchMock = mockFetch(({ url }: MockRequest) => {
    if (url === '/api/auth/user') return signedIn ? { json: testUser } : UNAUTHENTICATED;
    if (url === '/api/categories') return { json: categories };
    if (url === '/api/cart') return { json: [] };
    if (url.startsWith('/api/products?')) {
      productRequests.push(url);
      const params = new URL(url, 'http://localhost').searchParams;
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      return {
        json: products.slice(offset, offset + limit),
        headers: { 'X-Total-Count': String(products.length) },
      };
    }
    return undefined;
  });
  return { fetchMock, productRequests };
}

function searchOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

async function openMarketplace(path = '/marketplace', options: Parameters<typeof serve>[0] = {}) {
  const served = serve(options);
  const user = userEvent.setup();
  const rendered = renderWithProviders(<AppRouter />, { path });
  await screen.findByRole('heading', { name: 'Tactical Marketplace' });
  return { user, ...served, ...rendered };
}

describe('marketplace', () => {
  it('shows the items-found count from X-Total-Count and 24 cards, then loads more', async () => {
    const { user, productRequests } = await openMarketplace();
    expect(await screen.findByText('30 items found')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(24);
    expect(searchOf(productRequests[0]!)).toEqual({ limit: '24', offset: '0' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(30));
    expect(searchOf(productRequests.at(-1)!)).toEqual({ limit: '24', offset: '24' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends the filters of the address to the server and shows them in the controls', async () => {
    const { productRequests } = await openMarketplace(
      '/marketplace?q=rf&category=counter-surveillance&tier=2&stock=in-stock&sort=price-low&view=list',
    );
    await screen.findByText('30 items found');
    expect(searchOf(productRequests[0]!)).toEqual({
      q: 'rf',
      category: 'counter-surveillance',
      tier: '2',
      stock: 'in-stock',
      sort: 'price-low',
      limit: '24',
      offset: '0',
    });
    expect(screen.getByRole('searchbox', { name: 'Search equipment' })).toHaveValue('rf');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('counter-surveillance'));
    expect(screen.getByLabelText('Tier')).toHaveValue('2');
    expect(screen.getByLabelText('Stock')).toHaveValue('in-stock');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-low');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers every tier of the tier catalogue in the tier filter, and reads tier 3 from the address', async () => {
    const { productRequests } = await openMarketplace('/marketplace?tier=3');
    await screen.findByText('30 items found');
    expect(
      within(screen.getByLabelText('Tier'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All tiers', 'Tier 1', 'Tier 2', 'Tier 3', 'Tier 4']);
    expect(screen.getByLabelText('Tier')).toHaveValue('3');
    expect(searchOf(productRequests[0]!)).toMatchObject({ tier: '3' });
  });

  it('puts each control into the address and the request, and clears them all', async () => {
    const { user, productRequests, location } = await openMarketplace();
    await screen.findByText('30 items found');
    await waitFor(() =>
      expect(within(screen.getByLabelText('Category')).getAllByRole('option')).toHaveLength(3),
    );

    await user.selectOptions(screen.getByLabelText('Category'), 'surveillance-audio');
    await user.selectOptions(screen.getByLabelText('Tier'), 'Tier 1');
    await user.selectOptions(screen.getByLabelText('Stock'), 'out-of-stock');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: High to Low');
    await waitFor(() =>
      expect(searchOf(productRequests.at(-1)!)).toEqual({
        category: 'surveillance-audio',
        tier: '1',
        stock: 'out-of-stock',
        sort: 'price-high',
        limit: '24',
        offset: '0',
      }),
    );
    expect(location.history.at(-1)).toBe(
      '/marketplace?category=surveillance-audio&tier=1&stock=out-of-stock&sort=price-high',
    );

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(location.history.at(-1)).toContain('view=list');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location.history.at(-1)).toBe('/marketplace?view=list');
    // The unfiltered first page is still in the cache: it shows again without asking the server.
    expect(await screen.findAllByTestId('product-card')).toHaveLength(24);
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('default');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('searches once typing pauses', async () => {
    const { user, productRequests, location } = await openMarketplace();
    await screen.findByText('30 items found');
    await user.type(screen.getByRole('searchbox', { name: 'Search equipment' }), 'rf detector');
    await waitFor(() => expect(searchOf(productRequests.at(-1)!).q).toBe('rf detector'));
    // One request for the whole phrase, not one per key.
    expect(productRequests.filter((url) => searchOf(url).q !== undefined)).toHaveLength(1);
    expect(location.history.at(-1)).toBe('/marketplace?q=rf+detector');
    expect(screen.getByRole('searchbox', { name: 'Search equipment' })).toHaveValue('rf detector');
  });

  it('shows "No Equipment Found" when nothing matches', async () => {
    await openMarketplace('/marketplace?q=nothing', { products: [] });
    expect(await screen.findByRole('heading', { name: 'No Equipment Found' })).toBeInTheDocument();
    expect(screen.getByText('0 items found')).toBeInTheDocument();
  });

  it('gives signed-out visitors no product links, and an add button that signs in', async () => {
    await openMarketplace('/marketplace', { products: catalogue.slice(0, 2) });
    const [card] = await screen.findAllByTestId('product-card');
    expect(within(card!).queryByRole('link', { name: 'Item 01' })).not.toBeInTheDocument();
    expect(within(card!).getByText('Item 01')).toBeInTheDocument();
    expect(within(card!).getByText('TIER 1')).toBeInTheDocument();
    expect(within(card!).getByText('IN STOCK')).toBeInTheDocument();
    expect(within(card!).getByText('₹45,999')).toBeInTheDocument();
    expect(within(card!).getByText('Counter-Surveillance')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'Add to Cart' }).getAttribute('href')).toMatch(
      /^\/api\/login\?returnTo=/,
    );
  });

  it('links each card to its product page for signed-in users', async () => {
    await openMarketplace('/marketplace', { signedIn: true, products: catalogue.slice(0, 2) });
    const link = await screen.findByRole('link', { name: 'Item 01' });
    expect(link).toHaveAttribute('href', `/product/${catalogue[0]!.id}`);
    expect(screen.getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(2);
  });
});
