import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorApplication, VendorProduct, VendorStats } from '@contract/vendors';
import { VendorPortal } from '@/features/vendors/components/vendor-portal';
import { mockFetch, testUser, UNAUTHENTICATED, type MockReply } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const stats: VendorStats = {
  totalProducts: 1,
  approvedProducts: 0,
  pendingProducts: 1,
  unitsSold: 3,
  revenue: '137997.00',
  orders: 2,
};

const application = (status: VendorApplication['status']): VendorApplication => ({
  id: `a_${status}`,
  userId: testUser.id,
  companyName: `Company ${status}`,
  contactEmail: testUser.email,
  phone: '+91 98450 12345',
  businessType: 'manufacturer',
  description: 'We design and build thermal and night vision optics for security teams across India.',
  certifications: ['ISO 9001'],
  status,
  reviewNote: null,
  reviewedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const product: VendorProduct = {
  id: 'p_1',
  name: 'Thermal Monocular TX-9',
  slug: 'thermal-monocular-tx-9-abcd',
  description: 'A pocket thermal monocular.',
  price: '45999.00',
  imageUrl: null,
  minimumTier: 1,
  inStock: true,
  stockCount: 12,
  specifications: {},
  category: { id: 'c_1', name: 'Surveillance', slug: 'surveillance' },
  hsnCode: '9005',
  gstRate: '18',
  averageRating: null,
  reviewCount: 0,
  approvalStatus: 'pending',
  vendorId: testUser.id,
  createdAt: '2026-11-21T10:00:00.000Z',
};

function renderPortal({
  applications = [] as VendorApplication[],
  tier = testUser.tier,
  statsReply = { json: stats } as MockReply,
} = {}) {
  const fetchMock = mockFetch(({ url }) => {
    if (url === '/api/vendor/stats') return statsReply;
    if (url === '/api/vendor/applications') return { json: applications };
    if (url === '/api/vendor/products') return { json: [product] };
    if (url.startsWith('/api/vendor/applications?scope=all')) return { json: [application('PENDING')] };
    if (url === '/api/vendor/products?scope=pending') return { json: [] };
    return undefined;
  });
  renderWithProviders(<VendorPortal user={{ ...testUser, tier }} categories={[product.category]} />, {
    path: '/vendor',
  });
  return fetchMock;
}

describe('the vendor portal', () => {
  it('shows the figures, the inventory with approval badges and the applications with their colours', async () => {
    renderPortal({ applications: [application('REJECTED')] });
    expect(await screen.findByText('₹1,37,997')).toBeInTheDocument();
    expect(await screen.findByText('Thermal Monocular TX-9')).toBeInTheDocument();
    expect(screen.getByText('Pending approval')).toBeInTheDocument();
    const status = await screen.findByText('REJECTED');
    expect(status.closest('[data-status]')).toHaveClass('text-red-400');
    expect(screen.getByRole('button', { name: 'Apply as Vendor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review queue' })).not.toBeInTheDocument();
  });

  it('tells a user who is not an approved vendor to apply first instead of opening the product form', async () => {
    const actor = userEvent.setup();
    renderPortal({ applications: [application('PENDING')] });
    expect(await screen.findByText('PENDING')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply as Vendor' })).not.toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Add Product' }));
    // The toast's description (Radix repeats the whole toast in a hidden live region, which the pattern would also find).
    expect(
      await screen.findByText(/Apply as a vendor first/, { selector: '[data-slot="toast-description"]' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add product' })).not.toBeInTheDocument();
  });

  it('opens the product form for an approved vendor', async () => {
    const actor = userEvent.setup();
    renderPortal({ applications: [application('APPROVED')] });
    expect(await screen.findByText('APPROVED')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByRole('form', { name: 'Add product' })).toBeInTheDocument();
  });

  it("asks the vendor for the product's HSN code and GST rate and sends them with it", async () => {
    const actor = userEvent.setup();
    const fetchMock = renderPortal({ applications: [application('APPROVED')] });
    await actor.click(await screen.findByRole('button', { name: 'Add Product' }));
    const form = await screen.findByRole('form', { name: 'Add product' });
    await actor.type(within(form).getByLabelText('Product name'), 'Covert Body Camera BC-2');
    await actor.type(
      within(form).getByLabelText('Description'),
      'A body-worn camera the size of a button, recording 1080p for six hours.',
    );
    await actor.type(within(form).getByLabelText('Price (INR)'), '18999');
    await actor.click(within(form).getByRole('button', { name: 'Add Product' }));
    // Neither is guessed: the invoice prints what the vendor gives.
    expect(await within(form).findByText('HSN code must be 4, 6 or 8 digits')).toBeInTheDocument();
    expect(within(form).getByText(/^GST rate must be one of/)).toBeInTheDocument();
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);

    await actor.type(within(form).getByLabelText('HSN code'), '85258900');
    await actor.selectOptions(within(form).getByLabelText('GST rate'), '18 %');
    await actor.click(within(form).getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/vendor/products');
    expect(JSON.parse(String(init?.body))).toMatchObject({ hsnCode: '85258900', gstRate: '18' });
  });

  it('gives Directors the review queue', async () => {
    renderPortal({ tier: 4 });
    expect(await screen.findByRole('heading', { name: 'Review queue' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Approve Company PENDING' })).toBeInTheDocument();
    expect(await screen.findByText('No products waiting.')).toBeInTheDocument();
  });

  it("on a lost session says 'Vendor access requires authentication.' and goes to /api/login after 0.5 s", async () => {
    renderPortal({ statsReply: UNAUTHENTICATED });
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('Vendor access requires authentication.')).toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(loginRedirect).toHaveBeenCalledTimes(1);
  });
});
