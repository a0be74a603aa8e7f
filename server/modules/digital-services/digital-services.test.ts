import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { seedDataDir } from '../../lib/paths.js';
import { setUserTier } from '../../test/fixtures.js';
import { createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(() => t.close());

const inquiry = {
  serviceId: 'threat',
  clientName: 'Asha Rao',
  clientEmail: 'asha@example.test',
  clientPhone: '+91 98450 12345',
  serviceDescription:
    'Continuous threat monitoring for our leadership team ahead of a public listing next quarter.',
  technicalRequirements: 'Weekly briefs and instant alerts',
  dataScope: 'Open sources and the dark web, India and the UAE',
  deliveryTimeframe: 'Within two weeks',
  businessJustification: 'The board asked for a formal threat picture before the listing and the roadshow.',
  intendedUse: 'Executive protection planning and board reporting only',
  dataHandling: 'Stored encrypted, deleted after twelve months',
  legalBasis: 'Legitimate interest in the safety of our employees',
  ethicalClearance: true,
  dataProtectionCompliance: true,
  noMaliciousUse: true,
};

describe('digital services', () => {
  it('lists the five services by minimum tier, publicly', async () => {
    const response = await t.app.inject({ url: '/api/digital-services' });
    expect(response.statusCode).toBe(200);
    const services = response.json();
    expect(services.map((s: { id: string }) => s.id).sort()).toEqual([
      'osint',
      'reputation',
      'risk',
      'threat',
      'trend',
    ]);
    const tiers = services.map((s: { minimumTier: number }) => s.minimumTier);
    expect(tiers).toEqual([...tiers].sort());
    expect(services[0].previewContent.capabilities.length).toBeGreaterThan(2);
  });

  it('keeps the metrics in the order the seed data writes them (the cards show the first four)', async () => {
    const seed = JSON.parse(await readFile(path.join(seedDataDir, 'digital-services.json'), 'utf8')) as {
      id: string;
      previewContent: { metrics: Record<string, unknown> };
    }[];
    const services = (await t.app.inject({ url: '/api/digital-services' })).json() as typeof seed;
    for (const service of services) {
      const written = seed.find((s) => s.id === service.id)!;
      expect(Object.keys(service.previewContent.metrics)).toEqual(
        Object.keys(written.previewContent.metrics),
      );
    }
  });
});

describe('service inquiries', () => {
  it('creates an inquiry with the defaults and lists it with its status', async () => {
    const user = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/service-inquiries',
      headers: { cookie: user.cookie },
      payload: inquiry,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      serviceId: 'threat',
      serviceName: expect.any(String),
      status: 'received',
      budgetRange: '10k-25k',
      contactPreference: 'email',
    });
    const list = await t.app.inject({ url: '/api/service-inquiries', headers: { cookie: user.cookie } });
    expect(list.json()).toEqual([created.json()]);
    const other = await registerUser(t.app);
    expect(
      (await t.app.inject({ url: '/api/service-inquiries', headers: { cookie: other.cookie } })).json(),
    ).toEqual([]);
  });

  it('records the three declarations in the audit trail with the time and the IP (design 11.2)', async () => {
    const user = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/service-inquiries',
      headers: { cookie: user.cookie },
      payload: inquiry,
      remoteAddress: '198.51.100.23',
    });
    expect(created.statusCode).toBe(201);
    const [event] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inquiry.submitted'), eq(auditLog.subject, created.json().id)));
    expect(event).toMatchObject({
      userId: user.id,
      subjectType: 'service_inquiry',
      subjectUserId: user.id,
      ip: '198.51.100.23',
      details: {
        serviceId: 'threat',
        declarations: { ethicalClearance: true, dataProtectionCompliance: true, noMaliciousUse: true },
      },
    });
    expect(event!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('answers 401 signed out and 403 above the tier', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/service-inquiries', payload: inquiry })).statusCode,
    ).toBe(401);
    const user = await registerUser(t.app);
    const above = await t.app.inject({
      method: 'POST',
      url: '/api/service-inquiries',
      headers: { cookie: user.cookie },
      payload: { ...inquiry, serviceId: 'trend' },
    });
    expect(above.statusCode).toBe(403);
    expect(above.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 3 });
    await setUserTier(t, user.id, 3);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/service-inquiries',
      headers: { cookie: user.cookie },
      payload: { ...inquiry, serviceId: 'trend' },
    });
    expect(allowed.statusCode).toBe(201);
  });

  it('gives a message per broken field and requires the three declarations', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/service-inquiries',
      headers: { cookie: user.cookie },
      payload: {
        ...inquiry,
        serviceId: '',
        clientName: 'A',
        clientEmail: 'nope',
        clientPhone: '123',
        organizationType: 'cult',
        serviceDescription: 'too short',
        ethicalClearance: false,
        dataProtectionCompliance: 'yes',
        noMaliciousUse: undefined,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'serviceId', message: 'Service selection is required' },
        { path: 'clientName', message: 'Full name is required' },
        { path: 'clientEmail', message: 'Valid email is required' },
        { path: 'clientPhone', message: 'Valid phone number is required' },
        { path: 'organizationType', message: 'Organization type is required' },
        {
          path: 'serviceDescription',
          message: 'Detailed service description is required (minimum 50 characters)',
        },
        { path: 'ethicalClearance', message: 'Ethical clearance confirmation is required' },
        { path: 'dataProtectionCompliance', message: 'Data protection compliance confirmation is required' },
        { path: 'noMaliciousUse', message: 'No malicious use declaration is required' },
      ]),
    );
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/service-inquiries',
      headers: { cookie: user.cookie },
      payload: { ...inquiry, serviceId: 'nope' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
