import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { DigitalServices } from '@/features/digital-services/components/digital-services';
import { goTo } from '@/features/digital-services/utils/navigation';
import {
  makeInquiry,
  makeService,
  tier2Service,
  tier3Service,
} from '@/features/digital-services/test-fixtures';
import { mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

vi.mock('@/features/digital-services/utils/navigation', () => ({ goTo: vi.fn() }));

beforeEach(() => vi.mocked(goTo).mockClear());

const tier1User: User = { ...testUser, tier: 1, effectiveTier: 1 };
const services = [tier3Service, makeService(), tier2Service];

function serve({ inquiries = [makeInquiry()] } = {}) {
  return mockFetch(({ url }) => {
    if (url === '/api/digital-services') return { json: services };
    if (url === '/api/service-inquiries') return { json: inquiries };
    return undefined;
  });
}

async function cards() {
  await screen.findAllByTestId('service-card');
  return screen.getAllByTestId('service-card');
}

function card(name: string) {
  return screen
    .getAllByTestId('service-card')
    .find((element) => within(element).queryByRole('heading', { name }))!;
}

describe('the service cards', () => {
  it('lists services by minimum tier, each previewing at most 4 metrics, 2 capabilities and 2 items', async () => {
    serve();
    renderWithProviders(<DigitalServices user={tier1User} />);
    expect(
      (await cards()).map((element) => within(element).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Threat Intelligence Briefs', 'OSINT Subject Reports', 'Strategic Trend Analysis']);
    const threat = card('Threat Intelligence Briefs');
    expect(within(threat).getAllByTestId('service-metric')).toHaveLength(4);
    expect(within(threat).getByText('142')).toBeInTheDocument();
    expect(within(threat).queryByText('Analyst Coverage')).not.toBeInTheDocument();
    expect(within(threat).getAllByTestId('service-capability')).toHaveLength(2);
    expect(within(threat).getByText('+4 more')).toBeInTheDocument();
    expect(within(threat).getAllByTestId('service-activity')).toHaveLength(2);
    expect(within(threat).getByText('TIER 1')).toBeInTheDocument();
    expect(within(threat).getByRole('button', { name: 'View Demo' })).toBeInTheDocument();
    expect(within(threat).getByRole('button', { name: 'Submit Service Inquiry' })).toBeInTheDocument();
    expect(within(threat).queryByText('CLASSIFIED')).not.toBeInTheDocument();
  });

  it('shows a service above the tier as CLASSIFIED, with "Request Tier N Access" to the upgrade page', async () => {
    serve();
    renderWithProviders(<DigitalServices user={tier1User} />);
    await cards();
    const osint = card('OSINT Subject Reports');
    expect(within(osint).getByText('CLASSIFIED')).toBeInTheDocument();
    expect(within(osint).queryAllByTestId('service-activity')).toHaveLength(0);
    expect(within(osint).queryByRole('button', { name: 'View Demo' })).not.toBeInTheDocument();
    expect(within(osint).getByRole('link', { name: 'Request Tier 2 Access' })).toHaveAttribute(
      'href',
      '/payments',
    );
    expect(
      within(card('Strategic Trend Analysis')).getByRole('link', { name: 'Request Tier 3 Access' }),
    ).toBeInTheDocument();
  });

  it('shows the locked "Advanced Analytics / TIER 2 REQUIRED" card below tier 2 only', async () => {
    serve();
    const { unmount } = renderWithProviders(<DigitalServices user={tier1User} />);
    const locked = await screen.findByTestId('locked-analytics-card');
    expect(within(locked).getByRole('heading', { name: 'Advanced Analytics' })).toBeInTheDocument();
    expect(within(locked).getByText('TIER 2 REQUIRED')).toBeInTheDocument();
    unmount();

    serve();
    renderWithProviders(<DigitalServices user={{ ...testUser, tier: 2, effectiveTier: 2 }} />);
    await cards();
    expect(screen.queryByTestId('locked-analytics-card')).not.toBeInTheDocument();
    expect(within(card('OSINT Subject Reports')).queryByText('CLASSIFIED')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, coming back here, and never asks for inquiries', async () => {
    const fetchMock = serve();
    renderWithProviders(<DigitalServices user={null} />);
    await cards();
    expect(screen.getByTestId('locked-analytics-card')).toBeInTheDocument();
    const request = within(card('OSINT Subject Reports')).getByRole('link', {
      name: 'Request Tier 2 Access',
    });
    const href = new URL(request.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/login');
    expect(href.searchParams.get('returnTo')).toBe('/digital');
    expect(screen.queryByRole('heading', { name: 'My Inquiries' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/service-inquiries')).toBe(false);
  });

  it('asks a signed-out visitor to log in before an inquiry, then goes to sign-in after 1 s', async () => {
    serve();
    renderWithProviders(<DigitalServices user={null} />);
    await cards();
    const started = Date.now();
    await userEvent.click(
      within(card('Threat Intelligence Briefs')).getByRole('button', { name: 'Submit Service Inquiry' }),
    );
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to submit service inquiries.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/api/login?returnTo=%2Fdigital'), {
      timeout: 2000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

describe('arriving from a search result (/digital#<service id>)', () => {
  it('marks that card and moves the focus to it', async () => {
    window.location.hash = '#osint';
    try {
      serve();
      renderWithProviders(<DigitalServices user={tier1User} />, { path: '/digital' });
      await cards();
      const osint = card('OSINT Subject Reports');
      await waitFor(() => expect(osint).toHaveFocus());
      expect(osint).toHaveAttribute('data-highlighted', 'true');
      expect(card('Threat Intelligence Briefs')).not.toHaveAttribute('data-highlighted');
    } finally {
      window.location.hash = '';
    }
  });
});

describe('the demo dialog', () => {
  it('shows the dashboard figures, the activities with status, time and confidence, and the analytics', async () => {
    serve();
    renderWithProviders(<DigitalServices user={tier1User} />);
    await cards();
    await userEvent.click(
      within(card('Threat Intelligence Briefs')).getByRole('button', { name: 'View Demo' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Threat Intelligence Briefs' });
    expect(within(dialog).getAllByTestId('demo-stat')).toHaveLength(3);
    expect(within(dialog).getByText('Open threats')).toBeInTheDocument();
    expect(within(dialog).getByText('127')).toBeInTheDocument();
    const activities = within(dialog).getAllByTestId('demo-activity');
    // Newest first.
    expect(activities[0]).toHaveTextContent('Unverified protest claim under review');
    expect(within(activities[0]!).getByText('Flagged')).toBeInTheDocument();
    expect(within(activities[0]!).getByText('48%')).toBeInTheDocument();
    expect(within(activities[1]!).getByText('Completed')).toBeInTheDocument();
    expect(within(dialog).getByText('Forecast accuracy')).toBeInTheDocument();
    expect(within(dialog).getByText('86%')).toBeInTheDocument();
    expect(within(dialog).getByText('Field network')).toBeInTheDocument();
    // The chart loads with the demo; its figures are in a table for screen readers.
    const chart = await within(dialog).findByRole('figure', { name: 'Threats by category' });
    expect(within(chart).getByRole('rowheader', { name: 'Cyber' })).toBeInTheDocument();

    // From the demo straight to the inquiry.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Service Inquiry' }));
    const inquiry = await screen.findByRole('dialog', { name: 'Submit Service Inquiry' });
    expect(within(inquiry).getByLabelText('Service')).toHaveValue('threat');
  });
});

describe('My Inquiries', () => {
  it("lists the user's inquiries with service, status, budget and date", async () => {
    serve({
      inquiries: [
        makeInquiry({ id: 'i2', status: 'in_review', budgetRange: '50k-100k' }),
        makeInquiry({ id: 'i1', serviceName: 'Reputation Monitoring', status: 'accepted' }),
      ],
    });
    renderWithProviders(<DigitalServices user={tier1User} />);
    const section = await screen.findByRole('region', { name: 'My Inquiries' });
    const rows = await within(section).findAllByTestId('inquiry-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Threat Intelligence Briefs');
    expect(rows[0]).toHaveTextContent('In review');
    expect(rows[0]).toHaveTextContent('50k – 100k');
    expect(rows[0]).toHaveTextContent('Nov 18, 2026');
    expect(rows[1]).toHaveTextContent('Reputation Monitoring');
    expect(rows[1]).toHaveTextContent('Accepted');
  });

  it('says when there are none yet', async () => {
    serve({ inquiries: [] });
    renderWithProviders(<DigitalServices user={tier1User} />);
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
  });
});
