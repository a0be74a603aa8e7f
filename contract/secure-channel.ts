import { z } from 'zod';
import { listQuerySchema } from './lists.js';

export const SECURITY_CLEARANCES = ['none', 'confidential', 'secret', 'top_secret', 'cosmic'] as const;
export type SecurityClearance = (typeof SECURITY_CLEARANCES)[number];

export const ENCRYPTION_PREFERENCES = ['standard', 'enhanced', 'quantum', 'custom'] as const;
export type EncryptionPreference = (typeof ENCRYPTION_PREFERENCES)[number];

export const ENCRYPTION_LABELS: Readonly<Record<EncryptionPreference, string>> = {
  standard: 'Standard AES-256',
  enhanced: 'Enhanced Military Grade',
  quantum: 'Quantum Resistant',
  custom: 'Custom Protocol',
};

export const COMMUNICATION_FREQUENCIES = [
  'as_needed',
  'daily',
  'weekly',
  'monthly',
  'emergency_only',
] as const;
export type CommunicationFrequency = (typeof COMMUNICATION_FREQUENCIES)[number];

export const DATA_CLASSIFICATIONS = [
  'unclassified',
  'restricted',
  'confidential',
  'secret',
  'top_secret',
] as const;
export type DataClassification = (typeof DATA_CLASSIFICATIONS)[number];

/** A Director reviews each request once: pending until then, then approved or rejected. */
export const SECURE_CHANNEL_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SecureChannelReviewStatus = (typeof SECURE_CHANNEL_REVIEW_STATUSES)[number];

const atLeast = (min: number, message: string, max = 5000) =>
  z.string({ error: message }).trim().min(min, message).max(max);
const optionalText = z.string().trim().max(5000).optional();

/**
 * The form at /secure-channel and `POST /api/secure-channel` share these rules: the required fields and their
 * minimum lengths, and the option sets. The messages follow the service inquiry's wording.
 */
export const secureChannelRequestSchema = z.object({
  fullName: atLeast(2, 'Full name is required', 200),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .pipe(z.email({ error: 'Valid email is required' }).max(320)),
  phone: atLeast(10, 'Valid phone number is required', 30),
  organization: optionalText,
  securityClearance: z.enum(SECURITY_CLEARANCES, { error: 'Security clearance level is required' }),
  accessPurpose: atLeast(50, 'Access purpose must be at least 50 characters'),
  operationalNeed: atLeast(50, 'Operational need must be at least 50 characters'),
  referenceContact: atLeast(5, 'Reference contact must be at least 5 characters', 500),
  emergencyContact: atLeast(5, 'Emergency contact must be at least 5 characters', 500),
  encryptionPreference: z.enum(ENCRYPTION_PREFERENCES, { error: 'Encryption level is required' }),
  communicationFrequency: z.enum(COMMUNICATION_FREQUENCIES, {
    error: 'Communication frequency is required',
  }),
  dataClassification: z.enum(DATA_CLASSIFICATIONS, { error: 'Data classification is required' }),
  complianceRequirements: optionalText,
});
/** What the form holds and the API takes. */
export type SecureChannelRequestInput = z.input<typeof secureChannelRequestSchema>;

/** The answer to a submission: a receipt, never the request echoed back. */
export const secureChannelReceiptSchema = z.object({
  id: z.string(),
  status: z.enum(SECURE_CHANNEL_REVIEW_STATUSES),
  createdAt: z.iso.datetime(),
});
export type SecureChannelReceipt = z.infer<typeof secureChannelReceiptSchema>;

/** A request as the reviewing Director sees it. */
export const secureChannelRequestRecordSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  organization: z.string().nullable(),
  securityClearance: z.enum(SECURITY_CLEARANCES),
  accessPurpose: z.string(),
  operationalNeed: z.string(),
  referenceContact: z.string(),
  emergencyContact: z.string(),
  encryptionPreference: z.enum(ENCRYPTION_PREFERENCES),
  communicationFrequency: z.enum(COMMUNICATION_FREQUENCIES),
  dataClassification: z.enum(DATA_CLASSIFICATIONS),
  complianceRequirements: z.string().nullable(),
  status: z.enum(SECURE_CHANNEL_REVIEW_STATUSES),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SecureChannelRequestRecord = z.infer<typeof secureChannelRequestRecordSchema>;

export const secureChannelListQuerySchema = listQuerySchema.extend({
  status: z.enum(SECURE_CHANNEL_REVIEW_STATUSES).optional(),
});

export const SECURE_CHANNEL_DECISIONS = ['approved', 'rejected'] as const;
export type SecureChannelDecision = (typeof SECURE_CHANNEL_DECISIONS)[number];

export const secureChannelReviewSchema = z.object({
  status: z.enum(SECURE_CHANNEL_DECISIONS, { error: "Status must be 'approved' or 'rejected'" }),
});
export type SecureChannelReview = z.infer<typeof secureChannelReviewSchema>;
