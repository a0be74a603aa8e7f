import type { DigitalService, ServiceInquiry } from '@contract/digital-services';

/** A service shaped like the seeded ones: 6 metrics, 6 capabilities, 4 alerts, 5 recorded activities. */
export function makeService(overrides: Partial<DigitalService> = {}): DigitalService {
  return {
    id: 'threat',
    name: 'Threat Intelligence Briefs',
    shortDescription: 'Weekly and on-demand threat briefs.',
    description: 'Analyst-written threat briefs for your people, sites and sector.',
    category: 'threat',
    iconClass: 'ShieldAlert',
    minimumTier: 1,
    previewContent: {
      metrics: {
        'Active Threat Feeds': 142,
        'Briefs Issued (30d)': 38,
        'Median Lead Time': '4.2 days',
        'Regions Covered': 27,
        'Analyst Coverage': '24/7',
        'Critical Alerts (7d)': 3,
      },
      capabilities: [
        'Sector-specific weekly threat briefs',
        'Travel risk advisories for executives',
        'Protest monitoring near your sites',
        'Phishing campaign tracking',
        'Indicator watchlists',
        'Analyst call-back',
      ],
      recent_alerts: [
        'Transport strike in Bengaluru',
        'Payroll phishing wave',
        'Protest activity near Mumbai BKC',
        'Counterfeit vendor invoices',
      ],
    },
    fullContent: {
      dashboard: { openThreats: 127, criticalThreats: 3, avgTimeToAdvisory: '3h 40m' },
      recent_activities: [
        {
          activity: 'Weekly sector brief published',
          status: 'completed',
          timestamp: '2026-11-16T06:30:00Z',
          confidence: 0.91,
        },
        {
          activity: 'Unverified protest claim under review',
          status: 'flagged',
          timestamp: '2026-11-18T11:42:00Z',
          confidence: 0.48,
        },
      ],
      analytics: {
        threatsByCategory: { cyber: 46, physical: 31, fraud: 28 },
        forecastAccuracy: 0.86,
        topSources: ['Regional security feeds', 'Field network'],
      },
    },
    ...overrides,
  };
}

export const tier2Service = makeService({
  id: 'osint',
  name: 'OSINT Subject Reports',
  category: 'osint',
  iconClass: 'Search',
  minimumTier: 2,
});

export const tier3Service = makeService({
  id: 'trend',
  name: 'Strategic Trend Analysis',
  category: 'trend',
  iconClass: 'TrendingUp',
  minimumTier: 3,
});

export function makeInquiry(overrides: Partial<ServiceInquiry> = {}): ServiceInquiry {
  return {
    id: 'inq-1',
    serviceId: 'threat',
    serviceName: 'Threat Intelligence Briefs',
    status: 'received',
    budgetRange: '10k-25k',
    contactPreference: 'email',
    createdAt: '2026-11-18T10:00:00.000Z',
    ...overrides,
  };
}
