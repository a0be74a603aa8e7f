import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRouter } from '@/app/router';
import { makeService, tier2Service } from '@/features/digital-services/test-fixtures';
import { mockFetch, testUser, UNAUTHENTICATED } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function serve(user: typeof testUser | null) {
  return mockFetch(({ url }) => {
    if (url === '/api/auth/user') return user ? { json: user } : UNAUTHENTICATED;
    if (url === '/api/digital-services') return { json: [makeService(), tier2Service] };
    if (url === '/api/service-inquiries') return { json: [] };
    return undefined;
  });
}

describe('/digital', () => {
  it('shows the suite to a signed-out visitor, with the top-bar search', async () => {
    serve(null);
    renderWithProviders(<AppRouter />, { path: '/digital' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Digital Intelligence Services' }),
    ).toBeInTheDocument();
    expect(await screen.findAllByTestId('service-card')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Inquiries' })).not.toBeInTheDocument();
  });

  it("shows a signed-in user's clearance and inquiries", async () => {
    serve({ ...testUser, tier: 2, effectiveTier: 2 });
    renderWithProviders(<AppRouter />, { path: '/digital' });
    expect(await screen.findByRole('heading', { name: 'My Inquiries' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Operator')).toBeInTheDocument();
    expect(await screen.findAllByTestId('service-card')).toHaveLength(2);
    expect(screen.queryByText('CLASSIFIED')).not.toBeInTheDocument();
  });
});
