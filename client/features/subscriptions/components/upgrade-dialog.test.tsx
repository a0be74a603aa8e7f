import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpgradeTierButton } from '@/features/subscriptions/components/upgrade-tier-button';
import { makeUpgradeResponse } from '@/test/payment-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

describe('the shared upgrade dialog', () => {
  it("offers the tiers above the user's, marks the current one, then takes the payment", async () => {
    const fetchMock = mockFetch(({ method, url }) =>
      method === 'POST' && url === '/api/upgrade-tier'
        ? { status: 201, json: makeUpgradeResponse('active', 3) }
        : undefined,
    );
    const onUpgraded = vi.fn();
    const actor = userEvent.setup();
    renderWithProviders(<UpgradeTierButton userTier={2} onUpgraded={onUpgraded} />);
    await actor.click(screen.getByRole('button', { name: 'Upgrade Tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Tier' });

    const options = within(dialog).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Operator'),
      expect.stringContaining('Agent'),
      expect.stringContaining('Director'),
    ]);
    expect(options[0]).toBeDisabled();
    expect(within(options[0]!).getByText('Current Tier')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();

    await actor.click(within(dialog).getByRole('button', { name: 'Yearly (Save 17%)' }));
    expect(options[1]).toHaveTextContent('$2,999/year');
    await actor.click(options[1]!);
    expect(options[1]).toHaveAttribute('aria-checked', 'true');
    await actor.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const payment = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(payment).getByLabelText('Amount')).toHaveValue('2999.00');
    await actor.click(within(payment).getByRole('radio', { name: /Crypto/ }));
    await actor.click(within(payment).getByRole('button', { name: 'Record crypto payment of $2,999.00' }));

    expect(await screen.findByText('Tier Upgraded')).toBeInTheDocument();
    expect(onUpgraded).toHaveBeenCalledTimes(1);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/upgrade-tier');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      tier: 3,
      billing: 'yearly',
      paymentMethod: 'crypto',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says no card is charged while the test card provider takes the payments, and not otherwise', async () => {
    for (const testMode of [true, false]) {
      mockFetch(({ method, url }) =>
        method === 'GET' && url === '/api/payments/instructions'
          ? {
              json: {
                bank_transfer: { text: 'Pay to Example Bank.', configured: true },
                crypto: { text: 'Not set yet.', configured: false },
                confirmationTime: '1-2 business days',
                testMode,
              },
            }
          : undefined,
      );
      const actor = userEvent.setup();
      const { unmount } = renderWithProviders(<UpgradeTierButton userTier={1} onUpgraded={() => {}} />);
      await actor.click(screen.getByRole('button', { name: 'Upgrade Tier' }));
      const dialog = await screen.findByRole('dialog', { name: 'Upgrade Tier' });
      await actor.click(within(dialog).getAllByRole('radio')[1]!);
      await actor.click(within(dialog).getByRole('button', { name: 'Continue' }));
      const payment = await screen.findByRole('dialog', { name: 'Complete Payment' });
      await within(payment).findByRole('button', { name: 'Pay $99.00' });
      if (testMode) {
        expect(await within(payment).findByRole('note')).toHaveTextContent('Test mode: no card is charged');
        expect(within(payment).getByRole('radio', { name: /Card/ })).toHaveAccessibleName(
          expect.stringContaining('Completes now, without a charge'),
        );
      } else {
        // The answer is in (it says not), and still no notice.
        await waitFor(() =>
          expect(vi.mocked(fetch).mock.calls.some(([url]) => url === '/api/payments/instructions')).toBe(
            true,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(within(payment).queryByText(/Test mode/)).not.toBeInTheDocument();
        expect(within(payment).getByText('Charged now; the tier applies at once.')).toBeInTheDocument();
      }
      unmount();
    }
  });

  it('has nothing to offer a Director', () => {
    mockFetch(() => undefined);
    renderWithProviders(<UpgradeTierButton userTier={4} onUpgraded={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Upgrade Tier' })).not.toBeInTheDocument();
  });
});
