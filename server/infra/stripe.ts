import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChargeInput, ChargeResult, PaymentProvider } from './payments.js';
import { toMinor } from '../lib/money.js';

export interface StripeOptions {
  secretKey: string;
  apiBase: string;
  /** Injectable for tests. */
  fetch?: typeof fetch;
}

/** How long a signed webhook stays acceptable (Stripe's own default tolerance). */
const WEBHOOK_TOLERANCE_S = 300;

export class StripeError extends Error {}

/**
 * Card payments through Stripe PaymentIntents (when STRIPE_SECRET_KEY is set): a charge creates an intent and the payment stays
 * pending until Stripe reports its outcome to `/api/webhooks/stripe`. Requests carry an idempotency key (the
 * payment's id for a charge), so a retried charge cannot create a second intent.
 */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  const request = async (path: string, form: Record<string, string>, idempotencyKey: string) => {
    const response = await (options.fetch ?? fetch)(new URL(path, options.apiBase), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': idempotencyKey,
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const message = (body.error as { message?: string } | undefined)?.message ?? response.statusText;
      throw new StripeError(`Stripe answered ${response.status}: ${message}`);
    }
    return body;
  };

  return {
    name: 'stripe',
    async charge(input: ChargeInput): Promise<ChargeResult> {
      const key = `charge_${input.idempotencyKey}`;
      const intent = await request(
        '/v1/payment_intents',
        {
          amount: String(toMinor(input.amount)),
          currency: input.currency.toLowerCase(),
          description: input.description,
          'automatic_payment_methods[enabled]': 'true',
        },
        key,
      );
      if (typeof intent.id !== 'string') throw new StripeError('Stripe answered without a payment intent id');
      return {
        status: intent.status === 'succeeded' ? 'completed' : 'pending',
        provider: 'stripe',
        reference: intent.id,
      };
    },
    async refund(input) {
      const form: Record<string, string> = { payment_intent: input.reference };
      if (input.amount) form.amount = String(toMinor(input.amount));
      await request('/v1/refunds', form, `refund_${input.idempotencyKey ?? input.reference}`);
    },
  };
}

export interface StripeEvent {
  id: string;
  type: string;
  data: { object: { id?: string; object?: string } };
}

/**
 * Stripe's scheme: `Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. A stale timestamp
 * (replayed capture) or a signature made with another secret is refused.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: number,
): StripeEvent {
  if (!header) throw new StripeError('Missing Stripe-Signature header');
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isFinite(timestamp) || signatures.length === 0)
    throw new StripeError('Malformed Stripe-Signature');
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_S)
    throw new StripeError('Stripe signature timestamp too old');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const valid = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new StripeError('Stripe signature does not match');
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new StripeError('Stripe event is not JSON');
  }
  const candidate = event as Partial<StripeEvent>;
  if (typeof candidate.id !== 'string' || typeof candidate.type !== 'string' || !candidate.data?.object) {
    throw new StripeError('Stripe event is missing its id, type or object');
  }
  return candidate as StripeEvent;
}

/** Signs a body as Stripe does; for tests and local tools that play Stripe's part. */
export function signStripePayload(
  rawBody: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
