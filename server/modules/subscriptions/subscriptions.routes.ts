import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import {
  adminUpgradeSchema,
  pendingUpgradeSchema,
  subscriptionSchema,
  upgradeTierRequestSchema,
  upgradeTierResponseSchema,
} from '../../../contract/subscriptions.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as subscriptions from './subscriptions.service.js';

const tags = ['subscriptions'];
const idParams = z.object({ id: z.string().max(100) });

export async function subscriptionsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The upgrade call and the subscription call start the same thing: a paid plan above the current tier.
  for (const [url, summary] of [
    ['/api/upgrade-tier', 'Upgrade to a higher tier, paid per month or year'],
    ['/api/subscriptions', 'Start a subscription to a higher tier (the same as upgrade-tier)'],
  ] as const) {
    r.post(
      url,
      {
        config: { access: access.user() },
        schema: {
          tags,
          summary,
          body: upgradeTierRequestSchema,
          response: { 201: upgradeTierResponseSchema, ...errors(400, 401, 409) },
        },
      },
      async (request, reply) => {
        const result = await subscriptions.upgrade(
          ctx,
          currentAuth(request).user.id,
          request.body,
          requestMeta(request),
        );
        return reply.status(201).send(result);
      },
    );
  }

  r.get(
    '/api/subscriptions/active',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your active subscription, or null',
        response: { 200: subscriptionSchema.nullable(), ...errors(401) },
      },
    },
    async (request) => subscriptions.getActive(ctx, currentAuth(request).user.id),
  );

  r.get(
    '/api/subscriptions/pending',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Your upgrade waiting for its payment or approval, with the payment (its id is the reference), or null',
        response: { 200: pendingUpgradeSchema.nullable(), ...errors(401) },
      },
    },
    async (request) => subscriptions.getPending(ctx, currentAuth(request).user.id),
  );

  r.post(
    '/api/subscriptions/cancel',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Turn auto renewal off: the tier stays until the paid period ends (409 for a subscription paid by bank transfer or crypto, which does not renew by itself)',
        response: { 200: subscriptionSchema, ...errors(401, 404, 409) },
      },
    },
    async (request) => subscriptions.cancel(ctx, currentAuth(request).user.id, requestMeta(request)),
  );

  r.get(
    '/api/admin/upgrades',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Upgrades waiting for a payment confirmation or an approval (Directors)',
        querystring: listQuerySchema,
        response: { 200: z.array(adminUpgradeSchema), ...errors(401, 403) },
      },
    },
    async (request) => subscriptions.listPendingUpgrades(ctx, request.query.limit),
  );

  for (const action of ['approve', 'reject'] as const) {
    r.post(
      `/api/admin/upgrades/:id/${action}`,
      {
        config: { access: access.tier(DIRECTOR_TIER) },
        schema: {
          tags,
          summary:
            action === 'approve'
              ? 'Approve a paid upgrade (tier 4 always needs this) (Directors)'
              : 'Turn an upgrade down: its payment fails or is refunded (Directors)',
          params: idParams,
          response: { 200: subscriptionSchema, ...errors(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const directorId = currentAuth(request).user.id;
        return action === 'approve'
          ? subscriptions.approveUpgrade(ctx, directorId, request.params.id, requestMeta(request))
          : subscriptions.rejectUpgrade(ctx, directorId, request.params.id, requestMeta(request));
      },
    );
  }
}
