import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@contract/search';
import { GlobalSearch } from '@/features/search/components/global-search';
import { RECENT_SEARCHES_KEY } from '@/features/search/utils/recent-searches';
import { mockFetch, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function result(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    id: 'p1',
    type: 'product',
    title: 'Faraday Signal-Blocking Bag Set',
    description: 'Blocks cellular, GPS and RF signals.',
    url: '/product/p1',
    category: 'Secure Devices',
    tier: 1,
    price: '3499.00',
    ...overrides,
  };
}

const results = [
  result(),
  result({
    id: 'threat',
    type: 'service',
    title: 'Threat Intelligence Briefs',
    description: 'Weekly threat briefs.',
    url: '/digital#threat',
    category: 'threat',
    tier: 1,
    price: null,
  }),
  result({ id: 'p2', title: 'Faraday Phone Pouch', url: '/product/p2', tier: 2, price: '1299.50' }),
];

function serve(search: (q: string) => SearchResult[] = () => results) {
  const clicks: unknown[] = [];
  const fetchMock = mockFetch((request: MockRequest) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/search/trending') return { json: ['drone', 'gps tracker'] };
    if (url.pathname === '/api/search') return { json: search(url.searchParams.get('q') ?? '') };
    if (url.pathname === '/api/search/click' && request.method === 'POST') {
      clicks.push(request.body);
      return { status: 204 };
    }
    return undefined;
  });
  return { fetchMock, clicks };
}

function setup({ path = '/' } = {}) {
  const actor = userEvent.setup();
  const rendered = renderWithProviders(<GlobalSearch />, { path });
  const input = screen.getByRole('combobox', { name: 'Search' });
  return { actor, input, ...rendered };
}

describe('the global search panel', () => {
  it('opens on focus with recent searches (newest first) and trending searches', async () => {
    window.sessionStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['faraday', 'drone']));
    serve();
    const { actor, input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await actor.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['faraday', 'drone']);
    const trending = await screen.findByRole('group', { name: 'Trending' });
    expect(
      within(trending)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['drone', 'gps tracker']);

    // Picking a suggestion searches for it.
    await actor.click(within(trending).getByRole('option', { name: 'gps tracker' }));
    expect(input).toHaveValue('gps tracker');
    expect(await screen.findByRole('listbox', { name: 'Search results' })).toBeInTheDocument();
  });

  it('searches from 2 characters, once typing pauses, and shows each result in full', async () => {
    const { fetchMock } = serve();
    const { actor, input } = setup();
    await actor.type(input, 'f');
    expect(screen.queryByRole('listbox', { name: 'Search results' })).not.toBeInTheDocument();
    await actor.type(input, 'araday');
    const options = await screen.findAllByTestId('search-result');
    expect(options).toHaveLength(3);
    const searches = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/search?'));
    // Debounced: one request for the whole word, not one per key.
    expect(searches.map(([url]) => url)).toEqual(['/api/search?q=faraday']);

    const [product, service, pricey] = options;
    expect(product).toHaveTextContent('Faraday Signal-Blocking Bag Set');
    expect(product).toHaveTextContent('Blocks cellular, GPS and RF signals.');
    expect(product).toHaveTextContent('Product');
    expect(product).toHaveTextContent('Secure Devices');
    expect(product).toHaveTextContent('TIER 1');
    expect(product).toHaveTextContent('₹3,499');
    expect(service).toHaveTextContent('Service');
    expect(service).not.toHaveTextContent('₹');
    expect(pricey).toHaveTextContent('₹1,299.5');
    expect(pricey).toHaveTextContent('TIER 2');
  });

  it('says when nothing was found', async () => {
    serve(() => []);
    const { actor, input } = setup();
    await actor.type(input, 'xyz');
    expect(await screen.findByText('No results found for "xyz"')).toBeInTheDocument();
  });

  it('moves through results with the arrow keys and opens one with Enter', async () => {
    const { clicks } = serve();
    const { actor, input, location } = setup({ path: '/marketplace' });
    await actor.type(input, 'faraday');
    const options = await screen.findAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await actor.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await actor.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last, back to the first; up from the first, the last.
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await actor.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await actor.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');

    await actor.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe('/digital#threat');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('');
    await waitFor(() => expect(clicks).toEqual([{ query: 'faraday', resultId: 'threat', type: 'service' }]));
    expect(JSON.parse(window.sessionStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['faraday']);
  });

  it('opens a clicked result, even when recording the click fails', async () => {
    mockFetch(({ url }) => {
      if (url.startsWith('/api/search/trending')) return { json: [] };
      if (url.startsWith('/api/search?')) return { json: results };
      if (url === '/api/search/click') return { status: 500, json: { message: 'x', code: 'INTERNAL' } };
      return undefined;
    });
    const { actor, input, location } = setup();
    await actor.type(input, 'faraday');
    await actor.click(await screen.findByRole('option', { name: /Faraday Phone Pouch/ }));
    expect(location.history.at(-1)).toBe('/product/p2');
    expect(screen.queryByTestId('search-panel')).not.toBeInTheDocument();
  });

  it('shows the results of an older text dimmed and busy, and does not open them, while the next ones load', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockFetch(async ({ url }) => {
      if (url.startsWith('/api/search/trending')) return { json: [] };
      if (url.startsWith('/api/search?')) {
        const q = new URL(url, 'http://localhost').searchParams.get('q');
        if (q === 'faraday') return { json: results };
        await held;
        return { json: [result({ id: 'p9', title: 'Faraday Tent', url: '/product/p9' })] };
      }
      return { status: 204 };
    });
    const { actor, input, location } = setup({ path: '/marketplace' });
    await actor.type(input, 'faraday');
    const old = await screen.findByRole('option', { name: /Faraday Phone Pouch/ });
    expect(old).not.toHaveAttribute('aria-disabled');

    await actor.type(input, ' tent');
    await waitFor(() =>
      expect(screen.getByRole('listbox', { name: 'Search results' })).toHaveAttribute('aria-busy', 'true'),
    );
    expect(screen.getByRole('option', { name: /Faraday Phone Pouch/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await actor.click(screen.getByRole('option', { name: /Faraday Phone Pouch/ }));
    await actor.keyboard('{ArrowDown}{Enter}');
    expect(location.history.at(-1)).toBe('/marketplace');
    expect(screen.getByTestId('search-panel')).toBeInTheDocument();

    act(() => release());
    const fresh = await screen.findByRole('option', { name: /Faraday Tent/ });
    expect(screen.getByRole('listbox', { name: 'Search results' })).toHaveAttribute('aria-busy', 'false');
    expect(fresh).not.toHaveAttribute('aria-disabled');
    await actor.click(fresh);
    expect(location.history.at(-1)).toBe('/product/p9');
  });

  it('closes on Escape, on a click outside and with the clear button', async () => {
    serve();
    const { actor, input } = setup();
    await actor.type(input, 'faraday');
    await screen.findAllByTestId('search-result');

    await actor.keyboard('{Escape}');
    expect(screen.queryByTestId('search-panel')).not.toBeInTheDocument();
    expect(input).toHaveValue('faraday');

    await actor.keyboard('{ArrowDown}');
    expect(screen.getByTestId('search-panel')).toBeInTheDocument();
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(screen.queryByTestId('search-panel')).not.toBeInTheDocument();

    await actor.click(input);
    expect(screen.getByTestId('search-panel')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(screen.queryByTestId('search-panel')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });
});
