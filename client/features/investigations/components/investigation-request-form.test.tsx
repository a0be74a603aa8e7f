import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvestigationRequestInput } from '@contract/investigations';
import { InvestigationRequestForm } from '@/features/investigations/components/investigation-request-form';
import { catalog, makeInvestigation, validRequest } from '@/features/investigations/test-fixtures';
import { servicesWithinTier } from '@/features/investigations/utils/request-form';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

type Actor = ReturnType<typeof userEvent.setup>;

async function fill(actor: Actor, form: HTMLElement, values: Record<string, string> = validRequest) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(form).getByLabelText(label);
    await actor.clear(field);
    await actor.click(field);
    await actor.paste(value);
  }
}

async function declare(actor: Actor, form: HTMLElement) {
  for (const name of [/lawful purpose/, /harass/, /compliance requirements/]) {
    await actor.click(within(form).getByRole('checkbox', { name }));
  }
}

function renderForm(reply: () => MockReply, tier = 2) {
  const fetchMock = mockFetch(({ method, url }) =>
    method === 'POST' && url === '/api/investigations' ? reply() : undefined,
  );
  const onSubmitted = vi.fn();
  renderWithProviders(
    <InvestigationRequestForm
      services={servicesWithinTier(catalog, tier)}
      user={testUser}
      onCancel={() => {}}
      onSubmitted={onSubmitted}
    />,
  );
  return { fetchMock, onSubmitted, form: screen.getByRole('form', { name: 'Investigation request' }) };
}

function posted(fetchMock: ReturnType<typeof mockFetch>): InvestigationRequestInput | undefined {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? (JSON.parse(String(call[1]?.body)) as InvestigationRequestInput) : undefined;
}

const optionValues = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

describe('the investigation request form', () => {
  it('starts with the defaults and the person as authorized representative', () => {
    const { form } = renderForm(() => ({ status: 500 }));
    expect(within(form).getByLabelText('Service type')).toHaveValue('background-check');
    expect(within(form).getByLabelText('Priority')).toHaveValue('STANDARD');
    expect(within(form).getByLabelText('Client type')).toHaveValue('individual');
    expect(within(form).getByLabelText('Budget range')).toHaveValue('25k-50k');
    expect(within(form).getByLabelText('Sensitivity level')).toHaveValue('low');
    expect(within(form).getByLabelText('Authorized representative')).toHaveValue('Dana Reyes');
    for (const checkbox of within(form).getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
    expect(within(form).queryByLabelText(/confidentiality/i)).not.toBeInTheDocument();
  });

  it("lists only services at or below the user's tier", () => {
    const { form } = renderForm(() => ({ status: 500 }), 2);
    expect(optionValues(within(form).getByLabelText('Service type'))).toEqual([
      'background-check',
      'corporate-intelligence',
      'digital-forensics',
      'asset-investigation',
      'fraud-investigation',
    ]);
  });

  it('offers only the tier-1 service at tier 1, and all seven at tier 3', () => {
    expect(servicesWithinTier(catalog, 1).map((service) => service.id)).toEqual(['background-check']);
    expect(servicesWithinTier(catalog, 3)).toHaveLength(7);
  });

  it('shows the estimate with the priority surcharge before sending', async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => ({ status: 500 }));
    expect(within(form).getByTestId('estimate-preview')).toHaveTextContent('₹25,000');
    await actor.selectOptions(within(form).getByLabelText('Priority'), 'HIGH');
    expect(within(form).getByTestId('estimate-preview')).toHaveTextContent('₹37,500');
    await actor.selectOptions(within(form).getByLabelText('Priority'), 'URGENT');
    expect(within(form).getByTestId('estimate-preview')).toHaveTextContent('₹50,000');
  });

  it('shows the validation messages under the fields and sends nothing', async () => {
    const actor = userEvent.setup();
    const { form, fetchMock } = renderForm(() => ({ status: 500 }));
    await actor.clear(within(form).getByLabelText('Authorized representative'));
    await fill(actor, form, { Description: 'Too short.', 'Legal basis': 'Because.' });
    await actor.click(within(form).getByRole('button', { name: 'Submit Request' }));
    expect(await within(form).findByText('Must declare lawful purpose')).toBeInTheDocument();
    expect(within(form).getByText('Must declare no harassment intent')).toBeInTheDocument();
    expect(within(form).getByText('Must agree to compliance requirements')).toBeInTheDocument();
    expect(within(form).getByText('Subject is required')).toBeInTheDocument();
    expect(within(form).getByText('Description must be at least 50 characters')).toBeInTheDocument();
    expect(within(form).getByText('Authorized representative is required')).toBeInTheDocument();
    expect(within(form).getByText('Legal basis must be at least 20 characters')).toBeInTheDocument();
    expect(within(form).getByText('Target information must be at least 30 characters')).toBeInTheDocument();
    expect(within(form).getByText('Expected timeframe is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the fields with the defaults, leaves empty optional fields out, says so and resets', async () => {
    const actor = userEvent.setup();
    const { form, fetchMock, onSubmitted } = renderForm(() => ({ status: 201, json: makeInvestigation() }));
    await actor.selectOptions(within(form).getByLabelText('Service type'), 'corporate-intelligence');
    await fill(actor, form);
    await declare(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(posted(fetchMock)).toEqual({
      serviceType: 'corporate-intelligence',
      subject: validRequest.Subject,
      description: validRequest.Description,
      priority: 'STANDARD',
      clientType: 'individual',
      authorizedRepresentative: 'Dana Reyes',
      legalBasis: validRequest['Legal basis'],
      courtOrder: false,
      visibility: 'private',
      targetInformation: validRequest['Target information'],
      expectedTimeframe: validRequest['Expected timeframe'],
      budgetRange: '25k-50k',
      sensitivityLevel: 'low',
      confidentialityLevel: 'standard',
      lawfulPurposeDeclaration: true,
      noHarassmentDeclaration: true,
      complianceAgreement: true,
    });
    expect(await screen.findByText('Request Submitted')).toBeInTheDocument();
    expect(within(form).getByLabelText('Subject')).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: /lawful purpose/ })).not.toBeChecked();
  });

  it("puts the API's 400 issues on their fields", async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => ({
      status: 400,
      json: {
        message: 'Subject is required',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'subject', message: 'Subject is required' }],
      },
    }));
    await fill(actor, form);
    await declare(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Request' }));
    expect(await within(form).findByText('Subject is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Error' - 'Failed to submit investigation request.' when the request fails", async () => {
    const actor = userEvent.setup();
    const { form, onSubmitted } = renderForm(() => ({
      status: 500,
      json: { message: 'x', code: 'INTERNAL' },
    }));
    await fill(actor, form);
    await declare(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to submit investigation request.').length).toBeGreaterThan(0);
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(loginRedirect).not.toHaveBeenCalled();
  });

  it('on a lost session (401) asks to log in and goes to /api/login after 0.5 s', async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => UNAUTHENTICATED);
    await fill(actor, form);
    await declare(actor, form);
    const started = Date.now();
    await actor.click(within(form).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to submit investigation requests.')).toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });
});
