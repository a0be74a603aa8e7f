import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TeamPage } from '@/features/team/components/team-page';
import { teamPage } from '@/features/team/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { formatDate } from '@/lib/format';
import { renderWithProviders } from '@/test/render';

describe('the team page', () => {
  it("shows both dossiers with today's date, verified links, the advisors and the notice", async () => {
    mockFetch(({ url }) => (url === '/api/team' ? { json: teamPage } : undefined));
    const today = new Date('2026-11-23T09:00:00Z');
    renderWithProviders(<TeamPage today={today} />);

    const dossiers = await screen.findAllByTestId('personnel-dossier');
    expect(dossiers).toHaveLength(2);
    const kabir = dossiers[0]!;
    expect(within(kabir).getByRole('heading', { name: 'Kabir Raghunathan' })).toBeInTheDocument();
    expect(within(kabir).getByText('CLASSIFIED - NEED TO KNOW')).toBeInTheDocument();
    expect(within(kabir).getByText('LEVEL 4 - DIRECTOR')).toBeInTheDocument();
    expect(within(kabir).getByText('21')).toBeInTheDocument();
    expect(within(kabir).getByText('Executive Protection')).toBeInTheDocument();
    expect(
      within(kabir).getByText('Directed a 14-month procurement-fraud investigation'),
    ).toBeInTheDocument();
    const links = within(kabir).getAllByTestId('dossier-link');
    expect(links).toHaveLength(2);
    for (const link of links) expect(within(link).getByText('Verified')).toBeInTheDocument();
    expect(within(kabir).getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/kabir',
    );
    for (const dossier of dossiers) {
      expect(dossier).toHaveTextContent(`Last updated: ${formatDate(today)}`);
    }

    expect(screen.getAllByTestId('advisor')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Strategic Advisors' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Classification notice' })).toHaveTextContent(
      teamPage.classificationNotice,
    );
  });
});
