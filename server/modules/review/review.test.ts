import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewCounts } from '../../../contract/review.js';
import { createCategory, setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let category: { id: string };
let director: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  t = await createTestApp();
  category = await createCategory(t.database.db);
  director = await account(4);
});
afterAll(async () => {
  await t.close();
});

async function account(tier = 1) {
  const user = await registerUser(t.app);
  if (tier !== 1) await setUserTier(t, user.id, tier);
  return user;
}

async function counts(): Promise<ReviewCounts> {
  const response = await asUser(t.app, director).get('/api/review/counts');
  expect(response.statusCode).toBe(200);
  return response.json<ReviewCounts>();
}

/** Runs `change` and answers how each count moved meanwhile. */
async function moved(change: () => Promise<unknown>): Promise<ReviewCounts> {
  const before = await counts();
  await change();
  const after = await counts();
  return Object.fromEntries(
    Object.entries(after).map(([queue, count]) => [queue, count - before[queue as keyof ReviewCounts]]),
  ) as ReviewCounts;
}

const none: ReviewCounts = {
  payments: 0,
  upgrades: 0,
  secureChannel: 0,
  vendorApplications: 0,
  vendorProducts: 0,
};

function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return response as typeof response & { json<T = { id: string }>(): T };
}

describe('GET /api/review/counts', () => {
  it('is for Directors only: 401 signed out, 403 at tiers 1 to 3', async () => {
    expect((await t.app.inject({ url: '/api/review/counts' })).statusCode).toBe(401);
    for (const tier of [1, 2, 3]) {
      const response = await asUser(t.app, await account(tier)).get('/api/review/counts');
      expect(response.statusCode, `tier ${tier}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
    }
  });

  it('counts each queue: a number for every one, and nothing else', async () => {
    const body = await counts();
    expect(Object.keys(body).sort()).toEqual(Object.keys(none).sort());
    for (const count of Object.values(body)) expect(Number.isInteger(count) && count >= 0).toBe(true);
  });

  it('moves the payments count when a transfer is submitted and when it is confirmed or failed', async () => {
    const user = await account();
    let paymentId = '';
    expect(
      await moved(async () => {
        const response = expectStatus(
          await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2, paymentMethod: 'crypto' }),
          201,
        );
        paymentId = response.json<{ payment: { id: string } }>().payment.id;
      }),
    ).toEqual({ ...none, payments: 1 });
    expect(
      await moved(async () =>
        expectStatus(await asUser(t.app, director).post(`/api/admin/payments/${paymentId}/confirm`, {}), 200),
      ),
    ).toEqual({ ...none, payments: -1 });

    const other = await account();
    expect(
      await moved(async () => {
        const response = expectStatus(
          await asUser(t.app, other).post('/api/upgrade-tier', { tier: 3, paymentMethod: 'bank_transfer' }),
          201,
        );
        paymentId = response.json<{ payment: { id: string } }>().payment.id;
      }),
    ).toEqual({ ...none, payments: 1 });
    expect(
      await moved(async () =>
        expectStatus(await asUser(t.app, director).post(`/api/admin/payments/${paymentId}/fail`, {}), 200),
      ),
    ).toEqual({ ...none, payments: -1 });
  });

  it('counts a paid tier 4 upgrade as waiting for approval until it is approved or rejected', async () => {
    const user = await account();
    let id = '';
    expect(
      await moved(async () => {
        const response = expectStatus(await asUser(t.app, user).post('/api/upgrade-tier', { tier: 4 }), 201);
        id = response.json<{ subscription: { id: string } }>().subscription.id;
      }),
    ).toEqual({ ...none, upgrades: 1 });
    expect(
      await moved(async () =>
        expectStatus(await asUser(t.app, director).post(`/api/admin/upgrades/${id}/approve`, {}), 200),
      ),
    ).toEqual({ ...none, upgrades: -1 });

    const other = await account();
    expect(
      await moved(async () => {
        const response = expectStatus(await asUser(t.app, other).post('/api/upgrade-tier', { tier: 4 }), 201);
        id = response.json<{ subscription: { id: string } }>().subscription.id;
      }),
    ).toEqual({ ...none, upgrades: 1 });
    expect(
      await moved(async () =>
        expectStatus(await asUser(t.app, director).post(`/api/admin/upgrades/${id}/reject`, {}), 200),
      ),
    ).toEqual({ ...none, upgrades: -1 });
  });

  it('counts a tier 4 upgrade paid by transfer once, as a payment to confirm, then as an upgrade to approve', async () => {
    const user = await account();
    let paymentId = '';
    expect(
      await moved(async () => {
        const response = expectStatus(
          await asUser(t.app, user).post('/api/upgrade-tier', { tier: 4, paymentMethod: 'bank_transfer' }),
          201,
        );
        paymentId = response.json<{ payment: { id: string } }>().payment.id;
      }),
    ).toEqual({ ...none, payments: 1 });
    expect(
      await moved(async () =>
        expectStatus(await asUser(t.app, director).post(`/api/admin/payments/${paymentId}/confirm`, {}), 200),
      ),
    ).toEqual({ ...none, payments: -1, upgrades: 1 });
  });

  it('moves the secure channel count when a request is submitted and when it is reviewed', async () => {
    let id = '';
    expect(
      await moved(async () => {
        const response = expectStatus(
          await asUser(t.app, null, {}, { remoteAddress: '10.77.0.1' }).post('/api/secure-channel', {
            fullName: 'Meera Iyer',
            email: 'meera@example.test',
            phone: '+91 98450 67890',
            securityClearance: 'secret',
            accessPurpose: 'Coordinating witness protection logistics for an ongoing fraud prosecution.',
            operationalNeed: 'Counsel and investigators must exchange documents that cannot travel by mail.',
            referenceContact: 'Adv. K. Menon, +91 98200 11111',
            emergencyContact: 'R. Iyer, +91 98200 22222',
            encryptionPreference: 'enhanced',
            communicationFrequency: 'weekly',
            dataClassification: 'confidential',
          }),
          201,
        );
        id = response.json().id;
      }),
    ).toEqual({ ...none, secureChannel: 1 });
    expect(
      await moved(async () =>
        expectStatus(
          await asUser(t.app, director).patch(`/api/secure-channel/requests/${id}`, { status: 'rejected' }),
          200,
        ),
      ),
    ).toEqual({ ...none, secureChannel: -1 });
  });

  it('moves the vendor counts when an application or a product is submitted and when it is decided', async () => {
    const vendor = await account();
    let id = '';
    expect(
      await moved(async () => {
        const response = expectStatus(
          await asUser(t.app, vendor).post('/api/vendor/applications', {
            companyName: 'Nightjar Optics',
            contactEmail: 'sales@nightjar.example',
            phone: '+91 98450 12345',
            businessType: 'manufacturer',
            description:
              'We design and build thermal and night vision optics for security teams across India.',
          }),
          201,
        );
        id = response.json().id;
      }),
    ).toEqual({ ...none, vendorApplications: 1 });
    expect(
      await moved(async () =>
        expectStatus(
          await asUser(t.app, director).patch(`/api/vendor/applications/${id}`, { status: 'APPROVED' }),
          200,
        ),
      ),
    ).toEqual({ ...none, vendorApplications: -1 });

    const product = (name: string) => ({
      name,
      description: 'A pocket thermal monocular with a 384 pixel sensor and six hours of battery.',
      price: '45999.50',
      categoryId: category.id,
      minimumTier: 1,
      stockCount: 12,
    });
    const ids: string[] = [];
    expect(
      await moved(async () => {
        for (const name of ['Thermal Monocular TX-9', 'Thermal Monocular TX-10']) {
          const response = expectStatus(
            await asUser(t.app, vendor).post('/api/vendor/products', product(name)),
            201,
          );
          ids.push(response.json().id);
        }
      }),
    ).toEqual({ ...none, vendorProducts: 2 });
    expect(
      await moved(async () => {
        expectStatus(
          await asUser(t.app, director).patch(`/api/vendor/products/${ids[0]}`, {
            approvalStatus: 'approved',
          }),
          200,
        );
        expectStatus(
          await asUser(t.app, director).patch(`/api/vendor/products/${ids[1]}`, {
            approvalStatus: 'rejected',
          }),
          200,
        );
      }),
    ).toEqual({ ...none, vendorProducts: -2 });
  });
});
