import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  digitalServiceSchema,
  serviceInquiryRequestSchema,
  serviceInquirySchema,
} from '../../../contract/digital-services.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import { sendCachedJson } from '../../plugins/compression.js';
import { serializeOnce } from '../../lib/serialize-once.js';
import { sendWhenReady } from '../../lib/when-ready.js';
import * as digital from './digital-services.service.js';

const tags = ['digital-services'];
const suiteSchema = z.array(digitalServiceSchema);
/** The service hands out the same list while it is cached: its JSON is made, and compressed, once. */
const serializeSuite = serializeOnce(suiteSchema);

export async function digitalServicesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/digital-services',
    {
      // Public and the same for everyone: a browser's session is not looked up (decision 014).
      config: { access: access.public({ session: false }) },
      schema: {
        tags,
        summary: 'The digital intelligence suite, by minimum tier',
        response: { 200: suiteSchema },
      },
      // Its answer brings its own compressed forms (sendCachedJson): no compression hooks run for it.
      compress: false,
    },
    // Synchronous when the suite is cached (sendWhenReady).
    (request, reply) =>
      sendWhenReady(digital.listServices(ctx), (suite) =>
        sendCachedJson(request, reply, suite, serializeSuite, { shared: true }),
      ),
  );

  r.post(
    '/api/service-inquiries',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Ask for a service (within your tier)',
        body: serviceInquiryRequestSchema,
        response: { 201: serviceInquirySchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const inquiry = await digital.createInquiry(
        ctx,
        currentAuth(request).user,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(inquiry);
    },
  );

  r.get(
    '/api/service-inquiries',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your inquiries and their status, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(serviceInquirySchema), ...errors(401) },
      },
    },
    async (request) => digital.listInquiries(ctx, currentAuth(request).user.id, request.query.limit),
  );
}
