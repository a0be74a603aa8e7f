import type { z } from 'zod';
import type {
  SecureChannelDecision,
  SecureChannelReceipt,
  SecureChannelRequestRecord,
  SecureChannelReviewStatus,
  secureChannelRequestSchema,
} from '../../../contract/secure-channel.js';
import type { AppContext, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import { notify } from '../notifications/notifications.service.js';
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

/**
 * A request for a secure channel, from anyone (design section 4). Every submission counts against the
 * sender's address, so the form cannot be used to flood the reviewers' queue.
 */
export async function submit(
  ctx: AppContext,
  input: z.output<typeof secureChannelRequestSchema>,
  userId: string | null,
  meta: RequestMeta,
): Promise<SecureChannelReceipt> {
  await rateLimits.consume(ctx.db, `secure-channel:${meta.ip}`, submitLimit(ctx));
  const row = await repository.insert(ctx.db, {
    ...input,
    organization: input.organization || null,
    complianceRequirements: input.complianceRequirements || null,
    userId,
    ip: meta.ip,
  });
  return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
}

/** The Directors' review queue, newest first. */
export async function list(
  ctx: AppContext,
  limit: number,
  status?: SecureChannelReviewStatus,
): Promise<SecureChannelRequestRecord[]> {
  return (await repository.list(ctx.db, limit, status)).map(toRecord);
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
      subject: row.id,
      ip: meta.ip,
      details: { status, requesterId: row.userId },
    });
    if (row.userId) {
      await notify(tx, {
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
