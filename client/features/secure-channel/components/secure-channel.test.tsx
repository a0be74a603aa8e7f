import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  SecureChannelReceipt,
  SecureChannelRequestInput,
  SecureChannelRequestRecord,
} from '@contract/secure-channel';
import { SecureChannel } from '@/features/secure-channel/components/secure-channel';
import { mockFetch, testUser, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

type Actor = ReturnType<typeof userEvent.setup>;

const receipt: SecureChannelReceipt = {
  id: '5b0c8a52-7d3e-4c2a-9f61-1a2b3c4d5e6f',
  status: 'pending',
  createdAt: '2026-11-23T09:00:00.000Z',
};

const texts: Record<string, string> = {
  'Full legal name': 'Meera Iyer',
  'Email address': 'meera@example.test',
  'Secure contact number': '+91 98450 67890',
  'Access purpose': 'Coordinating witness protection logistics for an ongoing fraud prosecution.',
  'Operational need': 'Counsel and investigators must exchange documents outside ordinary email.',
  'Reference contact': 'Adv. K. Menon, +91 98200 11111',
  'Emergency contact': 'R. Iyer, +91 98200 22222',
};

const choices: Record<string, string> = {
  'Security clearance level': 'Secret',
  'Encryption level': 'Quantum Resistant',
  'Communication frequency': 'Weekly',
  'Data classification': 'Confidential',
};

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(new RegExp(`^${label}`));

async function fill(actor: Actor, form: HTMLElement) {
  for (const [label, value] of Object.entries(texts)) {
    await actor.click(field(form, label));
    await actor.paste(value);
  }
  for (const [label, option] of Object.entries(choices)) {
    await actor.selectOptions(field(form, label), option);
  }
}

function renderPage(reply: () => MockReply | Promise<MockReply>) {
  const fetchMock = mockFetch(({ method, url }) =>
    method === 'POST' && url === '/api/secure-channel' ? reply() : undefined,
  );
  renderWithProviders(<SecureChannel />, { path: '/secure-channel' });
  return { fetchMock, form: screen.getByRole('form', { name: 'Secure channel request' }) };
}

function posted(fetchMock: ReturnType<typeof mockFetch>) {
  const calls = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return calls.map(([, init]) => JSON.parse(String(init?.body)) as SecureChannelRequestInput);
}

describe('the secure channel form', () => {
  it('marks the eleven required fields with an asterisk and leaves organization and compliance unmarked', () => {
    const { form } = renderPage(() => ({ status: 500 }));
    const required = [...Object.keys(texts), ...Object.keys(choices)];
    expect(required).toHaveLength(11);
    for (const label of required) {
      expect(
        field(form, label).closest('[data-slot="form-field"]')?.querySelector('label'),
      ).toHaveTextContent(`${label} *`);
      expect(field(form, label)).toHaveAttribute('aria-required', 'true');
    }
    for (const label of ['Organization', 'Compliance requirements']) {
      const control = within(form).getByLabelText(label);
      expect(control.closest('[data-slot="form-field"]')?.querySelector('label')).toHaveTextContent(
        new RegExp(`^${label}$`),
      );
      expect(control).not.toHaveAttribute('aria-required');
    }
  });

  it('offers the option sets with readable labels, none chosen to start with', () => {
    const { form } = renderPage(() => ({ status: 500 }));
    const optionsOf = (label: string) =>
      within(field(form, label))
        .getAllByRole('option')
        .filter((option) => (option as HTMLOptionElement).value !== '')
        .map((option) => option.textContent);
    expect(optionsOf('Encryption level')).toEqual([
      'Standard AES-256',
      'Enhanced Military Grade',
      'Quantum Resistant',
      'Custom Protocol',
    ]);
    expect(optionsOf('Security clearance level')).toEqual([
      'None',
      'Confidential',
      'Secret',
      'Top Secret',
      'Cosmic Top Secret',
    ]);
    expect(optionsOf('Communication frequency')).toEqual([
      'As needed',
      'Daily',
      'Weekly',
      'Monthly',
      'Emergency only',
    ]);
    expect(optionsOf('Data classification')).toEqual([
      'Unclassified',
      'Restricted',
      'Confidential',
      'Secret',
      'Top Secret',
    ]);
    for (const label of Object.keys(choices)) expect(field(form, label)).toHaveValue('');
  });

  it('shows the security notice', () => {
    renderPage(() => ({ status: 500 }));
    const notice = screen.getByRole('complementary', { name: 'Security notice' });
    expect(notice).toHaveTextContent(/unauthorised access attempts are monitored/i);
    expect(notice).toHaveTextContent(/false information results in permanent denial/i);
  });

  it("checks every rule with the schema's messages before sending anything", async () => {
    const actor = userEvent.setup();
    const { form, fetchMock } = renderPage(() => ({ status: 201, json: receipt }));
    await actor.click(field(form, 'Secure contact number'));
    await actor.paste('12345');
    await actor.click(field(form, 'Email address'));
    await actor.paste('not-an-email');
    await actor.click(field(form, 'Access purpose'));
    await actor.paste('Too short to explain anything.');
    await actor.click(within(form).getByRole('button', { name: 'Submit for Security Review' }));
    for (const message of [
      'Full name is required',
      'Valid email is required',
      'Valid phone number is required',
      'Security clearance level is required',
      'Access purpose must be at least 50 characters',
      'Operational need must be at least 50 characters',
      'Reference contact must be at least 5 characters',
      'Emergency contact must be at least 5 characters',
      'Encryption level is required',
      'Communication frequency is required',
      'Data classification is required',
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    expect(field(form, 'Full legal name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(fetchMock)).toEqual([]);
  });

  it('reads "Submitting for Security Review..." while sending, then confirms with the three steps', async () => {
    const actor = userEvent.setup();
    let answer: (reply: MockReply) => void = () => {};
    const { form, fetchMock } = renderPage(() => new Promise<MockReply>((resolve) => (answer = resolve)));
    await fill(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit for Security Review' }));
    const busy = await within(form).findByRole('button', { name: 'Submitting for Security Review...' });
    expect(busy).toBeDisabled();

    expect(posted(fetchMock)).toEqual([
      {
        fullName: 'Meera Iyer',
        email: 'meera@example.test',
        phone: '+91 98450 67890',
        securityClearance: 'secret',
        accessPurpose: texts['Access purpose'],
        operationalNeed: texts['Operational need'],
        referenceContact: texts['Reference contact'],
        emergencyContact: texts['Emergency contact'],
        encryptionPreference: 'quantum',
        communicationFrequency: 'weekly',
        dataClassification: 'confidential',
      },
    ]);

    answer({ status: 201, json: receipt });
    // A request, not an inquiry, in the toast as on the page.
    expect(await screen.findByText('Request Submitted')).toBeInTheDocument();
    expect(screen.queryByText(/inquiry/i)).not.toBeInTheDocument();
    const heading = await screen.findByRole('heading', { name: 'Request Submitted for Security Review' });
    expect(heading).toHaveFocus();
    const steps = within(screen.getByRole('list', { name: 'Review steps' })).getAllByRole('heading');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Background verification',
      'Security officer review',
      'Access provisioning',
    ]);
    const confirmation = screen.getByRole('region', { name: 'Request Submitted for Security Review' });
    expect(confirmation).toHaveTextContent(
      'Standard requests are reviewed within 24-48 hours. Requests at a higher data classification may take longer.',
    );
    expect(screen.getByText(receipt.id)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Secure channel request' })).not.toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    const fresh = screen.getByRole('form', { name: 'Secure channel request' });
    for (const label of [...Object.keys(texts), ...Object.keys(choices), 'Organization']) {
      expect(field(fresh, label)).toHaveValue('');
    }
  });

  it('keeps what was typed and shows the failure toast when the server fails', async () => {
    const actor = userEvent.setup();
    const { form } = renderPage(() => ({
      status: 500,
      json: { message: 'Internal error', code: 'INTERNAL' },
    }));
    await fill(actor, form);
    await actor.click(field(form, 'Organization'));
    await actor.paste('Iyer & Rao LLP');
    await actor.click(within(form).getByRole('button', { name: 'Submit for Security Review' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to submit your request. Please try again.').length).toBeGreaterThan(0);
    expect(field(form, 'Full legal name')).toHaveValue('Meera Iyer');
    expect(field(form, 'Organization')).toHaveValue('Iyer & Rao LLP');
    expect(field(form, 'Encryption level')).toHaveValue('quantum');
    expect(within(form).getByRole('button', { name: 'Submit for Security Review' })).toBeEnabled();
  });

  it("shows a 429's own message below the button and in the toast", async () => {
    const actor = userEvent.setup();
    const { form } = renderPage(() => ({
      status: 429,
      headers: { 'Retry-After': '3600' },
      json: { message: 'Too many requests. Try again later.', code: 'RATE_LIMITED' },
    }));
    await fill(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit for Security Review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
    expect(screen.getByText('Submission Failed')).toBeInTheDocument();
    expect(field(form, 'Secure contact number')).toHaveValue('+91 98450 67890');
  });

  it("places the server's field messages on their fields", async () => {
    const actor = userEvent.setup();
    const { form } = renderPage(() => ({
      status: 400,
      json: {
        message: 'Valid email is required',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'email', message: 'Valid email is required' }],
      },
    }));
    await fill(actor, form);
    await actor.click(within(form).getByRole('button', { name: 'Submit for Security Review' }));
    expect(await within(form).findByText('Valid email is required')).toBeInTheDocument();
    await waitFor(() => expect(field(form, 'Email address')).toHaveAttribute('aria-invalid', 'true'));
  });
});

describe("the Directors' security review queue", () => {
  const pending: SecureChannelRequestRecord = {
    id: 'f3a1c2d4-0000-4000-8000-000000000001',
    userId: null,
    fullName: 'Meera Iyer',
    email: 'meera@example.test',
    phone: '+91 98450 67890',
    organization: 'Iyer & Co',
    securityClearance: 'secret',
    accessPurpose: 'Coordinating witness protection logistics for an ongoing fraud prosecution.',
    operationalNeed: 'Counsel and investigators must exchange documents outside ordinary email.',
    referenceContact: 'Adv. K. Menon',
    emergencyContact: 'R. Iyer',
    encryptionPreference: 'quantum',
    communicationFrequency: 'weekly',
    dataClassification: 'confidential',
    complianceRequirements: null,
    status: 'pending',
    reviewedBy: null,
    reviewedAt: null,
    ip: '203.0.113.9',
    createdAt: '2026-11-23T09:00:00.000Z',
  };

  function renderAs(tier: number) {
    let queue = [pending];
    const fetchMock = mockFetch(({ method, url, body }) => {
      if (url === '/api/auth/user') return { json: { ...testUser, tier } };
      if (method === 'GET' && url === '/api/secure-channel/requests?status=pending') return { json: queue };
      if (method === 'PATCH' && url === `/api/secure-channel/requests/${pending.id}`) {
        queue = [];
        return { json: { ...pending, ...(body as object), reviewedAt: '2026-11-23T10:00:00.000Z' } };
      }
      return undefined;
    });
    renderWithProviders(<SecureChannel />, { path: '/secure-channel' });
    return fetchMock;
  }

  it('lists pending requests for a Director and approves one, which leaves the queue', async () => {
    const actor = userEvent.setup();
    const fetchMock = renderAs(4);
    const row = await screen.findByTestId('secure-channel-review-row');
    expect(row).toHaveTextContent('Meera Iyer · Iyer & Co');
    expect(row).toHaveTextContent('meera@example.test · Secret · Confidential');

    await actor.click(within(row).getByRole('button', { name: 'Approve Meera Iyer' }));
    expect(await screen.findByText('No requests waiting.')).toBeInTheDocument();
    expect(await screen.findByText("Meera Iyer's request is approved.")).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'approved' });
  });

  it('is not shown, nor asked for, below tier 4', async () => {
    const fetchMock = renderAs(2);
    await screen.findByRole('form', { name: 'Secure channel request' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/user')).toBe(true),
    );
    expect(screen.queryByText('Security review queue')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/secure-channel/requests'))).toBe(
      false,
    );
  });
});
