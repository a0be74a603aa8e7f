import type { z } from 'zod';
import type {
  DigitalService,
  ServiceInquiry,
  serviceInquiryRequestSchema,
} from '../../../contract/digital-services.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError, tierRequired } from '../../lib/errors.js';
import type { UserRow } from '../../db/schema/users.js';
import * as audit from '../audit/audit.service.js';
import * as repository from './digital-services.repository.js';
import type { MaybeLoaded } from '../../lib/when-ready.js';

/**
 * The suite, sorted by minimum tier. Public: locked services show as CLASSIFIED on the client. From this instance's
 * cache when it holds it (no promise then: `sendWhenReady`), else read.
 */
export function listServices(ctx: AppContext): MaybeLoaded<DigitalService[]> {
  return ctx.modules['digital-services'].suite.get('suite', () => repository.listServices(ctx.db));
}

type InquiryRow = Awaited<ReturnType<typeof repository.listInquiries>>[number];
const toInquiry = (row: InquiryRow): ServiceInquiry => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function createInquiry(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof serviceInquiryRequestSchema>,
  meta: RequestMeta,
): Promise<ServiceInquiry> {
  const service = await repository.findService(ctx.db, input.serviceId);
  if (!service) {
    throw new AppError('VALIDATION_FAILED', 'Service selection is required', {
      issues: [{ path: 'serviceId', message: 'Service selection is required' }],
    });
  }
  if (user.tier < service.minimumTier) throw tierRequired(service.minimumTier);
  const created = await ctx.db.transaction(async (tx) => {
    const row = await repository.insertInquiry(tx, { ...input, userId: user.id });
    // The declarations are part of the record a regulator may ask for: what was declared, when, from where.
    await audit.record(tx, {
      action: 'inquiry.submitted',
      userId: user.id,
      subjectType: 'service_inquiry',
      subject: row.id,
      ip: meta.ip,
      details: {
        serviceId: input.serviceId,
        declarations: {
          ethicalClearance: input.ethicalClearance,
          dataProtectionCompliance: input.dataProtectionCompliance,
          noMaliciousUse: input.noMaliciousUse,
        },
      },
    });
    return row;
  });
  return toInquiry(created);
}

export async function listInquiries(
  ctx: AppContext,
  userId: string,
  limit: number,
): Promise<ServiceInquiry[]> {
  return (await repository.listInquiries(ctx.db, userId, limit)).map(toInquiry);
}
