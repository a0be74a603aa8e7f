import type { ComponentProps } from 'react';
import type * as QrCodeReact from 'qrcode.react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Case } from '@contract/cases';
import type { QrCode } from '@contract/qr-codes';
import { AppRouter } from '@/app/router';
import { QrCodesPanel } from '@/features/qr-codes/components/qr-codes-panel';
import { mockFetch, UNAUTHENTICATED, type MockRequest, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

// The real QR image, with a record of what each one was asked to encode and how.
const drawn = vi.hoisted(() => [] as { value: string; size?: number; level?: string }[]);
vi.mock('qrcode.react', async (importOriginal) => {
  const actual = await importOriginal<typeof QrCodeReact>();
  return {
    ...actual,
    QRCodeSVG: (props: ComponentProps<typeof actual.QRCodeSVG>) => {
      drawn.push({ value: String(props.value), size: props.size, level: props.level });
      return <actual.QRCodeSVG {...props} />;
    },
  };
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

function makeCode(overrides: Partial<QrCode> = {}): QrCode {
  return {
    id: 'q1',
    type: 'secure_channel',
    expiresAt: null,
    data: {},
    scannedCount: 0,
    lastScannedAt: null,
    isActive: true,
    status: 'Active',
    scanUrl: `https://intel.test/q/${TOKEN}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const myCase = { id: 'c-1', caseNumber: 'CASE-1001', title: 'Missing shipment audit' } as Case;

/** Codes held in memory and changed as the API would; `post` may answer a create differently. */
function serveCodes(initial: QrCode[], post?: (request: MockRequest) => MockReply | undefined) {
  let codes = initial;
  const fetchMock = mockFetch((request) => {
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/qr-codes') return { json: codes };
    if (method === 'GET' && url === '/api/cases') return { json: [myCase] };
    if (method === 'POST' && url === '/api/qr-codes') {
      const answer = post?.(request);
      if (answer) return answer;
      const input = body as Pick<QrCode, 'type' | 'data'> & { expiresAt?: string };
      const created = makeCode({
        id: 'q-new',
        type: input.type,
        data: input.data,
        expiresAt: input.expiresAt ?? null,
        scanUrl: 'https://intel.test/q/NEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWN',
      });
      codes = [created, ...codes];
      return { status: 201, json: created };
    }
    const deactivate = url.match(/^\/api\/qr-codes\/([^/]+)\/deactivate$/);
    if (method === 'POST' && deactivate) {
      codes = codes.map((code) =>
        code.id === deactivate[1] ? { ...code, isActive: false, status: 'Expired' } : code,
      );
      return { json: codes.find((code) => code.id === deactivate[1]) };
    }
    const removed = url.match(/^\/api\/qr-codes\/([^/]+)$/);
    if (method === 'DELETE' && removed) {
      codes = codes.filter((code) => code.id !== removed[1]);
      return { status: 204 };
    }
    return undefined;
  });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/qr-codes' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Create QR Code' }))[0]!);
  return screen.findByRole('dialog', { name: 'Create QR Code' });
}

describe('QR Codes tab', () => {
  it('draws each code as a QR image of its scan URL (size 256, level L) with its state, scans and expiry', async () => {
    drawn.length = 0;
    serveCodes([
      makeCode({
        id: 'q1',
        type: 'emergency',
        data: { emergencyCode: 'RED-42' },
        scannedCount: 1234,
        expiresAt: '2027-06-30T12:00:00.000Z',
        lastScannedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
      }),
      makeCode({
        id: 'q2',
        scanUrl: 'https://intel.test/q/other',
        isActive: false,
        status: 'Expired',
      }),
    ]);
    renderWithProviders(<QrCodesPanel />);
    const [live, off] = await screen.findAllByTestId('qr-code');
    expect(
      within(live!).getByRole('img', { name: 'QR code: Emergency' }).querySelector('svg'),
    ).not.toBeNull();
    expect(drawn).toEqual(
      expect.arrayContaining([
        { value: `https://intel.test/q/${TOKEN}`, size: 256, level: 'L' },
        { value: 'https://intel.test/q/other', size: 256, level: 'L' },
      ]),
    );
    expect(within(live!).getByText('Active')).toBeInTheDocument();
    expect(within(live!).getByText('1,234')).toBeInTheDocument();
    expect(within(live!).getByText('Jun 30, 2027')).toBeInTheDocument();
    expect(within(live!).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(live!).getByText('Code RED-42')).toBeInTheDocument();
    expect(within(live!).getByRole('button', { name: 'Deactivate Emergency code' })).toBeEnabled();

    expect(within(off!).getByText('Expired')).toBeInTheDocument();
    expect(within(off!).getByText('Deactivated')).toBeInTheDocument();
    expect(within(off!).getAllByText('Never')).toHaveLength(2);
    expect(within(off!).getByRole('button', { name: 'Deactivate Secure Channel code' })).toBeDisabled();
  });

  it('shows an empty state that opens the dialog', async () => {
    serveCodes([]);
    const user = userEvent.setup();
    renderWithProviders(<QrCodesPanel />);
    expect(await screen.findByText('No QR codes yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Create QR Code' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create QR Code' })).toBeInTheDocument();
  });

  it("checks the form with the API's schema: the data each type needs, and an expiry in the future", async () => {
    const fetchMock = serveCodes([]);
    const user = userEvent.setup();
    renderWithProviders(<QrCodesPanel />);
    const dialog = await openDialog(user);
    const submit = within(dialog).getByRole('button', { name: 'Create QR Code' });

    await user.selectOptions(within(dialog).getByLabelText('Type'), 'emergency');
    await user.click(submit);
    expect(await within(dialog).findByText('Emergency code is required')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Type'), 'case_access');
    expect(
      await within(dialog).findByRole('option', { name: 'CASE-1001 · Missing shipment audit' }),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Expires (optional)'), {
      target: { value: '2020-01-01T10:00' },
    });
    await user.click(submit);
    expect(await within(dialog).findByText('Choose the case this code opens')).toBeInTheDocument();
    expect(within(dialog).getByText('Expiry must be in the future')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('creates a secure channel code, shows its image at once and lists it', async () => {
    drawn.length = 0;
    const fetchMock = serveCodes([]);
    const user = userEvent.setup();
    renderWithProviders(<QrCodesPanel />);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Channel ID (optional)'), 'ops-7');
    fireEvent.change(within(dialog).getByLabelText('Expires (optional)'), {
      target: { value: '2099-12-31T18:30' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create QR Code' }));

    const done = await screen.findByRole('dialog', { name: 'QR Code Created' });
    expect(posts(fetchMock)).toEqual([
      {
        type: 'secure_channel',
        expiresAt: new Date('2099-12-31T18:30').toISOString(),
        data: { channelId: 'ops-7' },
      },
    ]);
    expect(within(done).getByRole('img', { name: 'New QR code: Secure Channel' })).toBeInTheDocument();
    expect(within(done).getByTestId('created-scan-url')).toHaveTextContent(
      'https://intel.test/q/NEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWN',
    );
    expect(drawn.some((call) => call.value.endsWith('/q/NEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNEWN'))).toBe(
      true,
    );
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [card] = await screen.findAllByTestId('qr-code');
    expect(within(card!).getByText('Channel ops-7')).toBeInTheDocument();
  });

  it("sends a case code for the chosen case and shows the server's refusal on the field", async () => {
    const fetchMock = serveCodes([], () => ({
      status: 400,
      json: {
        message: 'Case not found',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'data.caseId', message: 'Case not found' }],
      },
    }));
    const user = userEvent.setup();
    renderWithProviders(<QrCodesPanel />);
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'case_access');
    await user.selectOptions(
      within(dialog).getByLabelText('Case'),
      await within(dialog).findByRole('option', { name: 'CASE-1001 · Missing shipment audit' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create QR Code' }));
    expect(await within(dialog).findByText('Case not found')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ type: 'case_access', data: { caseId: 'c-1' } }]);
  });

  it('deactivates a code after confirming; its button then stays disabled and it reads Expired', async () => {
    const fetchMock = serveCodes([makeCode({ id: 'q1' })]);
    const user = userEvent.setup();
    renderWithProviders(<QrCodesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Secure Channel code' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate this QR code?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate code' }));
    expect(await screen.findByText('QR code deactivated')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/qr-codes/q1/deactivate',
      expect.objectContaining({ method: 'POST' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Deactivate Secure Channel code' })).toBeDisabled(),
    );
    const card = screen.getByTestId('qr-code');
    expect(within(card).getByText('Expired')).toBeInTheDocument();
  });

  it('deletes a code after confirming', async () => {
    const fetchMock = serveCodes([makeCode({ id: 'q1' })]);
    const user = userEvent.setup();
    renderWithProviders(<QrCodesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Delete Secure Channel code' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this QR code?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete code' }));
    expect(await screen.findByText('No QR codes yet')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/qr-codes/q1', expect.objectContaining({ method: 'DELETE' }));
  });
});

describe('where scans lead (public pages)', () => {
  it('shows the emergency page with its code to anyone', async () => {
    mockFetch(({ url }) => (url === '/api/auth/user' ? UNAUTHENTICATED : undefined));
    renderWithProviders(<AppRouter />, { path: '/emergency?code=RED-42' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Emergency information' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('emergency-code')).toHaveTextContent('RED-42');
    expect(screen.getByText(/24\/7 operations line/)).toBeInTheDocument();
  });

  it('shows the expired page to anyone', async () => {
    mockFetch(({ url }) => (url === '/api/auth/user' ? UNAUTHENTICATED : undefined));
    renderWithProviders(<AppRouter />, { path: '/qr/expired' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This QR code has expired' }),
    ).toBeInTheDocument();
  });
});
