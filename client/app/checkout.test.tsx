import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderRequest, Order } from '@contract/orders';
import { loadCheckout } from '@/app/load-checkout';
import { CartWidget } from '@/features/cart/components/cart-widget';
import { makeCartLine } from '@/test/catalog-fixtures';
import { mockFetch, UNAUTHENTICATED, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const line = makeCartLine({ id: 'l1', quantity: 2, product: { name: 'RF Detector', price: '45999.00' } });

function order(request: CreateOrderRequest, overrides: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    orderNumber: 'ORD-100001',
    status: request.paymentMethod === 'stripe' ? 'paid' : 'pending',
    currency: 'INR',
    total: '91998.00',
    paymentMethod: request.paymentMethod,
    paymentStatus: request.paymentMethod === 'stripe' ? 'completed' : 'pending',
    paymentId: 'pay-1',
    paymentReference: 'PAY-100001',
    shippingAddress: request.shippingAddress,
    lines: [
      {
        productId: 'p1',
        name: 'RF Detector',
        unitPrice: '45999.00',
        quantity: 2,
        lineTotal: '91998.00',
        hsnCode: '9030',
        gstRate: '18',
        taxableValue: '77964.40',
        cgst: '7016.80',
        sgst: '7016.80',
        igst: '0.00',
        returnedQuantity: 0,
      },
    ],
    placeOfSupply: '29',
    invoiceNumber: request.paymentMethod === 'stripe' ? 'INV/26-27/000001' : null,
    carrier: null,
    trackingNumber: null,
    cancelReason: null,
    refundedTotal: '0.00',
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    creditNotes: [],
    returns: [],
    refunds: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The cart holds `line` until an order is placed; `placeOrder` answers POST /api/orders. */
function serve(placeOrder: (request: MockRequest) => MockReply) {
  let lines = [line];
  return mockFetch((request) => {
    if (request.url === '/api/cart') return { json: lines };
    // The test card provider takes the card payments, as it does by default.
    if (request.url === '/api/payments/instructions') {
      return {
        json: {
          bank_transfer: { text: 'Pay to Example Bank.', configured: true },
          crypto: { text: 'Not set yet.', configured: false },
          confirmationTime: '1-2 business days',
          testMode: true,
        },
      };
    }
    if (request.method === 'POST' && request.url === '/api/orders') {
      const reply = placeOrder(request);
      if (reply.status === 201) lines = [];
      return reply;
    }
    return undefined;
  });
}

async function openCheckout() {
  const user = userEvent.setup();
  const onOrderPlaced = vi.fn();
  renderWithProviders(<CartWidget loadCheckout={loadCheckout} onOrderPlaced={onOrderPlaced} />);
  await user.click(screen.getByRole('button', { name: /Open shopping cart/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
  await user.click(await within(dialog).findByRole('button', { name: /Proceed to Checkout/ }));
  const form = await screen.findByRole('form', { name: 'Checkout' });
  return { user, form, onOrderPlaced };
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(within(form).getByLabelText('Full name'), 'Dana Reyes');
  await user.type(within(form).getByLabelText('Address line 1'), '12 MG Road');
  await user.type(within(form).getByLabelText('City'), 'Bengaluru');
  await user.type(within(form).getByLabelText('State'), 'Karnataka');
  await user.type(within(form).getByLabelText('Postal code'), '560001');
  await user.type(within(form).getByLabelText('Phone'), '+91 98765 43210');
}

describe('checkout', () => {
  it('checks the address with the API schema before sending anything', async () => {
    const fetchMock = serve(() => ({ status: 500 }));
    const { user, form } = await openCheckout();
    expect(within(form).getByLabelText('Country')).toHaveValue('India');
    expect(within(form).getByRole('radio', { name: /Card/ })).toBeChecked();
    expect(within(form).getByTestId('checkout-total')).toHaveTextContent('₹91,998');
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    expect(await within(form).findByText('Full name is required')).toBeInTheDocument();
    expect(within(form).getByText('City is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders')).toBe(false);
  });

  it('places a card order and confirms it as paid, then the cart is empty', async () => {
    const fetchMock = serve((request) => ({ status: 201, json: order(request.body as CreateOrderRequest) }));
    const { user, form, onOrderPlaced } = await openCheckout();
    // The payment step says no card is charged, and so does the confirmation.
    expect(await within(form).findByRole('note')).toHaveTextContent('Test mode: no card is charged');
    await fillAddress(user, form);
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Order Confirmed' });
    expect(within(dialog).getByText('Order ORD-100001 confirmed')).toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent('Test mode: no card is charged');
    expect(within(dialog).getByText('₹91,998 INR', { selector: 'dd' })).toBeInTheDocument();
    expect(within(dialog).getByText('Paid')).toBeInTheDocument();
    expect(onOrderPlaced).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'ORD-100001' }));

    const post = fetchMock.mock.calls.find(([url]) => url === '/api/orders');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      shippingAddress: {
        fullName: 'Dana Reyes',
        line1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        country: 'India',
        phone: '+91 98765 43210',
      },
      paymentMethod: 'stripe',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open shopping cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('marks a bank transfer order as awaiting payment confirmation', async () => {
    serve((request) => ({ status: 201, json: order(request.body as CreateOrderRequest) }));
    const { user, form } = await openCheckout();
    await fillAddress(user, form);
    await user.click(within(form).getByRole('radio', { name: /Bank transfer/ }));
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Confirmed' });
    expect(within(dialog).getByText('Awaiting payment confirmation')).toBeInTheDocument();
  });

  it('goes back to the cart with the API message when an item ran out', async () => {
    serve(() => ({
      status: 409,
      json: { message: 'RF Detector has only 1 left in stock', code: 'OUT_OF_STOCK' },
    }));
    const { user, form } = await openCheckout();
    await fillAddress(user, form);
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('RF Detector has only 1 left in stock');
    expect(within(dialog).getByTestId('cart-line')).toBeInTheDocument();
  });

  it("puts the API's address issues on their fields and shows other failures", async () => {
    let attempt = 0;
    serve(() => {
      attempt += 1;
      return attempt === 1
        ? {
            status: 400,
            json: {
              message: 'Invalid postal code',
              code: 'VALIDATION_FAILED',
              issues: [{ path: 'shippingAddress.postalCode', message: 'Invalid postal code' }],
            },
          }
        : { status: 400, json: { message: 'Your cart is empty', code: 'VALIDATION_FAILED' } };
    });
    const { user, form } = await openCheckout();
    await fillAddress(user, form);
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    expect(await within(form).findByText('Invalid postal code')).toBeInTheDocument();
    expect(within(form).getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your cart is empty');
  });

  it('asks a signed-out user to log in, then goes to /api/login after one second', async () => {
    serve(() => UNAUTHENTICATED);
    const { user, form } = await openCheckout();
    await fillAddress(user, form);
    const started = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to complete your purchase.')).toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});
