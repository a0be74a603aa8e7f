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

describe('S3 storage settings', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_BUCKET: 'intel-evidence',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };
  it('keeps files under DATA_DIR unless all of them are set, and then takes an http(s) endpoint and a bucket name', () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    const set = parseEnv(s3);
    expect(set.S3_ENDPOINT).toBe('http://127.0.0.1:9000');
    expect(set.S3_REGION).toBe('us-east-1');
    expect(() => parseEnv({ S3_BUCKET: 'intel-evidence' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_PREFIX: 'intel/' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: 'ftp://example.com' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET/);
    expect(parseEnv({ ...s3, S3_PREFIX: 'intel/' }).S3_PREFIX).toBe('intel/');
    expect(() => parseEnv({ ...s3, S3_PREFIX: 'a b/' })).toThrow(/S3_PREFIX/);
  });
});
