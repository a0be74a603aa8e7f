import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEventSchema, NEXT_CURSOR_HEADER } from '../../../contract/audit.js';
import { listQuerySchema } from '../../../contract/lists.js';
import {
  acceptInvitationRequestSchema,
  invitationSchema,
  inviteMemberRequestSchema,
  organizationAuditQuerySchema,
  organizationMemberSchema,
  organizationSchema,
  updateMemberRequestSchema,
} from '../../../contract/organization.js';
import type { AppContext } from '../../infra/context.js';
import { access } from '../../lib/route-access.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import * as invitations from './invitations.service.js';
import * as organization from './organization.service.js';

const tags = ['organization'];
const memberParams = z.object({ userId: z.string().max(100) });

/** The signed-in user's organisation (design 12.3): any member reads it; owners and admins manage it. */
export async function organizationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your organisation: name, domain, tier, your role and how many members (404 when none)',
        response: { 200: organizationSchema, ...errors(401, 404) },
      },
    },
    async (request) => organization.getOrganization(ctx, currentAuth(request).user),
  );

  r.get(
    '/api/organization/members',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'The members, with their role and how they joined (owners and admins)',
        querystring: listQuerySchema,
        response: { 200: z.array(organizationMemberSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => organization.listMembers(ctx, currentAuth(request).user, request.query.limit),
  );

  r.patch(
    '/api/organization/members/:userId',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          "Change a member's role (owners and admins; only an owner makes or unmakes owners; the last owner stays: 409)",
        params: memberParams,
        body: updateMemberRequestSchema,
        response: { 200: organizationMemberSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      organization.changeRole(
        ctx,
        currentAuth(request).user,
        request.params.userId,
        request.body.role,
        requestMeta(request),
      ),
  );

  r.delete(
    '/api/organization/members/:userId',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Remove a member (owners and admins; only an owner removes an owner; the last owner stays: 409)',
        params: memberParams,
        response: { 204: z.null(), ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await organization.removeMember(
        ctx,
        currentAuth(request).user,
        request.params.userId,
        requestMeta(request),
      );
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/organization/leave',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Leave your organisation (the last owner cannot: 409)',
        response: { 204: z.null(), ...errors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await organization.removeMember(ctx, currentAuth(request).user, 'self', requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/organization/invitations',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Invite an address by mail, 7 days, single use (owners and admins; only an owner invites an owner)',
        body: inviteMemberRequestSchema,
        response: { 201: invitationSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invitations.invite(ctx, currentAuth(request).user, request.body, requestMeta(request))),
  );

  r.get(
    '/api/organization/invitations',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'The invitations waiting for an answer, newest first (owners and admins)',
        querystring: listQuerySchema,
        response: { 200: z.array(invitationSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => invitations.listInvitations(ctx, currentAuth(request).user, request.query.limit),
  );

  r.delete(
    '/api/organization/invitations/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Withdraw an invitation: its link stops working (owners and admins)',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await invitations.revokeInvitation(
        ctx,
        currentAuth(request).user,
        request.params.id,
        requestMeta(request),
      );
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/organization/invitations/accept',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Accept an invitation, signed in as the invited and verified address',
        description:
          'An unknown or expired link is 400 `TOKEN_INVALID`; a used one 409; another or an unverified address 403; someone who already belongs to an organisation 409.',
        body: acceptInvitationRequestSchema,
        response: { 200: organizationSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) =>
      invitations.acceptInvitation(ctx, currentAuth(request).user, request.body.token, requestMeta(request)),
  );

  r.get(
    '/api/organization/audit',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          "The organisation's audit trail: membership and shared records, newest first (owners and admins)",
        description: `When more events exist, the \`${NEXT_CURSOR_HEADER}\` header holds the value to pass as \`before\`.`,
        querystring: organizationAuditQuerySchema,
        response: { 200: z.array(auditEventSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { events, nextCursor } = await organization.listAudit(
        ctx,
        currentAuth(request).user,
        request.query,
      );
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return events;
    },
  );
}
