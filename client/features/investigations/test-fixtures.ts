import type { Investigation, InvestigationCatalogEntry } from '@contract/investigations';
import { runningSla } from '@contract/service-levels';

const entry = (
  id: InvestigationCatalogEntry['id'],
  name: string,
  minimumTier: number,
  pricing: string,
  basePrice: string,
  deliveryTime: string,
): InvestigationCatalogEntry => ({
  id,
  name,
  description: `${name}, carried out by licensed investigators.`,
  icon: 'UserCheck',
  minimumTier,
  pricing,
  basePrice,
  features: [`${name} report`, 'Source-cited findings'],
  deliveryTime,
  category: 'personal',
});

/**
 * The seven services of the seeded catalogue, with their tiers and pricing (docs/product.md, Investigations).
 */
export const catalog: InvestigationCatalogEntry[] = [
  entry('background-check', 'Background Check', 1, '₹25,000 - ₹75,000', '25000.00', '5-7 business days'),
  entry(
    'corporate-intelligence',
    'Corporate Intelligence',
    2,
    '₹50,000 - ₹2,00,000',
    '50000.00',
    '7-14 days',
  ),
  entry('digital-forensics', 'Digital Forensics', 2, '₹40,000 - ₹1,50,000', '40000.00', '3-10 days'),
  entry('surveillance', 'Surveillance Operations', 3, '₹15,000 per day', '15000.00', 'Real-time to 30 days'),
  entry(
    'location-skip-tracing',
    'Location & Skip Tracing',
    3,
    '₹35,000 - ₹1,25,000',
    '35000.00',
    '2-14 days',
  ),
  entry('asset-investigation', 'Asset Investigation', 2, '₹35,000 - ₹1,25,000', '35000.00', '10-21 days'),
  entry('fraud-investigation', 'Fraud Investigation', 2, '₹30,000 - ₹1,00,000', '30000.00', '7-21 days'),
];

export function makeInvestigation(overrides: Partial<Investigation> = {}): Investigation {
  return {
    id: 'inv_1',
    subject: 'Pre-employment check: CFO candidate',
    description: 'Verify identity, education and employment history of our shortlisted CFO candidate.',
    serviceType: 'background-check',
    serviceName: 'Background Check',
    priority: 'STANDARD',
    status: 'PENDING',
    clientType: 'individual',
    visibility: 'private',
    mine: true,
    budgetRange: '25k-50k',
    sensitivityLevel: 'low',
    confidentialityLevel: 'standard',
    courtOrder: false,
    expectedTimeframe: 'Within two weeks',
    estimatedCost: '25000.00',
    assignedAgent: null,
    assignedAgentId: null,
    requestedBy: 'Dana Reyes',
    declarations: {
      lawfulPurpose: true,
      noHarassment: true,
      compliance: true,
      declaredAt: '2026-11-20T10:00:00.000Z',
      ip: '203.0.113.9',
    },
    sla: runningSla('investigation', 1, new Date('2026-11-20T10:00:00.000Z')),
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Valid values for the request form's required texts, by field label. */
export const validRequest = {
  Subject: 'Pre-employment check: CFO candidate',
  Description:
    'Verify identity, education and employment history of our shortlisted CFO candidate before the offer.',
  'Legal basis': 'Written consent of the candidate on file',
  'Target information': 'Full name, date of birth and last three employers',
  'Expected timeframe': 'Within two weeks',
};
