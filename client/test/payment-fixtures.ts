import type { Payment } from '@contract/payments';
import type { Subscription, UpgradeOutcome, UpgradeTierResponse } from '@contract/subscriptions';

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 's1',
    tier: 2,
    tierName: 'Operator',
    billing: 'monthly',
    amount: '99.00',
    currency: 'USD',
    paymentMethod: 'stripe',
    status: 'active',
    currentPeriodStart: '2026-11-01T10:00:00.000Z',
    currentPeriodEnd: '2026-12-01T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'p1',
    reference: 'PAY-100001',
    amount: '99.00',
    currency: 'USD',
    paymentMethod: 'stripe',
    status: 'completed',
    purpose: 'tier_upgrade',
    description: 'Operator (tier 2), monthly',
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    completedAt: null,
    ...overrides,
  };
}

export function makeUpgradeResponse(outcome: UpgradeOutcome, tier: number): UpgradeTierResponse {
  return {
    outcome,
    tier: outcome === 'active' ? tier : 1,
    subscription: makeSubscription({ tier, status: outcome === 'active' ? 'active' : 'pending' }),
    payment: makePayment({ status: outcome === 'pending_payment' ? 'pending' : 'completed' }),
  };
}
