import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backupCodesSchema,
  mfaDisableRequestSchema,
  mfaEnableRequestSchema,
  mfaLoginRequestSchema,
  mfaSetupSchema,
} from '../../../contract/mfa.js';
import { reauthRequestSchema, reauthResponseSchema, userSchema } from '../../../contract/auth.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { forbidden, unauthenticated } from '../../lib/errors.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as auth from '../auth/auth.service.js';
import { relyingParty } from '../passkeys/relying-party.js';
import * as mfa from './mfa.service.js';
import { reauthenticate } from './reauth.service.js';

const tags = ['auth'];

export async function mfaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/mfa/setup',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Start 2FA: a new secret, its QR code and backup codes (only while 2FA is off)',
        response: { 200: mfaSetupSchema, ...errors(401, 409) },
      },
    },
    async (request, reply) => {
      // The answer holds a secret: never cached anywhere.
      reply.header('cache-control', 'no-store');
      return mfa.setup(ctx, currentAuth(request).user);
    },
  );

  r.post(
    '/api/auth/mfa/enable',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Turn 2FA on with a first code',
        body: mfaEnableRequestSchema,
        response: { 200: userSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      await mfa.enable(ctx, user, request.body.code, requestMeta(request), request.sessionToken);
      return { ...auth.toPublicUser(user), mfaEnabled: true };
    },
  );

  r.post(
    '/api/auth/mfa/disable',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary: 'Turn 2FA off with a code or a backup code (needs a recent proof)',
        body: mfaDisableRequestSchema,
        response: { 200: userSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      await mfa.disable(ctx, user, request.body.code, requestMeta(request), request.sessionToken);
      return { ...auth.toPublicUser(user), mfaEnabled: false };
    },
  );

  r.post(
    '/api/auth/login/mfa',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Second step of a 2FA sign-in: a code, a backup code or a passkey',
        description:
          '`{ code }` or `{ passkey }`, the result of a ceremony begun with ' +
          '`POST /api/auth/passkeys/authentication/options {"purpose": "mfa"}`.',
        // No guard: the handler asks for the session cookie of a sign-in waiting for its second factor.
        security: [{ session: [] }],
        body: mfaLoginRequestSchema,
        response: { 200: userSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      if (!request.pendingMfa || !request.sessionToken) throw unauthenticated();
      const { code, passkey } = request.body;
      const { user, session } = await mfa.completeLogin(
        ctx,
        request.pendingMfa,
        request.sessionToken,
        passkey ? { passkey, rp: relyingParty(ctx.config, request) } : { code: code! },
        requestMeta(request),
      );
      reply.startSession(session);
      return user;
    },
  );

  r.post(
    '/api/auth/mfa/backup-codes',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary:
          'New backup codes, replacing every earlier one; shown in this answer only (needs a recent proof)',
        response: { 200: backupCodesSchema, ...errors(401, 403, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const backupCodes = await mfa.regenerateBackupCodes(
        ctx,
        currentAuth(request).user,
        requestMeta(request),
      );
      return { backupCodes };
    },
  );

  r.post(
    '/api/auth/reauth',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Confirm it is you: a password, a code or a passkey opens the guarded actions for a while',
        description:
          'The session may then add or remove passkeys, turn 2FA off, make new backup codes, create API keys, ' +
          'rotate the automation signing secret and start a data export for REAUTH_WINDOW_SECONDS (default 900). ' +
          'A passkey comes from a ceremony begun with `POST /api/auth/passkeys/authentication/options ' +
          '{"purpose": "reauth"}`. API keys cannot re-authenticate (403).',
        body: reauthRequestSchema,
        response: { 200: reauthResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { user, session } = currentAuth(request);
      if (!session || !request.sessionToken) throw forbidden('API keys cannot re-authenticate');
      const { password, code, passkey } = request.body;
      const proof =
        password !== undefined
          ? { password }
          : code !== undefined
            ? { code }
            : { passkey: passkey!, rp: relyingParty(ctx.config, request) };
      const until = await reauthenticate(ctx, user, request.sessionToken, proof, requestMeta(request));
      return { reauthenticatedUntil: until.toISOString() };
    },
  );
}
