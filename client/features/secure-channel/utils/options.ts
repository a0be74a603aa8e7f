import type { CommunicationFrequency, DataClassification, SecurityClearance } from '@contract/secure-channel';

export { ENCRYPTION_LABELS } from '@contract/secure-channel';

export const CLEARANCE_LABELS: Readonly<Record<SecurityClearance, string>> = {
  none: 'None',
  confidential: 'Confidential',
  secret: 'Secret',
  top_secret: 'Top Secret',
  cosmic: 'Cosmic Top Secret',
};

export const FREQUENCY_LABELS: Readonly<Record<CommunicationFrequency, string>> = {
  as_needed: 'As needed',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  emergency_only: 'Emergency only',
};

export const CLASSIFICATION_LABELS: Readonly<Record<DataClassification, string>> = {
  unclassified: 'Unclassified',
  restricted: 'Restricted',
  confidential: 'Confidential',
  secret: 'Secret',
  top_secret: 'Top Secret',
};

/** The secure channel's toasts and texts. */
export const SECURE_CHANNEL_MESSAGES = {
  submitted: {
    // A request for a secure channel, not an inquiry (issue 18): the same words as the confirmation it opens.
    title: 'Request Submitted',
    description: 'Our security team will review your request and contact you within 24-48 hours.',
  },
  failed: { title: 'Submission Failed', description: 'Failed to submit your request. Please try again.' },
  submitting: 'Submitting for Security Review...',
  submit: 'Submit for Security Review',
} as const;
