import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Investigation } from '@contract/investigations';
import { investigationSlots } from '@/app/subject-slots';
import { Investigations } from '@/features/investigations/components/investigations';
import { catalog, makeInvestigation, validRequest } from '@/features/investigations/test-fixtures';
import { mockFetch, testUser } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function serve(investigations: Investigation[] = []) {
  return mockFetch(({ method, url }) => {
    if (url === '/api/investigations/catalog') return { json: catalog };
    if (url === '/api/investigations' && method === 'GET') return { json: investigations };
    return undefined;
  });
}

describe('the investigations page', () => {
  it('shows a signed-out visitor the seven services with tier badges and pricing, and no request button', async () => {
    const fetchMock = serve();
    renderWithProviders(<Investigations user={null} slots={investigationSlots} />);
    const cards = await screen.findAllByTestId('investigation-service');
    expect(cards).toHaveLength(7);
    expect(cards[0]).toHaveTextContent('TIER 1');
    expect(cards[0]).toHaveTextContent('₹25,000 - ₹75,000');
    expect(cards[0]).toHaveTextContent('5-7 business days');
    expect(cards[3]).toHaveTextContent('TIER 3');
    expect(cards[3]).toHaveTextContent('₹15,000 per day');
    expect(screen.queryByRole('button', { name: /request/i })).not.toBeInTheDocument();
    expect(screen.queryByText('My Investigation Requests')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/investigations')).toBe(false);
  });

  it('offers a signed-in user the request button and an empty state with its own button', async () => {
    serve();
    const actor = userEvent.setup();
    renderWithProviders(<Investigations user={testUser} slots={investigationSlots} />);
    expect(screen.getByRole('button', { name: 'Request Investigation' })).toBeInTheDocument();
    expect(await screen.findByText('My Investigation Requests')).toBeInTheDocument();
    await actor.click(await screen.findByRole('button', { name: 'Submit Your First Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Investigation' });
    expect(within(dialog).getByLabelText('Service type')).toHaveValue('background-check');
  });

  it('locks services above the tier and opens the dialog on a card’s own service', async () => {
    serve();
    const actor = userEvent.setup();
    renderWithProviders(<Investigations user={testUser} slots={investigationSlots} />);
    const cards = await screen.findAllByTestId('investigation-service');
    expect(within(cards[3]!).getByText('TIER 3 clearance required')).toBeInTheDocument();
    expect(within(cards[3]!).queryByRole('button')).not.toBeInTheDocument();
    await actor.click(within(cards[1]!).getByRole('button', { name: 'Request This Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Investigation' });
    expect(within(dialog).getByLabelText('Service type')).toHaveValue('corporate-intelligence');
  });

  it('lists requests with service, priority, status, cost in rupees and agent; unknown statuses raw', async () => {
    serve([
      makeInvestigation({
        id: 'a',
        status: 'IN_PROGRESS',
        priority: 'HIGH',
        estimatedCost: '75000.00',
        assignedAgent: 'Vikram Sethi',
        serviceName: 'Corporate Intelligence',
      }),
      makeInvestigation({ id: 'b', status: 'ON_HOLD' as Investigation['status'] }),
    ]);
    renderWithProviders(<Investigations user={testUser} slots={investigationSlots} />);
    const [first, second] = await screen.findAllByTestId('investigation-row');
    expect(first).toHaveTextContent('Corporate Intelligence');
    expect(first).toHaveTextContent('High');
    expect(first).toHaveTextContent('IN PROGRESS');
    expect(first).toHaveTextContent('₹75,000');
    expect(first).toHaveTextContent('Vikram Sethi');
    expect(second).toHaveTextContent('ON_HOLD');
    expect(second).toHaveTextContent('Not yet assigned');
  });

  it('closes the dialog on success and shows the new request in the list', async () => {
    let investigations: Investigation[] = [];
    mockFetch(({ method, url }) => {
      if (url === '/api/investigations/catalog') return { json: catalog };
      if (url === '/api/investigations' && method === 'GET') return { json: investigations };
      if (url === '/api/investigations' && method === 'POST') {
        investigations = [makeInvestigation({ id: 'new' })];
        return { status: 201, json: investigations[0] };
      }
      return undefined;
    });
    const actor = userEvent.setup();
    renderWithProviders(<Investigations user={testUser} slots={investigationSlots} />);
    await actor.click(screen.getByRole('button', { name: 'Request Investigation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Investigation' });
    for (const [label, value] of Object.entries(validRequest)) {
      await actor.click(within(dialog).getByLabelText(label));
      await actor.paste(value);
    }
    for (const name of [/lawful purpose/, /harass/, /compliance requirements/]) {
      await actor.click(within(dialog).getByRole('checkbox', { name }));
    }
    await actor.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Request Submitted')).toBeInTheDocument();
    const row = await screen.findByTestId('investigation-row');
    expect(row).toHaveTextContent(validRequest.Subject);
    expect(row).toHaveTextContent('PENDING');
    expect(row).toHaveTextContent('₹25,000');
  });
});

describe('the Director section (All Requests)', () => {
  const director = { ...testUser, tier: 4, effectiveTier: 4 };

  function serveAll(all: Investigation[], onPatch: (body: unknown) => { status: number; json: unknown }) {
    return mockFetch(({ method, url, body }) => {
      if (url === '/api/investigations/catalog') return { json: catalog };
      if (url === '/api/investigations' && method === 'GET') return { json: [] };
      if (url === '/api/investigations?scope=all') return { json: all };
      if (url === '/api/investigations/agents') return { json: [{ id: 'agent-1', name: 'Vikram Sethi' }] };
      if (url.startsWith('/api/investigations/') && method === 'PATCH') return onPatch(body);
      return undefined;
    });
  }

  it('is not shown below tier 4', async () => {
    const fetchMock = serve();
    renderWithProviders(<Investigations user={testUser} slots={investigationSlots} />);
    await screen.findByText('My Investigation Requests');
    expect(screen.queryByText('All Requests')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('scope=all'))).toBe(false);
  });

  it('offers only forward moves and sends status and agent changes', async () => {
    let current = makeInvestigation({ id: 'r1', requestedBy: 'Asha Rao' });
    const patches: unknown[] = [];
    serveAll([current], (body) => {
      patches.push(body);
      current = { ...current, ...(body as Partial<Investigation>) };
      return { status: 200, json: current };
    });
    const actor = userEvent.setup();
    renderWithProviders(<Investigations user={director} slots={investigationSlots} />);
    const row = await screen.findByTestId('all-requests-row');
    expect(row).toHaveTextContent('Asha Rao');
    expect(within(row).getByTestId('declarations')).toHaveTextContent(
      /^lawful purpose, no harassment, compliance on Nov 20, 2026, .+ from 203\.0\.113\.9$/,
    );
    const status = within(row).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['PENDING', 'IN_PROGRESS', 'CANCELLED']);
    await actor.selectOptions(status, 'IN_PROGRESS');
    expect(await screen.findByText('Request Updated')).toBeInTheDocument();
    await within(row).findByRole('option', { name: 'Vikram Sethi' });
    await actor.selectOptions(within(row).getByLabelText('Assigned agent'), 'agent-1');
    await waitFor(() => expect(patches).toEqual([{ status: 'IN_PROGRESS' }, { assignedAgentId: 'agent-1' }]));
  });

  it("shows the API's reason when a change is refused", async () => {
    serveAll([makeInvestigation({ id: 'r1' })], () => ({
      status: 409,
      json: { message: 'A request cannot move from PENDING to COMPLETED', code: 'CONFLICT' },
    }));
    const actor = userEvent.setup();
    renderWithProviders(<Investigations user={director} slots={investigationSlots} />);
    const row = await screen.findByTestId('all-requests-row');
    await actor.selectOptions(within(row).getByLabelText('Status'), 'CANCELLED');
    expect(await screen.findByText('A request cannot move from PENDING to COMPLETED')).toBeInTheDocument();
  });
});
