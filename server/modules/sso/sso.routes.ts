import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SSO_CALLBACK_PATH,
  SSO_START_PATH,
  ssoLookupQuerySchema,
  ssoLookupSchema,
  ssoSettingsRequestSchema,
  ssoSettingsSchema,
  ssoStartQuerySchema,
} from '../../../contract/sso.js';
import type { AppContext } from '../../infra/context.js';
import { access } from '../../lib/route-access.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors, redirects } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as settings from './sso-settings.service.js';
import * as ssoSignIn from './sso-sign-in.service.js';

const tags = ['sso'];
/** Binds a started sign-in to the browser that started it (a login CSRF would otherwise sign a victim in). */
const STATE_COOKIE = 'sso_state';
/** Domain lookups per IP and minute: enough for a person typing, not for listing a directory of domains. */
const LOOKUP_LIMIT = { max: 30, windowMs: 60_000 };

function stateCookie(ctx: AppContext, value: string, maxAge: number): string {
  // Lax: the identity provider's redirect back is a top-level GET navigation, which carries it.
  return stringifySetCookie({
    name: STATE_COOKIE,
    value,
    path: '/api/auth/sso',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.COOKIE_SECURE,
    maxAge,
  });
}

function boundState(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header === undefined ? undefined : parseCookie(header)[STATE_COOKIE];
}

function go(reply: FastifyReply, outcome: ssoSignIn.SsoOutcome) {
  if (outcome.session) reply.startSession(outcome.session);
  return reply.redirect(outcome.location, 302);
}

/** Single sign-on (design 12.4): the owner's settings, the public domain lookup, and the code flow's two ends. */
export async function ssoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization/sso',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your organisation’s single sign-on settings, without the secret (owners; 404 when none)',
        response: { 200: ssoSettingsSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => settings.getSettings(ctx, currentAuth(request).user),
  );

  r.put(
    '/api/organization/sso',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary: 'Set up single sign-on with an OpenID Connect issuer (owners; needs a recent proof)',
        description:
          'The issuer’s discovery document is read through the outbound guard first: 400 with the reason when it ' +
          'cannot be (a refused address, no answer, an issuer that does not match). `clientSecret` may be left out ' +
          'to keep the stored one; it is never shown again.',
        body: ssoSettingsRequestSchema,
        response: { 200: ssoSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      settings.saveSettings(ctx, currentAuth(request).user, request.body, requestMeta(request)),
  );

  r.delete(
    '/api/organization/sso',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary:
          'Remove single sign-on: members sign in with their passwords again (owners; needs a recent proof)',
        response: { 204: z.null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await settings.removeSettings(ctx, currentAuth(request).user, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/auth/sso/lookup',
    {
      config: { access: access.public({ session: false }) },
      schema: {
        tags,
        summary: 'Whether an address’s domain signs in through single sign-on (nothing else is revealed)',
        querystring: ssoLookupQuerySchema,
        response: { 200: ssoLookupSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      await rateLimits.consume(ctx.db, `sso-lookup:${request.ip}`, LOOKUP_LIMIT);
      return { sso: await settings.domainHasSso(ctx, request.query.email) };
    },
  );

  r.get(
    SSO_START_PATH,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Start a sign-in at the organisation’s identity provider (a full-page navigation)',
        description:
          'By `email` (its domain) or `organization` (its id): 302 to the authorization endpoint, code flow with ' +
          'PKCE S256, state and nonce. `test=1` from a signed-in owner tests the settings: nobody is signed in and ' +
          'the result comes back to `/organization?ssoTest=`. Nothing set up: 302 to `/login?error=sso`.',
        querystring: ssoStartQuerySchema,
        response: {
          ...redirects(
            'To the identity provider’s authorization endpoint; nothing set up: to `/login?error=sso` (an owner’s test: to `/organization?ssoTest=`)',
          ),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const outcome = await ssoSignIn.start(
        ctx,
        { ...request.query, test: request.query.test === '1' },
        request.auth?.session ? request.auth.user : null,
        requestMeta(request),
      );
      if (outcome.state) {
        reply.header('set-cookie', stateCookie(ctx, outcome.state, ssoSignIn.PENDING_LIFETIME_SECONDS));
      }
      return go(reply, outcome);
    },
  );

  r.get(
    SSO_CALLBACK_PATH,
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Where the identity provider sends the browser back: signs in, or 302 to /login?error=sso',
        // What identity providers send back (RFC 6749 4.1.2, RFC 9207's iss); anything else goes through as sent.
        querystring: z
          .object({
            code: z.string().max(4096),
            state: z.string().max(4096),
            iss: z.string().max(2048),
            session_state: z.string().max(4096),
            error: z.string().max(200),
            error_description: z.string().max(4096),
            error_uri: z.string().max(2048),
          })
          .partial()
          .loose(),
        response: {
          ...redirects(
            'Signed in, to `returnTo` or `/dashboard`; else to `/login?error=sso` (an owner’s test: to `/organization?ssoTest=`)',
          ),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const outcome = await ssoSignIn.callback(
        ctx,
        request.query as Record<string, string | undefined>,
        boundState(request),
        requestMeta(request),
        request.sessionToken,
      );
      reply.header('set-cookie', stateCookie(ctx, '', 0));
      return go(reply, outcome);
    },
  );
}
