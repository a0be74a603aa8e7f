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

describe('mail settings', () => {
  it('keeps mail in the outbox by default and takes smtp:// or smtps:// URLs and a one-line sender', () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({}).MAIL_FROM).toBe('Intel Portal <no-reply@localhost>');
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ MAIL_FROM: 'A <a@example.com>\r\nBcc: b@example.com' })).toThrow(/MAIL_FROM/);
  });
});
