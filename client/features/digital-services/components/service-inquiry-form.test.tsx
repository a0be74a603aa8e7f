import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceInquiry, ServiceInquiryRequest } from '@contract/digital-services';
import { DigitalServices } from '@/features/digital-services/components/digital-services';
import { ServiceInquiryForm } from '@/features/digital-services/components/service-inquiry-form';
import { makeInquiry, makeService, tier2Service } from '@/features/digital-services/test-fixtures';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const service = makeService();
const user = { ...testUser, firstName: 'Dana', lastName: 'Reyes' };

type Actor = ReturnType<typeof userEvent.setup>;

const valid = {
  'Phone number': '+91 98765 43210',
  'Service description':
    'Weekly threat briefs covering our offices in Bengaluru and Pune, with travel advisories for executives.',
  'Technical requirements': 'PDF briefs and a weekly call with the analyst.',
  'Data scope': 'Open sources, regional news and security feeds for Karnataka and Maharashtra.',
  'Delivery timeframe': 'Within two weeks',
  'Business justification':
    'Our leadership travels often and we have had two protest incidents near our sites this year.',
  'Intended use': 'Read by the security team to plan travel and site protection measures.',
  'Data handling': 'Stored in our encrypted document system, deleted after twelve months.',
  'Legal basis': 'Legitimate interest in protecting staff under our duty of care.',
};

async function fill(actor: Actor, form: HTMLElement, values: Record<string, string> = valid) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(form).getByLabelText(label);
    await actor.clear(field);
    await actor.click(field);
    await actor.paste(value);
  }
}

async function declare(actor: Actor, form: HTMLElement) {
  for (const name of [/ethical clearance/, /data protection law/, /not be used to harass/]) {
    await actor.click(within(form).getByRole('checkbox', { name }));
  }
}

function renderForm(reply: () => MockReply) {
  const fetchMock = mockFetch(({ method, url }) =>
    method === 'POST' && url === '/api/service-inquiries' ? reply() : undefined,
  );
  const onSubmitted = vi.fn();
  renderWithProviders(
    <ServiceInquiryForm
      service={service}
      services={[service, tier2Service]}
      user={user}
      onCancel={() => {}}
      onSubmitted={onSubmitted}
    />,
  );
  return { fetchMock, onSubmitted, form: screen.getByRole('form', { name: 'Service inquiry' }) };
}

function posted(fetchMock: ReturnType<typeof mockFetch>): ServiceInquiryRequest | undefined {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? (JSON.parse(String(call[1]?.body)) as ServiceInquiryRequest) : undefined;
}

describe('the service inquiry form', () => {
  it('starts with the service chosen, the defaults and what we know of the person', () => {
    const { form } = renderForm(() => ({ status: 500 }));
    expect(within(form).getByLabelText('Service')).toHaveValue('threat');
    expect(within(form).getByLabelText('Full name')).toHaveValue('Dana Reyes');
    expect(within(form).getByLabelText('Email address')).toHaveValue('agent@example.com');
    expect(within(form).getByLabelText('Organization type')).toHaveValue('individual');
    expect(within(form).getByLabelText('Budget range')).toHaveValue('10k-25k');
    expect(within(form).getByRole('radio', { name: 'Email' })).toBeChecked();
    for (const checkbox of within(form).getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
  });

  it('shows the validation messages under the fields and sends nothing', async () => {
    const actor = userEvent.setup();
    const { form, fetchMock } = renderForm(() => ({ status: 500 }));
    await fill(actor, form, { 'Service description': 'Too short.' });
    await actor.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    expect(
      await within(form).findByText('Detailed service description is required (minimum 50 characters)'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Valid phone number is required')).toBeInTheDocument();
    expect(within(form).getByText('Legal basis must be at least 30 characters')).toBeInTheDocument();
    expect(within(form).getByText('Ethical clearance confirmation is required')).toBeInTheDocument();
    expect(within(form).getByText('Data protection compliance confirmation is required')).toBeInTheDocument();
    expect(within(form).getByText('No malicious use declaration is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Service description')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Service description')).toHaveAccessibleDescription(
      'Detailed service description is required (minimum 50 characters)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts every field with the defaults, leaves empty optional fields out, and says it is done', async () => {
    const actor = userEvent.setup();
    const { form, fetchMock, onSubmitted } = renderForm(() => ({ status: 201, json: makeInquiry() }));
    await fill(actor, form);
    await declare(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(posted(fetchMock)).toEqual({
      serviceId: 'threat',
      clientName: 'Dana Reyes',
      clientEmail: 'agent@example.com',
      clientPhone: valid['Phone number'],
      organizationType: 'individual',
      serviceDescription: valid['Service description'],
      technicalRequirements: valid['Technical requirements'],
      dataScope: valid['Data scope'],
      deliveryTimeframe: valid['Delivery timeframe'],
      budgetRange: '10k-25k',
      businessJustification: valid['Business justification'],
      intendedUse: valid['Intended use'],
      dataHandling: valid['Data handling'],
      legalBasis: valid['Legal basis'],
      ethicalClearance: true,
      dataProtectionCompliance: true,
      noMaliciousUse: true,
      contactPreference: 'email',
    });
    expect(await screen.findByText('Inquiry Submitted')).toBeInTheDocument();
    // Exact text: Radix also announces the whole toast, title and text together, in a hidden live region.
    expect(
      screen.getByText('Our team will review your request and contact you within 24-48 hours.'),
    ).toBeInTheDocument();
    // Reset for the next time.
    expect(within(form).getByLabelText('Service description')).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: /ethical clearance/ })).not.toBeChecked();
  });

  it("puts the API's 400 issues on their fields", async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => ({
      status: 400,
      json: {
        message: 'Valid email is required',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'clientEmail', message: 'Valid email is required' }],
      },
    }));
    await fill(actor, form);
    await declare(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    expect(await within(form).findByText('Valid email is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Submission Failed')).not.toBeInTheDocument();
  });

  it("shows the API's reason for a service above the user's tier (403)", async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => ({
      status: 403,
      json: { message: 'This requires tier 2 access', code: 'TIER_REQUIRED', requiredTier: 2 },
    }));
    await fill(actor, form);
    await declare(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This requires tier 2 access');
    expect(screen.getByText('Submission Failed')).toBeInTheDocument();
  });

  it('says the submission failed for a server fault', async () => {
    const actor = userEvent.setup();
    const { form, onSubmitted } = renderForm(() => ({
      status: 500,
      json: { message: 'x', code: 'INTERNAL' },
    }));
    await fill(actor, form);
    await declare(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to submit inquiry. Please try again.').length).toBeGreaterThan(0);
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(loginRedirect).not.toHaveBeenCalled();
  });

  it('on a lost session (401) asks to log in and goes to /api/login after 1 s', async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => UNAUTHENTICATED);
    await fill(actor, form);
    await declare(actor, form);
    const started = Date.now();
    await actor.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to submit service inquiries.')).toBeInTheDocument();
    expect(loginRedirect).not.toHaveBeenCalled();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

describe('submitting from the suite', () => {
  it('closes the dialog and shows the new inquiry under My Inquiries', async () => {
    let inquiries: ServiceInquiry[] = [];
    mockFetch(({ method, url }) => {
      if (url === '/api/digital-services') return { json: [service] };
      if (url === '/api/service-inquiries' && method === 'GET') return { json: inquiries };
      if (url === '/api/service-inquiries' && method === 'POST') {
        inquiries = [makeInquiry({ id: 'new' })];
        return { status: 201, json: inquiries[0] };
      }
      return undefined;
    });
    const actor = userEvent.setup();
    renderWithProviders(<DigitalServices user={user} />);
    expect(await screen.findByText('No inquiries yet')).toBeInTheDocument();
    await actor.click(await screen.findByRole('button', { name: 'Submit Service Inquiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Service Inquiry' });
    await fill(actor, dialog);
    await declare(actor, dialog);
    await actor.click(within(dialog).getByRole('button', { name: 'Submit Inquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Inquiry Submitted')).toBeInTheDocument();
    const row = await screen.findByTestId('inquiry-row');
    expect(row).toHaveTextContent('Threat Intelligence Briefs');
    expect(row).toHaveTextContent('Received');
  });
});
