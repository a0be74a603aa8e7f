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

/** A Director reviews each request (design section 4); the spec shows no states of its own. */
export const SECURE_CHANNEL_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SecureChannelReviewStatus = (typeof SECURE_CHANNEL_REVIEW_STATUSES)[number];
