import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorApplication, VendorApplicationRequest } from '@contract/vendors';
import { VendorApplicationForm } from '@/features/vendors/components/vendor-application-form';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

type Actor = ReturnType<typeof userEvent.setup>;

const valid = {
  'Company name': 'Nightjar Optics',
  'Phone number': '+91 98450 12345',
  'Business description':
    'We design and build thermal and night vision optics for security teams across India.',
};

const application: VendorApplication = {
  id: 'a_1',
  userId: testUser.id,
  companyName: valid['Company name'],
  contactEmail: testUser.email,
  phone: valid['Phone number'],
  businessType: 'manufacturer',
  description: valid['Business description'],
  certifications: [],
  status: 'PENDING',
  reviewNote: null,
  reviewedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

async function fill(actor: Actor, form: HTMLElement, values: Record<string, string> = valid) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(form).getByLabelText(label);
    await actor.clear(field);
    await actor.click(field);
    await actor.paste(value);
  }
}

function renderForm(reply: () => MockReply) {
  const fetchMock = mockFetch(({ method, url }) =>
    method === 'POST' && url === '/api/vendor/applications' ? reply() : undefined,
  );
  const onSubmitted = vi.fn();
  renderWithProviders(
    <VendorApplicationForm user={testUser} onCancel={() => {}} onSubmitted={onSubmitted} />,
  );
  return { fetchMock, onSubmitted, form: screen.getByRole('form', { name: 'Vendor application' }) };
}

function posted(fetchMock: ReturnType<typeof mockFetch>): VendorApplicationRequest | undefined {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? (JSON.parse(String(call[1]?.body)) as VendorApplicationRequest) : undefined;
}

async function fillValid(actor: Actor, form: HTMLElement) {
  await fill(actor, form);
  await actor.selectOptions(within(form).getByLabelText('Business type'), 'manufacturer');
}

describe('the vendor application form', () => {
  it('starts empty, with the contact email we know', () => {
    const { form } = renderForm(() => ({ status: 500 }));
    expect(within(form).getByLabelText('Company name')).toHaveValue('');
    expect(within(form).getByLabelText('Contact email')).toHaveValue('agent@example.com');
    expect(within(form).getByLabelText('Business type')).toHaveValue('');
  });

  it('shows a clear message under each field that breaks a rule, and sends nothing', async () => {
    const actor = userEvent.setup();
    const { form, fetchMock } = renderForm(() => ({ status: 500 }));
    await fill(actor, form, {
      'Company name': 'N',
      'Contact email': 'not-an-email',
      'Phone number': '12345',
      'Business description': 'Too short.',
    });
    await actor.click(within(form).getByRole('button', { name: 'Submit Application' }));
    expect(await within(form).findByText('Company name must be at least 2 characters')).toBeInTheDocument();
    expect(within(form).getByText('Valid email is required')).toBeInTheDocument();
    expect(within(form).getByText('Valid phone number is required')).toBeInTheDocument();
    expect(within(form).getByText('Business type is required')).toBeInTheDocument();
    expect(within(form).getByText('Description must be at least 50 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Business description')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the certifications as a list (an empty one when none) and says it is submitted', async () => {
    const actor = userEvent.setup();
    const { form, fetchMock, onSubmitted } = renderForm(() => ({ status: 201, json: application }));
    await fillValid(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(posted(fetchMock)).toEqual({
      companyName: 'Nightjar Optics',
      contactEmail: 'agent@example.com',
      phone: '+91 98450 12345',
      businessType: 'manufacturer',
      description: valid['Business description'],
      certifications: [],
    });
    expect(await screen.findByText('Application Submitted')).toBeInTheDocument();
  });

  it('turns typed certifications into tags that can be removed', async () => {
    const actor = userEvent.setup();
    const { form, fetchMock, onSubmitted } = renderForm(() => ({ status: 201, json: application }));
    await fillValid(actor, form);
    const input = within(form).getByLabelText('Certifications');
    await actor.click(input);
    await actor.type(input, 'ISO 9001{Enter}ITAR,NIJ 0101');
    await actor.click(within(form).getByRole('button', { name: 'Remove ITAR' }));
    await actor.click(within(form).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(posted(fetchMock)?.certifications).toEqual(['ISO 9001', 'NIJ 0101']);
  });

  it("says 'Error' - 'Failed to submit vendor application.' when the server fails", async () => {
    const actor = userEvent.setup();
    const { form, onSubmitted } = renderForm(() => ({
      status: 500,
      json: { message: 'x', code: 'INTERNAL' },
    }));
    await fillValid(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to submit vendor application.').length).toBeGreaterThan(0);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("shows the API's reason when an application is already open (409)", async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => ({
      status: 409,
      json: { message: 'You already have a pending or approved vendor application', code: 'CONFLICT' },
    }));
    await fillValid(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit Application' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('already have a pending');
  });

  it('on a lost session (401) asks to log in and goes to /api/login after 0.5 s', async () => {
    const actor = userEvent.setup();
    const { form } = renderForm(() => UNAUTHENTICATED);
    await fillValid(actor, form);
    const started = Date.now();
    await actor.click(within(form).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to submit vendor applications.')).toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });
});
