import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import {
  reviewVendorApplicationRequestSchema,
  reviewVendorProductRequestSchema,
  vendorApplicationListQuerySchema,
  vendorApplicationRequestSchema,
  vendorApplicationSchema,
  vendorProductListQuerySchema,
  vendorProductRequestSchema,
  vendorProductSchema,
  vendorStatsSchema,
} from '../../../contract/vendors.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as vendor from './vendors.service.js';

const tags = ['vendor'];
const idParams = z.object({ id: z.string().max(100) });

export async function vendorsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vendor/applications',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your vendor applications, newest first (`scope=all`: everyone’s, Directors only)',
        querystring: vendorApplicationListQuerySchema,
        response: { 200: z.array(vendorApplicationSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      vendor.listApplications(ctx, currentAuth(request).user, request.query, requestMeta(request)),
  );

  r.post(
    '/api/vendor/applications',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Apply as a vendor (one pending or approved application at a time)',
        body: vendorApplicationRequestSchema,
        response: { 201: vendorApplicationSchema, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const application = await vendor.createApplication(ctx, currentAuth(request).user, request.body);
      return reply.status(201).send(application);
    },
  );

  r.patch(
    '/api/vendor/applications/:id',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Approve or reject a pending application (Directors)',
        params: idParams,
        body: reviewVendorApplicationRequestSchema,
        response: { 200: vendorApplicationSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      vendor.reviewApplication(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  r.get(
    '/api/vendor/products',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your products in every approval state (`scope=pending`: the review queue, Directors only)',
        querystring: vendorProductListQuerySchema,
        response: { 200: z.array(vendorProductSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => vendor.listProducts(ctx, currentAuth(request).user, request.query),
  );

  r.post(
    '/api/vendor/products',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Add a product (approved vendors); it is listed once a Director approves it',
        body: vendorProductRequestSchema,
        response: { 201: vendorProductSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const product = await vendor.createProduct(ctx, currentAuth(request).user, request.body);
      return reply.status(201).send(product);
    },
  );

  r.patch(
    '/api/vendor/products/:id',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Approve or reject a vendor product (Directors)',
        params: idParams,
        body: reviewVendorProductRequestSchema,
        response: { 200: vendorProductSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      vendor.reviewProduct(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  r.get(
    '/api/vendor/stats',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your products and what they sold (paid or fulfilled orders)',
        response: { 200: vendorStatsSchema, ...errors(401) },
      },
    },
    async (request) => vendor.stats(ctx, currentAuth(request).user.id),
  );
}
