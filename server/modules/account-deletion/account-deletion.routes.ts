import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountDeletionTermsSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
} from '../../../contract/privacy.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as accountDeletion from './account-deletion.service.js';

const tags = ['privacy'];

export async function accountDeletionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/account/deletion',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'What deleting your account would do here',
        description:
          '`graceDays`: how many days after the request the deletion is carried out (ACCOUNT_DELETION_GRACE_DAYS; ' +
          '0 means within a minute). Signing in before then cancels it.',
        response: { 200: accountDeletionTermsSchema, ...errors(401) },
      },
    },
    async () => ({ graceDays: ctx.config.ACCOUNT_DELETION_GRACE_DAYS }),
  );

  r.post(
    '/api/account/delete',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Delete your account',
        description:
          'Needs the password and, with 2FA on, a code from the app or a backup code. Every session (this one too) ' +
          'and API key ends at once; the deletion is carried out at `scheduledFor` (ACCOUNT_DELETION_GRACE_DAYS ' +
          'from now) unless you sign in before then. A request while one is pending answers the same date. An API ' +
          'key needs the admin permission. The last owner of an organisation with other members: 409 until another member owns it.',
        body: deleteAccountRequestSchema,
        response: { 202: deleteAccountResponseSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { scheduledFor } = await accountDeletion.requestDeletion(
        ctx,
        currentAuth(request).user,
        request.body,
        requestMeta(request),
      );
      return reply.endSessionCookie().status(202).send({ scheduledFor: scheduledFor.toISOString() });
    },
  );
}
