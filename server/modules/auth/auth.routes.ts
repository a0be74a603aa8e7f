import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  currentUserSchema,
  type CurrentUser,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  safeReturnTo,
  userSchema,
  verifyEmailRequestSchema,
} from '../../../contract/auth.js';
import { serializeOnce } from '../../lib/serialize-once.js';
import { access } from '../../lib/route-access.js';
import { JSON_MEDIA_TYPE } from '../../lib/media-types.js';
import { errors, redirects } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { foreignRequest } from '../../plugins/security.js';
import { requestMeta } from '../../plugins/session.js';
import * as mfa from '../mfa/mfa.service.js';
import * as accountChanges from './account-changes.service.js';
import * as auth from './auth.service.js';
import * as emailVerification from './email-verification.service.js';
import * as passwordReset from './password-reset.service.js';
import * as registration from './registration.service.js';
import * as sessions from './sessions.service.js';
import * as signIn from './sign-in.service.js';

const tags = ['auth'];
const serializeUser = serializeOnce(userSchema, auth.toPublicUser);

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/register',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerRequestSchema,
        response: { 201: userSchema, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, session } = await registration.register(
        ctx,
        request.body,
        requestMeta(request),
        request.sessionToken,
      );
      reply.startSession(session);
      return reply.status(201).send(auth.toPublicUser(user));
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Answers `{ mfaRequired: true, methods }` when the account has 2FA; the second factor (one of `methods`: ' +
          '`totp`, `backup_code`, `passkey`) then goes to /api/auth/login/mfa.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const result = await signIn.login(ctx, request.body, requestMeta(request), request.sessionToken);
      reply.startSession(result.session);
      if (result.kind !== 'signed-in') {
        return { mfaRequired: true as const, methods: await mfa.methods(ctx, result.user.id) };
      }
      return auth.toPublicUser(await sessions.loadSignedInUser(ctx.db, result.user));
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: access.public() },
      schema: { tags, summary: 'End the session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.auth && request.sessionToken) {
        await signIn.logout(ctx, currentAuth(request).user.id, request.sessionToken, requestMeta(request));
      } else if (request.sessionToken) {
        await sessions.endSession(ctx, request.sessionToken);
      }
      return reply.endSessionCookie().status(204).send(null);
    },
  );

  r.get(
    '/api/logout',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'End the session and go to the home page (full-page navigation)',
        description:
          'Always 302 to `/`. A navigation another site caused (`Sec-Fetch-Site: cross-site`, or a foreign ' +
          '`Origin`) ends nothing: a link or a form elsewhere cannot sign anyone out. The app’s own sign-out ' +
          '(`same-origin`) and an address typed or bookmarked (`none`) end the session.',
        response: redirects('To `/`'),
      },
    },
    async (request, reply) => {
      // Sign-out is a GET (spec: a full-page navigation), and SameSite=Lax sends the cookie on another site's links.
      if (foreignRequest(request)) return reply.redirect('/', 302);
      if (request.auth && request.sessionToken) {
        await signIn.logout(ctx, currentAuth(request).user.id, request.sessionToken, requestMeta(request));
      }
      return reply.endSessionCookie().redirect('/', 302);
    },
  );

  r.get(
    '/api/login',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Go to the sign-in page (full-page navigation)',
        querystring: z.object({ returnTo: z.string().optional() }),
        response: {
          ...redirects('To `/login`, with `returnTo` when it is a path of this site'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply.redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login', 302);
    },
  );

  r.get(
    '/api/auth/user',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'The signed-in user, and until when the session may take the guarded actions without a new proof',
        response: { 200: currentUserSchema, ...errors(401) },
      },
      // A few hundred bytes, under the compression threshold: no compression hooks run for it.
      compress: false,
    },
    // The user row lives in the session cache until it changes (decision 004): its part of the answer is made once
    // per row; the session's proof time is added to it per request (a few bytes, never compressed).
    async (request, reply) => {
      const { user, session } = currentAuth(request);
      const until = session ? sessions.reauthenticatedUntil(ctx, session) : null;
      const live = until && until.getTime() > ctx.now().getTime() ? `"${until.toISOString()}"` : 'null';
      const json = `${serializeUser(user).slice(0, -1)},"reauthenticatedUntil":${live}}`;
      return reply.type(JSON_MEDIA_TYPE).send(json as unknown as CurrentUser);
    },
  );

  r.post(
    '/api/auth/password-reset',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Mail a password reset link',
        description:
          'Answers 202 for every valid address, whether or not it has an account; the link works once, for 30 minutes.',
        body: passwordResetRequestSchema,
        response: { 202: acceptedSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await passwordReset.requestPasswordReset(ctx, request.body.email, requestMeta(request));
      return reply.status(202).send({});
    },
  );

  r.post(
    '/api/auth/password-reset/confirm',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "Set a new password with a reset link's token",
        description: 'Ends every session of the account; two-factor authentication stays on.',
        body: passwordResetConfirmSchema,
        response: { 200: acceptedSchema, ...errors(400) },
      },
    },
    async (request) => {
      await passwordReset.confirmPasswordReset(ctx, request.body, requestMeta(request));
      return {};
    },
  );

  r.post(
    '/api/auth/verify-email',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "Confirm an address with a verification or address-change link's token",
        body: verifyEmailRequestSchema,
        response: { 200: acceptedSchema, ...errors(400, 409) },
      },
    },
    async (request) => {
      await emailVerification.verifyEmail(ctx, request.body.token, requestMeta(request));
      return {};
    },
  );

  r.post(
    '/api/auth/verify-email/resend',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Mail a new verification link to your address',
        response: { 202: acceptedSchema, ...errors(401, 409, 429) },
      },
    },
    async (request, reply) => {
      await emailVerification.resendVerification(ctx, currentAuth(request).user, requestMeta(request));
      return reply.status(202).send({});
    },
  );

  r.post(
    '/api/auth/password',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Change your password',
        description: 'Needs the current password; your other sessions end, this one stays.',
        body: changePasswordRequestSchema,
        response: { 204: z.null(), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await accountChanges.changePassword(ctx, currentAuth(request).user, request.body, {
        ...requestMeta(request),
        keepToken: request.sessionToken,
      });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/email',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Change your sign-in address',
        description:
          'Needs the current password. A link goes to the new address; the change happens when it is opened.',
        body: changeEmailRequestSchema,
        response: { 202: acceptedSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await accountChanges.requestEmailChange(
        ctx,
        currentAuth(request).user,
        request.body,
        requestMeta(request),
      );
      return reply.status(202).send({});
    },
  );
}
