import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { makePayment } from '@/test/payment-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

describe('the Payment History tab', () => {
  it("says 'No Payment History' when there is none", async () => {
    mockFetch(({ url }) => (url === '/api/payments' ? { json: [] } : undefined));
    renderWithProviders(<PaymentHistory />);
    expect(await screen.findByText('No Payment History')).toBeInTheDocument();
  });

  it('lists amount, currency, time, status and method', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/payments/instructions') {
        return {
          json: {
            bank_transfer: { text: 'Pay to Example Bank, account 0001.', configured: true },
            crypto: { text: 'Not set yet.', configured: false },
            confirmationTime: '1-2 business days',
            testMode: false,
          },
        };
      }
      return url === '/api/payments'
        ? {
            json: [
              makePayment({
                id: 'p2',
                reference: 'PAY-100002',
                paymentMethod: 'bank_transfer',
                status: 'pending',
                amount: '2999.00',
              }),
              makePayment({ id: 'p1' }),
            ],
          }
        : undefined;
    });
    renderWithProviders(<PaymentHistory />);
    const [pending, completed] = await screen.findAllByTestId('payment-row');
    expect(within(pending!).getByText('$2,999.00')).toBeInTheDocument();
    expect(within(pending!).getByText('USD')).toBeInTheDocument();
    // A transfer still to make says how, with the reference to quote; a completed payment does not.
    const how = within(pending!).getByRole('region', { name: 'How to pay by bank transfer' });
    expect(await within(how).findByText('Pay to Example Bank, account 0001.')).toBeInTheDocument();
    expect(within(how).getByTestId('payment-reference')).toHaveTextContent('PAY-100002');
    expect(within(completed!).queryByTestId('payment-instructions')).not.toBeInTheDocument();
    expect(within(pending!).getByText('Pending')).toBeInTheDocument();
    expect(within(pending!).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(pending!).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(completed!).getByText('Completed')).toBeInTheDocument();
    expect(within(completed!).getByText('Card')).toBeInTheDocument();
    expect(within(completed!).getByText('Operator (tier 2), monthly')).toBeInTheDocument();
  });
});
