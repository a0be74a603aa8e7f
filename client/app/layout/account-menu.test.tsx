import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/auth';
import type { ReviewCounts } from '@contract/review';
import { AppLayout } from '@/app/layout/app-layout';
import { mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const director: User = { ...testUser, tier: 4, effectiveTier: 4 };
const counts: ReviewCounts = {
  payments: 2,
  upgrades: 1,
  secureChannel: 0,
  vendorApplications: 3,
  vendorProducts: 1,
};

/** Signed in as `user`; the review counts answer with each of `answers` in turn (the last one again). */
function signedIn(user: User, answers: ReviewCounts[] = [counts]) {
  let calls = 0;
  return mockFetch(({ url }) => {
    if (url === '/api/auth/user') return { json: user };
    if (url === '/api/review/counts') {
      if (user.tier < 4) return { status: 403, json: { message: 'Tier 4 required', code: 'TIER_REQUIRED' } };
      return { json: answers[Math.min(calls++, answers.length - 1)] };
    }
    if (url === '/api/cart' || url === '/api/notifications') return { json: [] };
    return undefined;
  });
}

function renderLayout(path = '/') {
  return renderWithProviders(
    <AppLayout>
      <h1>Page</h1>
    </AppLayout>,
    { path },
  );
}

const linkNames = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

describe('account menu (desktop)', () => {
  it("gives a Director every screen and a Review entry with each queue's count, linked to its queue", async () => {
    const fetchMock = signedIn(director);
    renderLayout();
    const button = await screen.findByRole('button', { name: 'Account menu, 7 waiting for review' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const menu = screen.getByRole('navigation', { name: 'Account' });
    const review = within(menu).getByRole('list', { name: 'Review' });
    expect(linkNames(review)).toEqual([
      'Pending payments, 2 waiting',
      'Tier 4 upgrades, 1 waiting',
      'Secure channel requests, nothing waiting',
      'Vendor applications, 3 waiting',
      'Vendor products, 1 waiting',
    ]);
    const href = (name: string) => within(review).getByRole('link', { name }).getAttribute('href');
    expect(href('Pending payments, 2 waiting')).toBe('/payments?tab=approvals');
    expect(href('Tier 4 upgrades, 1 waiting')).toBe('/payments?tab=approvals');
    expect(href('Secure channel requests, nothing waiting')).toBe(
      '/secure-channel#secure-channel-reviews-heading',
    );
    expect(href('Vendor applications, 3 waiting')).toBe('/vendor#vendor-review-queue-heading');
    expect(href('Vendor products, 1 waiting')).toBe('/vendor#vendor-review-queue-heading');
    expect(within(menu).getByText('7 waiting in all.')).toBeInTheDocument();

    expect(linkNames(within(menu).getByRole('list', { name: 'Workspace' }))).toEqual([
      'Dashboard',
      'Cases',
      'My investigation requests',
      'My orders',
      'Order queue',
      'Payments',
      'Organisation',
      'Vendor portal',
      'Mobile & Integrations',
      'AI & Enterprise',
      'Secure channel request',
      'Audit Trail',
    ]);
    expect(within(menu).getByRole('link', { name: 'AI & Enterprise' })).toHaveAttribute('href', '/ai');
    expect(within(menu).getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('href', '/audit');
    expect(within(menu).getByRole('link', { name: 'My investigation requests' })).toHaveAttribute(
      'href',
      '/investigations#my-investigations-heading',
    );
    expect(linkNames(within(menu).getByRole('list', { name: 'Settings' }))).toEqual([
      'Security',
      'Profile',
      'Analytics',
      'Preferences',
      'Privacy',
    ]);
    expect(within(menu).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'href',
      '/settings?tab=analytics',
    );
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/review/counts')).toBe(true);
  });

  it('gives a member the screens but no Review, no counts and no audit trail, and never asks for counts', async () => {
    const fetchMock = signedIn({ ...testUser, tier: 2, effectiveTier: 2 });
    renderLayout();
    const button = await screen.findByRole('button', { name: 'Account menu' });
    await userEvent.click(button);
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).queryByRole('list', { name: 'Review' })).not.toBeInTheDocument();
    expect(within(menu).queryByText(/waiting/)).not.toBeInTheDocument();
    expect(within(menu).queryByTestId('review-total')).not.toBeInTheDocument();
    expect(linkNames(within(menu).getByRole('list', { name: 'Workspace' }))).toEqual([
      'Dashboard',
      'Cases',
      'My investigation requests',
      'My orders',
      'Payments',
      'Organisation',
      'Vendor portal',
      'Mobile & Integrations',
      'AI & Enterprise',
      'Secure channel request',
    ]);
    expect(linkNames(within(menu).getByRole('list', { name: 'Settings' }))).toEqual([
      'Security',
      'Profile',
      'Preferences',
      'Privacy',
    ]);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/review/counts')).toBe(false);
  });

  it('reads the counts again each time it opens', async () => {
    signedIn(director, [counts, { ...counts, payments: 0, vendorApplications: 0 }]);
    renderLayout();
    const button = await screen.findByRole('button', { name: 'Account menu, 7 waiting for review' });
    await userEvent.click(button);
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(
      await within(menu).findByRole('link', { name: 'Pending payments, nothing waiting' }),
    ).toBeVisible();
    expect(within(menu).getByText('2 waiting in all.')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Account menu, 2 waiting for review');
  });

  it('reads the counts again on a new page, so the total follows what was decided', async () => {
    const fetchMock = signedIn(director, [counts, { ...counts, payments: 0 }]);
    const { location } = renderLayout();
    await screen.findByRole('button', { name: 'Account menu, 7 waiting for review' });
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/review/counts').length;
    expect(calls()).toBe(1);
    act(() => location.navigate('/payments'));
    expect(await screen.findByRole('button', { name: 'Account menu, 5 waiting for review' })).toBeVisible();
    expect(calls()).toBe(2);
  });

  it('closes on Escape with the focus back on its button, and on a followed link', async () => {
    signedIn(director);
    const { location } = renderLayout();
    const button = await screen.findByRole('button', { name: /^Account menu/ });
    await userEvent.click(button);
    await userEvent.keyboard('{ArrowDown}');
    const menu = screen.getByRole('navigation', { name: 'Account' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'Vendor products, 1 waiting' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Pending payments, 2 waiting' }));
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/payments?tab=approvals');
  });
});

describe('mobile menu', () => {
  it("keeps the spec's items first and adds the rest, with a Director's review counts", async () => {
    signedIn(director);
    renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    const links = linkNames(menu);
    expect(links.slice(0, 4)).toEqual(['Home', 'Digital Services', 'Marketplace', 'Dashboard']);
    expect(links.at(-1)).toBe('Logout');
    for (const name of [
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
      'Audit Trail',
      'Security',
      'Analytics',
      'Pending payments, 2 waiting',
      'Vendor applications, 3 waiting',
    ])
      expect(links, name).toContain(name);
    // Each screen once.
    expect(new Set(links).size).toBe(links.length);
  });

  it('gives a member no review entries and asks for no counts', async () => {
    const fetchMock = signedIn({ ...testUser, tier: 1, effectiveTier: 1 });
    renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(menu).queryByRole('list', { name: 'Review' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'AI & Enterprise' })).toHaveAttribute('href', '/ai');
    expect(within(menu).queryByRole('link', { name: 'Audit Trail' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/review/counts')).toBe(false);
  });
});

describe('search on small screens', () => {
  it('opens the search in a row of its own, with the focus in it, and closes it again', async () => {
    signedIn({ ...testUser, tier: 1, effectiveTier: 1 });
    renderLayout();
    const open = await screen.findByRole('button', { name: 'Open search' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    const row = document.getElementById('mobile-search')!;
    await waitFor(() => expect(within(row).getByRole('combobox', { name: 'Search' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(document.getElementById('mobile-search')).toBeNull();
  });
});
