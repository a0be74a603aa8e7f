import type { z } from 'zod';
import {
  ENCRYPTION_LABELS,
  type SecureChannelDecision,
  type SecureChannelReceipt,
  type SecureChannelRequestRecord,
  type SecureChannelReviewStatus,
  type secureChannelRequestSchema,
} from '../../../contract/secure-channel.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import { notify, notifyDirectors } from '../notifications/notifications.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as repository from './secure-channel.repository.js';
import type { SecureChannelRow } from './secure-channel.repository.js';

const MINUTE = 60_000;

function submitLimit(ctx: AppContext): rateLimits.Limit {
  return {
    max: ctx.config.RATE_LIMIT_SECURE_CHANNEL_MAX,
    windowMs: ctx.config.RATE_LIMIT_SECURE_CHANNEL_WINDOW_MIN * MINUTE,
  };
}

const toRecord = (row: SecureChannelRow): SecureChannelRequestRecord => ({
  id: row.id,
  userId: row.userId,
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
  organization: row.organization,
  securityClearance: row.securityClearance,
  accessPurpose: row.accessPurpose,
  operationalNeed: row.operationalNeed,
  referenceContact: row.referenceContact,
  emergencyContact: row.emergencyContact,
  encryptionPreference: row.encryptionPreference,
  communicationFrequency: row.communicationFrequency,
  dataClassification: row.dataClassification,
  complianceRequirements: row.complianceRequirements,
  status: row.status,
  reviewedBy: row.reviewedBy,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

const words = (value: string) => value.replaceAll('_', ' ');

/**
 * A request for a secure channel, from anyone, signed in or not. Every submission counts against the
 * sender's address, so the form cannot be used to flood the reviewers' queue. The Directors are told in the same
 * transaction that a request waits - its kind only: who sent it and what it says stay in the queue, never in a
 * notification or an e-mail.
 */
export async function submit(
  ctx: AppContext,
  input: z.output<typeof secureChannelRequestSchema>,
  userId: string | null,
  meta: RequestMeta,
): Promise<SecureChannelReceipt> {
  await rateLimits.consume(ctx.db, `secure-channel:${meta.ip}`, submitLimit(ctx));
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insert(tx, {
      ...input,
      organization: input.organization || null,
      complianceRequirements: input.complianceRequirements || null,
      userId,
      ip: meta.ip,
    });
    await notifyDirectors(ctx, tx, {
      type: 'other',
      priority: 'normal',
      title: 'Secure channel request received',
      message: `A secure channel request waits for review (data classification: ${words(input.dataClassification)}; encryption: ${ENCRYPTION_LABELS[input.encryptionPreference]}; contact: ${words(input.communicationFrequency)}). Its details are in the review queue.`,
      actionUrl: '/secure-channel',
    });
    return created;
  });
  return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
}

/**
 * The Directors' review queue, newest first. It shows whole requests, so each one not the reader's own is recorded
 * as a staff read (with the requester's account as subject user, when they were signed in).
 */
export async function list(
  ctx: AppContext,
  reader: audit.Reader,
  limit: number,
  status?: SecureChannelReviewStatus,
): Promise<SecureChannelRequestRecord[]> {
  const rows = await repository.list(ctx.db, limit, status);
  const records = rows.map((row) => ({ id: row.id, ownerId: row.userId }));
  await audit.recordStaffReads(ctx, reader, 'secure_channel_request', records, 'list');
  return rows.map(toRecord);
}

const OUTCOME_TEXT: Record<SecureChannelDecision, { title: string; message: string }> = {
  approved: {
    title: 'Secure channel request approved',
    message:
      'Your secure channel request was approved. A security officer will contact you to provision access.',
  },
  rejected: {
    title: 'Secure channel request declined',
    message: 'Your secure channel request was declined after security review.',
  },
};

/**
 * A Director decides a pending request once: a second decision is a 409. The decision, its audit entry and
 * the requester's notification (when they were signed in) commit together.
 */
export async function review(
  ctx: AppContext,
  id: string,
  status: SecureChannelDecision,
  reviewerId: string,
  meta: RequestMeta,
): Promise<SecureChannelRequestRecord> {
  if (!isId(id)) throw notFound('Secure channel request');
  const reviewed = await ctx.db.transaction(async (tx) => {
    const row = await repository.review(tx, id, status, reviewerId);
    if (!row) {
      if (await repository.find(tx, id)) throw conflict('This request has already been reviewed');
      throw notFound('Secure channel request');
    }
    await audit.record(tx, {
      action: 'secure_channel.reviewed',
      userId: reviewerId,
      subjectType: 'secure_channel_request',
      subject: row.id,
      subjectUserId: row.userId,
      ip: meta.ip,
      details: { status, requesterId: row.userId },
    });
    if (row.userId) {
      await notify(ctx, tx, {
        userId: row.userId,
        type: 'other',
        priority: 'high',
        ...OUTCOME_TEXT[status],
        actionUrl: '/secure-channel',
      });
    }
    return row;
  });
  return toRecord(reviewed);
}

/** How many requests wait for the security review (the Directors' queue on the secure channel page). */
export async function countPending(ctx: AppContext): Promise<number> {
  return repository.countByStatus(ctx.db, 'pending');
}
