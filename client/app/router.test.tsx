import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRouter } from '@/app/router';
import { mockFetch, testUser, UNAUTHENTICATED } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function signedOut() {
  return mockFetch(({ url }) => (url === '/api/auth/user' ? UNAUTHENTICATED : undefined));
}

function signedIn(user = testUser) {
  return mockFetch(({ url }) => (url === '/api/auth/user' ? { json: user } : undefined));
}

const memberOnlyPaths = [
  '/ai',
  '/dashboard',
  '/payments',
  '/cases',
  '/product/42',
  '/settings',
  '/mobile',
  '/vendor',
];
const sharedPaths = [
  ['/investigations', 'Investigation Services'],
  ['/blog', 'Intelligence Briefings'],
  ['/team', 'Leadership Team'],
  ['/admin/link-form', 'Team Link Form'],
  ['/forgot-password', 'Reset your password'],
  ['/reset-password?token=abc', 'Choose a new password'],
  ['/verify-email', 'Verify your e-mail address'],
] as const;

describe('router, signed out', () => {
  it('shows the not-found page for an unknown path, with a link home', async () => {
    signedOut();
    renderWithProviders(<AppRouter />, { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it.each(memberOnlyPaths)('gives a signed-out visitor a 404 at %s', async (path) => {
    signedOut();
    renderWithProviders(<AppRouter />, { path });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('keeps the query of a signed-in-only link for after signing in (mail links to /settings?tab=...)', async () => {
    signedOut();
    renderWithProviders(<AppRouter />, { path: '/settings?tab=preferences' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    // The page's own link and the header's: both come back here.
    for (const link of screen.getAllByRole('link', { name: 'Sign in' })) {
      expect(link).toHaveAttribute('href', '/login?returnTo=%2Fsettings%3Ftab%3Dpreferences');
    }
  });

  it("comes back from the header's Sign in to the page it was on, but not to a sent link's page", async () => {
    signedOut();
    const blog = renderWithProviders(<AppRouter />, { path: '/blog?category=threats' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?returnTo=%2Fblog%3Fcategory%3Dthreats',
    );
    blog.unmount();
    renderWithProviders(<AppRouter />, { path: '/reset-password?token=abc' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it.each(sharedPaths)('lets everyone reach %s (%s)', async (path, title) => {
    signedOut();
    renderWithProviders(<AppRouter />, { path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('shows the landing page with its buttons and cards at /', async () => {
    signedOut();
    renderWithProviders(<AppRouter />, { path: '/' });
    const hero = await screen.findByRole('link', { name: 'Access Digital Services' });
    expect(hero).toHaveAttribute('href', '/digital');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(within(main).getByRole('link', { name: 'Investigations' })).toHaveAttribute(
      'href',
      '/investigations',
    );
    expect(screen.getByRole('heading', { name: 'Digital Intelligence Hub' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Access Digital Tools' })).toHaveAttribute('href', '/digital');
    expect(screen.getByRole('heading', { name: 'Tactical Marketplace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Catalog' })).toHaveAttribute('href', '/marketplace');
  });

  it('shows the public links, Sign in going to /login and a Request Access button going to /api/login', async () => {
    signedOut();
    renderWithProviders(<AppRouter />, { path: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Digital Services', 'Marketplace', 'Investigations', 'Intel Blog', 'Team']);
    expect(screen.getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', '/api/login');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/^TIER \d$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cart' })).not.toBeInTheDocument();
  });

  it('reaches the marketplace, with no cart and no cart call', async () => {
    const fetchMock = mockFetch(({ url }) => {
      if (url === '/api/auth/user') return UNAUTHENTICATED;
      if (url.startsWith('/api/products?')) return { json: [], headers: { 'X-Total-Count': '0' } };
      if (url === '/api/categories') return { json: [] };
      return undefined;
    });
    renderWithProviders(<AppRouter />, { path: '/marketplace' });
    expect(await screen.findByRole('heading', { name: 'Tactical Marketplace' })).toBeInTheDocument();
    expect(await screen.findByText('0 items found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Open shopping cart/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/cart')).toBe(false);
  });

  it('shows the footer links', async () => {
    signedOut();
    renderWithProviders(<AppRouter />, { path: '/' });
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/digital');
    // The dashboard is for members: a signed-out visitor signs in first, then lands there.
    expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      '/login?returnTo=%2Fdashboard',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/security');
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Intel Portal. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('opens the footer pages for a signed-out visitor', async () => {
    signedOut();
    const user = userEvent.setup();
    renderWithProviders(<AppRouter />, { path: '/' });
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    for (const [name, heading] of [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Security', 'Security'],
    ] as const) {
      await user.click(within(footer).getByRole('link', { name }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
    }
  });

  it('treats a failed user call as signed out', async () => {
    mockFetch(() => ({ status: 500, statusText: 'Internal Server Error' }));
    renderWithProviders(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'Request Access' })).toBeInTheDocument();
  });

  it('shows only a spinner while it does not know who the visitor is', async () => {
    const fetchMock = mockFetch(() => new Promise(() => {}));
    renderWithProviders(<AppRouter />, { path: '/dashboard' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('router, signed in', () => {
  it('shows the tier badge, member links, cart and logout in the navigation', async () => {
    signedIn();
    renderWithProviders(<AppRouter />, { path: '/' });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('TIER 2')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Home',
      'Digital Services',
      'Marketplace',
      'Investigations',
      'Intel Blog',
      'Team',
      'Dashboard',
      'Vendor',
      'Settings',
    ]);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/marketplace');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');
    expect(screen.queryByRole('link', { name: 'Request Access' })).not.toBeInTheDocument();
  });

  it('shows a home screen of its own, with the real name and tier and no landing hero', async () => {
    signedIn();
    renderWithProviders(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Reyes' })).toBeInTheDocument();
    expect(screen.getByText('agent@example.com')).toBeInTheDocument();
    expect(screen.getByText('Operator')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Mission Control/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Access Digital Services' })).not.toBeInTheDocument();
  });

  it('greets by email when the user gave no name', async () => {
    signedIn({ ...testUser, firstName: null, lastName: null, tier: 4, effectiveTier: 4 });
    renderWithProviders(<AppRouter />, { path: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, agent@example.com' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('TIER 4').length).toBeGreaterThan(0);
  });

  it.each([
    ['/settings', 'Settings'],
    ['/mobile', 'Mobile & Integrations'],
    ['/vendor', 'Vendor Portal'],
    ['/dashboard', 'Mission Control'],
    ['/payments', 'Payments'],
    ['/cases', 'Cases'],
    ['/ai', 'AI & Enterprise'],
  ])('reaches %s', async (path, heading) => {
    signedIn();
    renderWithProviders(<AppRouter />, { path });
    // A lazy page's first import (the /ai page brings the chart library) can take seconds on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('reaches a product page', async () => {
    signedIn();
    renderWithProviders(<AppRouter />, { path: '/product/42' });
    // The mock knows no products: the product page itself says so, not the router.
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
  });

  it('shows the floating cart and the number of cart lines on the cart icon', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/auth/user') return { json: testUser };
      if (url === '/api/cart')
        return {
          json: [
            { id: 'a', quantity: 4 },
            { id: 'b', quantity: 1 },
          ],
        };
      return undefined;
    });
    renderWithProviders(<AppRouter />, { path: '/' });
    const cartLink = await screen.findByRole('link', { name: 'Cart, 2 items' });
    expect(cartLink).toHaveAttribute('href', '/marketplace');
    expect(within(cartLink).getByTestId('cart-count')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Open shopping cart, 2 items' })).toBeInTheDocument();
  });

  it('still shows 404 for unknown paths', async () => {
    signedIn();
    renderWithProviders(<AppRouter />, { path: '/dashboard/extra' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('marks the current section in the navigation', async () => {
    signedIn();
    renderWithProviders(<AppRouter />, { path: '/digital' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Digital Services' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

describe('mobile menu', () => {
  it("opens and closes: the spec's list with Dashboard first, every other screen after it, Logout last", async () => {
    const user = userEvent.setup();
    signedIn();
    renderWithProviders(<AppRouter />, { path: '/' });
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    const names = (scope: HTMLElement) =>
      within(scope)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(names(within(menu).getAllByRole('list')[0]!)).toEqual([
      'Home',
      'Digital Services',
      'Marketplace',
      'Dashboard',
    ]);
    expect(names(menu)).toEqual([
      'Home',
      'Digital Services',
      'Marketplace',
      'Dashboard',
      'Investigations',
      'Intel Blog',
      'Team',
      'Cases',
      'My investigation requests',
      'My orders',
      'Payments',
      'Organisation',
      'Vendor portal',
      'Mobile & Integrations',
      'AI & Enterprise',
      'Secure channel request',
      'Security',
      'Profile',
      'Preferences',
      'Privacy',
      'Logout',
    ]);
    expect(within(menu).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('offers Sign in, Request Access and no Dashboard when signed out, and closes on navigation or Escape', async () => {
    const user = userEvent.setup();
    signedOut();
    const { location } = renderWithProviders(<AppRouter />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    let menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Home',
      'Digital Services',
      'Marketplace',
      'Investigations',
      'Intel Blog',
      'Team',
      'Secure Channel',
      'Sign in',
      'Request Access',
    ]);
    expect(within(menu).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', '/api/login');

    await user.click(within(menu).getByRole('link', { name: 'Marketplace' }));
    expect(location.history.at(-1)).toBe('/marketplace');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    menu = await screen.findByRole('navigation', { name: 'Mobile' });
    await user.keyboard('{Escape}');
    expect(menu).not.toBeInTheDocument();
  });
});
