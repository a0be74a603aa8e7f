import type {
  ContactPreference,
  InquiryStatus,
  OrganizationType,
  ServiceBudgetRange,
} from '@contract/digital-services';
import type { BadgeProps } from '@/components/ui/badge';

export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  individual: 'Individual',
  private_company: 'Private company',
  government: 'Government',
  ngo: 'NGO',
  media: 'Media',
  legal_firm: 'Legal firm',
};

/** Budgets are ranges in thousands ('10k-25k'); shown with a dash a person reads as "to". */
export function budgetLabel(range: ServiceBudgetRange): string {
  return range.replace('-', ' – ');
}

export const CONTACT_PREFERENCE_LABELS: Record<ContactPreference, string> = {
  email: 'Email',
  phone: 'Phone',
  secure_channel: 'Secure channel',
};

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const INQUIRY_STATUS_VARIANTS = {
  received: 'secondary',
  in_review: 'warning',
  accepted: 'default',
  declined: 'destructive',
} as const satisfies Record<InquiryStatus, BadgeProps['variant']>;

/** The service inquiry's toasts and texts. */
export const INQUIRY_MESSAGES = {
  submitted: {
    title: 'Inquiry Submitted',
    description: 'Our team will review your request and contact you within 24-48 hours.',
  },
  loginRequired: {
    title: 'Authentication Required',
    description: 'Please log in to submit service inquiries.',
  },
  failed: { title: 'Submission Failed', description: 'Failed to submit inquiry. Please try again.' },
} as const;
