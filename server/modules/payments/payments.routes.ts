import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import {
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  createPaymentRequestSchema,
  paymentInstructionsSchema,
  paymentSchema,
} from '../../../contract/payments.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import { AppError } from '../../lib/errors.js';
import { StripeError, verifyStripeSignature } from '../../infra/stripe.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as payments from './payments.service.js';

const tags = ['payments'];
const idParams = z.object({ id: z.string().max(100) });

export async function paymentsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/payments',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your payments, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(paymentSchema), ...errors(401) },
      },
    },
    async (request) => payments.listOwn(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.get(
    '/api/payments/instructions',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          "How to pay by bank transfer or crypto (the operator's details, or a placeholder until set; quote the payment's reference), and whether payments are in test mode",
        response: { 200: paymentInstructionsSchema, ...errors(401) },
      },
    },
    async () => payments.instructions(ctx),
  );

  r.post(
    '/api/payments',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Pay an amount (cards complete at once with the test provider; crypto and bank transfers wait)',
        body: createPaymentRequestSchema,
        response: { 201: paymentSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await payments.createPayment(ctx, currentAuth(request).user.id, request.body, requestMeta(request)),
        ),
  );

  r.get(
    '/api/admin/payments',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: "Everyone's payments, e.g. ?status=pending for the confirmation queue (Directors)",
        querystring: adminPaymentsQuerySchema,
        response: { 200: z.array(adminPaymentSchema), ...errors(401, 403) },
      },
    },
    async (request) =>
      payments.listForDirector(
        ctx,
        { ...requestMeta(request), id: currentAuth(request).user.id },
        request.query.status,
        request.query.limit,
      ),
  );

  for (const [action, status] of [
    ['confirm', 'completed'],
    ['fail', 'failed'],
  ] as const) {
    r.post(
      `/api/admin/payments/:id/${action}`,
      {
        config: { access: access.tier(DIRECTOR_TIER) },
        schema: {
          tags,
          summary:
            action === 'confirm'
              ? 'Confirm that a pending payment arrived (Directors); what it paid for takes effect'
              : 'Mark a pending payment as failed (Directors); what it paid for is called off',
          params: idParams,
          response: { 200: paymentSchema, ...errors(401, 403, 404, 409) },
        },
      },
      async (request) =>
        payments.settle(ctx, currentAuth(request).user.id, request.params.id, status, requestMeta(request)),
    );
  }
}

/** Stripe's outcomes for the intents it was asked to charge; anything else it sends is acknowledged and ignored. */
const STRIPE_OUTCOMES: Record<string, 'completed' | 'failed'> = {
  'payment_intent.succeeded': 'completed',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'failed',
};

/**
 * `POST /api/webhooks/stripe`, only with the stripe provider. The signature covers the exact bytes Stripe sent, so
 * this route reads its body as text (in its own plugin scope, leaving JSON parsing alone elsewhere).
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (ctx.config.PAYMENT_PROVIDER !== 'stripe' || !secret) return;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/stripe',
    {
      schema: {
        tags,
        summary: "Stripe's payment outcomes (signed with STRIPE_WEBHOOK_SECRET)",
        response: { 200: z.object({ received: z.literal(true) }), ...errors(400) },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = verifyStripeSignature(
          raw,
          typeof header === 'string' ? header : undefined,
          secret,
          Date.now() / 1000,
        );
      } catch (error) {
        if (error instanceof StripeError) throw new AppError('VALIDATION_FAILED', error.message);
        throw error;
      }
      const outcome = STRIPE_OUTCOMES[event.type];
      const intentId = event.data.object.id;
      if (outcome && typeof intentId === 'string') {
        await payments.settleByProvider(ctx, 'stripe', intentId, outcome, requestMeta(request));
      }
      return { received: true as const };
    },
  );
}
