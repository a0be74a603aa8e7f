import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { gstr1QuerySchema } from '../../../contract/gst-returns.js';
import { listQuerySchema } from '../../../contract/lists.js';
import {
  adminOrderSchema,
  cancelOrderRequestSchema,
  createOrderRequestSchema,
  createReturnRequestSchema,
  orderQueueQuerySchema,
  orderReturnSchema,
  orderSchema,
  refundSchema,
  rejectReturnRequestSchema,
  shipOrderRequestSchema,
} from '../../../contract/orders.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import { attachmentDisposition } from '../evidence/evidence.content.js';
import { retryRefund } from '../payments/refunds.js';
import * as documents from './documents.service.js';
import * as fulfilment from './fulfilment.service.js';
import * as gstReturns from './gst-returns.service.js';
import * as orders from './orders.service.js';
import * as returns from './returns.service.js';

const tags = ['orders'];

export async function ordersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/orders',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Check out: turn the cart into an order and pay for it',
        body: createOrderRequestSchema,
        response: { 201: orderSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const order = await orders.placeOrder(
        ctx,
        currentAuth(request).user,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(order);
    },
  );

  r.get(
    '/api/orders',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: "The signed-in user's orders, newest first",
        querystring: listQuerySchema,
        response: { 200: z.array(orderSchema), ...errors(401) },
      },
    },
    async (request) => orders.listOrders(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.get(
    '/api/orders/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'One of your orders',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: orderSchema, ...errors(401, 404) },
      },
    },
    async (request) => orders.getOrder(ctx, currentAuth(request).user.id, request.params.id),
  );

  const idParams = z.object({ id: z.string().max(100) });
  const pdf = (reply: FastifyReply, file: { pdf: Buffer; filename: string }) =>
    reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(file.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.pdf);

  r.get(
    '/api/orders/:id/invoice',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'The tax invoice of one of your orders (PDF), once it is paid',
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), ...errors(401, 404) },
      },
    },
    async (request, reply) =>
      pdf(reply, await documents.invoicePdf(ctx, currentAuth(request).user.id, request.params.id)),
  );

  r.get(
    '/api/orders/:id/credit-notes/:creditNoteId',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'A credit note of one of your orders (PDF)',
        params: z.object({ id: z.string().max(100), creditNoteId: z.string().max(100) }),
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), ...errors(401, 404) },
      },
    },
    async (request, reply) =>
      pdf(
        reply,
        await documents.creditNotePdf(
          ctx,
          currentAuth(request).user.id,
          request.params.id,
          request.params.creditNoteId,
        ),
      ),
  );

  r.post(
    '/api/orders/:id/cancel',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Cancel an order before it ships (your own; a Director any): stock back, full refund, credit note',
        params: idParams,
        body: cancelOrderRequestSchema,
        response: { 200: orderSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      return fulfilment.cancel(
        ctx,
        user,
        user.tier >= 4,
        request.params.id,
        request.body.reason,
        requestMeta(request),
      );
    },
  );

  r.post(
    '/api/orders/:id/returns',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Ask to return goods of one of your delivered orders, within RETURN_WINDOW_DAYS of delivery',
        params: idParams,
        body: createReturnRequestSchema,
        response: { 201: orderReturnSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await returns.requestReturn(
            ctx,
            currentAuth(request).user.id,
            request.params.id,
            request.body,
            requestMeta(request),
          ),
        ),
  );

  r.post(
    '/api/orders/:id/ship',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary: 'Directors: mark a paid order shipped; the buyer is mailed',
        params: idParams,
        body: shipOrderRequestSchema,
        response: { 200: orderSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      fulfilment.ship(
        ctx,
        currentAuth(request).user.id,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  r.post(
    '/api/orders/:id/deliver',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary: 'Directors: mark a shipped order delivered',
        params: idParams,
        response: { 200: orderSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) =>
      fulfilment.deliver(ctx, currentAuth(request).user.id, request.params.id, requestMeta(request)),
  );

  r.post(
    '/api/returns/:id/approve',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary: 'Directors: approve a return (stock back, credit note, refund of its lines)',
        params: idParams,
        response: { 200: orderSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) =>
      returns.approveReturn(ctx, currentAuth(request).user.id, request.params.id, requestMeta(request)),
  );

  r.post(
    '/api/returns/:id/reject',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary: 'Directors: turn a return down, saying why',
        params: idParams,
        body: rejectReturnRequestSchema,
        response: { 200: orderSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      returns.rejectReturn(
        ctx,
        currentAuth(request).user.id,
        request.params.id,
        request.body.reason,
        requestMeta(request),
      ),
  );

  r.get(
    '/api/admin/orders',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary: "Directors' order queue: to ship, in transit, returns to decide, refunds refused, or all",
        querystring: orderQueueQuerySchema,
        response: { 200: z.array(adminOrderSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      orders.listQueue(
        ctx,
        { ...requestMeta(request), id: currentAuth(request).user.id },
        request.query.queue,
        request.query.limit,
      ),
  );

  r.get(
    '/api/admin/gst-returns',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary:
          "Directors: one GSTR-1 table (b2b, b2cl, b2cs, cdnr, cdnur) of a month's invoices and credit notes, as CSV",
        querystring: gstr1QuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await gstReturns.gstr1Csv(ctx, request.query);
      const name = `gstr1-${request.query.table}-${request.query.month}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  r.post(
    '/api/admin/refunds/:id/retry',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary: 'Directors: send a refund the payment provider refused again',
        params: idParams,
        response: { 200: refundSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const refund = await retryRefund(
        ctx,
        currentAuth(request).user.id,
        request.params.id,
        requestMeta(request).ip,
      );
      return {
        id: refund.id,
        amount: refund.amount,
        status: refund.status,
        createdAt: refund.createdAt.toISOString(),
        completedAt: refund.completedAt?.toISOString() ?? null,
      };
    },
  );
}
