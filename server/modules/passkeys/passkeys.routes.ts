import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../../contract/auth.js';
import {
  authenticationOptionsRequestSchema,
  authenticationOptionsSchema,
  createPasskeyRequestSchema,
  passkeyAuthenticationRequestSchema,
  passkeySchema,
  registrationOptionsSchema,
  renamePasskeyRequestSchema,
} from '../../../contract/passkeys.js';
import type { AppContext } from '../../infra/context.js';
import { unauthenticated } from '../../lib/errors.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import { access } from '../../lib/route-access.js';
import { requestMeta } from '../../plugins/session.js';
import * as auth from '../auth/auth.service.js';
import * as ceremonies from './ceremonies.service.js';
import { signInWithPasskey } from './passkey-sign-in.service.js';
import * as passkeys from './passkeys.service.js';
import { relyingParty } from './relying-party.js';

const tags = ['auth'];
const idParams = z.object({ id: z.string().max(100) });

export async function passkeysRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/passkeys/registration/options',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary: 'Start adding a passkey: creation options for the browser (needs a recent proof)',
        response: { 200: registrationOptionsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeys.registrationOptions(ctx, relyingParty(ctx.config, request), currentAuth(request).user);
    },
  );

  r.post(
    '/api/auth/passkeys',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary: 'Add the passkey the browser made with those options (needs a recent proof)',
        body: createPasskeyRequestSchema,
        response: { 201: passkeySchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const created = await passkeys.register(
        ctx,
        relyingParty(ctx.config, request),
        currentAuth(request).user,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/api/auth/passkeys',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Your passkeys, newest first',
        response: { 200: z.array(passkeySchema), ...errors(401) },
      },
    },
    async (request) => passkeys.list(ctx, currentAuth(request).user.id),
  );

  r.patch(
    '/api/auth/passkeys/:id',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: idParams,
        body: renamePasskeyRequestSchema,
        response: { 200: passkeySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      passkeys.rename(ctx, currentAuth(request).user.id, request.params.id, request.body.name),
  );

  r.delete(
    '/api/auth/passkeys/:id',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary: 'Remove a passkey (needs a recent proof)',
        params: idParams,
        response: { 204: z.null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await passkeys.remove(ctx, currentAuth(request).user.id, request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/passkeys/authentication/options',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Request options for a passkey: a sign-in, a 2FA step or a re-authentication',
        description:
          '`{}` starts a discoverable sign-in (`allowCredentials` empty). `{ "purpose": "mfa" }` needs the session ' +
          'of a sign-in waiting for its second factor, `{ "purpose": "reauth" }` a signed-in session; both list the ' +
          "account's passkeys. The challenge works once, for 5 minutes.",
        body: authenticationOptionsRequestSchema,
        response: { 200: authenticationOptionsSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const rp = relyingParty(ctx.config, request);
      const { purpose } = request.body;
      // A re-authentication is a session's (an API key has nothing to re-prove).
      const userId =
        purpose === 'mfa'
          ? request.pendingMfa?.user.id
          : purpose === 'reauth'
            ? (request.auth?.session ?? undefined) && request.auth?.user.id
            : null;
      if (userId === undefined) throw unauthenticated();
      reply.header('cache-control', 'no-store');
      return ceremonies.authenticationOptions(ctx, rp, purpose, userId);
    },
  );

  r.post(
    '/api/auth/passkeys/authentication',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Sign in with a passkey (no address needed); a complete sign-in, 2FA included',
        body: passkeyAuthenticationRequestSchema,
        response: { 200: userSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { user, session } = await signInWithPasskey(
        ctx,
        relyingParty(ctx.config, request),
        request.body.response,
        requestMeta(request),
        request.sessionToken,
      );
      reply.startSession(session);
      return auth.toPublicUser(user);
    },
  );
}
