import { describe, expect, it } from 'vitest';
import { splitCertifications } from '@/features/vendors/utils/application-form';
import { parseSpecifications } from '@/features/vendors/utils/product-form';
import {
  applicationStatusVariant,
  canApply,
  isApprovedVendor,
  productApprovalVariant,
} from '@/features/vendors/utils/status';

describe('application status colours', () => {
  it('shows PENDING yellow, APPROVED green and anything else red', () => {
    expect(applicationStatusVariant('PENDING')).toBe('warning');
    expect(applicationStatusVariant('APPROVED')).toBe('default');
    expect(applicationStatusVariant('REJECTED')).toBe('destructive');
    expect(applicationStatusVariant('SUSPENDED')).toBe('destructive');
    expect(applicationStatusVariant('pending')).toBe('destructive');
  });

  it('colours product approvals the same way', () => {
    expect(productApprovalVariant('pending')).toBe('warning');
    expect(productApprovalVariant('approved')).toBe('default');
    expect(productApprovalVariant('rejected')).toBe('destructive');
  });

  it('allows a new application only without a pending or approved one', () => {
    expect(canApply([])).toBe(true);
    expect(canApply([{ status: 'REJECTED' }])).toBe(true);
    expect(canApply([{ status: 'REJECTED' }, { status: 'PENDING' }])).toBe(false);
    expect(canApply([{ status: 'APPROVED' }])).toBe(false);
    expect(isApprovedVendor([{ status: 'PENDING' }])).toBe(false);
    expect(isApprovedVendor([{ status: 'REJECTED' }, { status: 'APPROVED' }])).toBe(true);
  });
});

describe('form helpers', () => {
  it('splits certifications on commas, semicolons and lines, without blanks or repeats', () => {
    expect(splitCertifications(' ISO 9001, ITAR;; iso 9001\nISO 27001 ')).toEqual([
      'ISO 9001',
      'ITAR',
      'ISO 27001',
    ]);
    expect(splitCertifications('ITAR, NIJ', ['itar'])).toEqual(['NIJ']);
    expect(splitCertifications('  ')).toEqual([]);
  });

  it('reads specifications as Name: value lines', () => {
    expect(parseSpecifications('Weight: 1.2 kg\nno colon\n: empty\nRange: 3: km')).toEqual({
      Weight: '1.2 kg',
      Range: '3: km',
    });
  });
});
