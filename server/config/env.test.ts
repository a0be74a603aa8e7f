import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';

describe('payment settings', () => {
  it('uses the test provider unless a Stripe key is set, and then needs the webhook secret too', () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe('test');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    const stripe = parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(stripe.PAYMENT_PROVIDER).toBe('stripe');
    expect(stripe.STRIPE_API_BASE).toBe('https://api.stripe.com');
    expect(parseEnv({ PAYMENT_PROVIDER: 'test', STRIPE_SECRET_KEY: 'sk_test_1' }).PAYMENT_PROVIDER).toBe(
      'test',
    );
  });
});
