import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../db/schema/index.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;
async function member() {
  const account = await registerUser(t.app);
  return account;
}

interface Code {
  id: string;
  type: string;
  status: string;
  isActive: boolean;
  scannedCount: number;
  lastScannedAt: string | null;
  expiresAt: string | null;
  scanUrl: string;
  data: Record<string, string>;
}

async function createCode(owner: Member, body: Record<string, unknown>): Promise<Code> {
  const response = await asUser(t.app, owner, { host: 'intel.test' }).post('/api/qr-codes', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Code>();
}

const scanPath = (code: Code) => new URL(code.scanUrl).pathname;

/** A visit to the code's URL, as a phone's browser makes it (signed in when a cookie is given). */

async function listed(owner: Member, id: string): Promise<Code> {
  const codes = (await asUser(t.app, owner, { host: 'intel.test' }).get('/api/qr-codes')).json<Code[]>();
  return codes.find((code) => code.id === id)!;
}

describe('QR codes', () => {
  it('creates a code per type with a 256-bit token in an absolute scan URL, newest first, own codes only', async () => {
    const owner = await member();
    const channel = await createCode(owner, { type: 'secure_channel', data: { channelId: 'ops-7' } });
    expect(channel).toMatchObject({
      type: 'secure_channel',
      data: { channelId: 'ops-7' },
      status: 'Active',
      isActive: true,
      scannedCount: 0,
      lastScannedAt: null,
      expiresAt: null,
    });
    expect(channel.scanUrl).toMatch(/^http:\/\/intel\.test\/q\/[A-Za-z0-9_-]{43}$/);
    // Keys of other types are dropped; a bare secure channel code is fine.
    const bare = await createCode(owner, {
      type: 'secure_channel',
      data: { caseId: 'x', emergencyCode: 'y' },
    });
    expect(bare.data).toEqual({});
    const emergency = await createCode(owner, { type: 'emergency', data: { emergencyCode: ' RED-42 ' } });
    expect(emergency.data).toEqual({ emergencyCode: 'RED-42' });
    expect(new Set([channel.scanUrl, bare.scanUrl, emergency.scanUrl]).size).toBe(3);

    const list = (await asUser(t.app, owner, { host: 'intel.test' }).get('/api/qr-codes')).json<Code[]>();
    expect(list.map((code) => code.id)).toEqual([emergency.id, bare.id, channel.id]);
    expect(list[2]!.scanUrl).toBe(channel.scanUrl);
    expect((await asUser(t.app, await member(), { host: 'intel.test' }).get('/api/qr-codes')).json()).toEqual(
      [],
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/qr-codes' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/qr-codes',
          payload: { type: 'emergency', data: { emergencyCode: 'A' } },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('validates type, data and expiry with clear messages', async () => {
    const owner = await member();
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [
        { type: 'sticker', data: {} },
        { path: 'type', message: 'Type must be secure_channel, case_access or emergency' },
      ],
      [
        { type: 'case_access', data: {} },
        { path: 'data.caseId', message: 'Choose the case this code opens' },
      ],
      [{ type: 'case_access' }, { path: 'data', message: 'Choose the case this code opens' }],
      [
        { type: 'emergency', data: { emergencyCode: '  ' } },
        { path: 'data.emergencyCode', message: 'Emergency code is required' },
      ],
      [
        { type: 'emergency', data: { emergencyCode: 'x'.repeat(65) } },
        { path: 'data.emergencyCode', message: 'Emergency code must be at most 64 characters' },
      ],
      [
        { type: 'secure_channel', expiresAt: '2020-01-01T00:00:00Z' },
        { path: 'expiresAt', message: 'Expiry must be in the future' },
      ],
      [
        { type: 'secure_channel', expiresAt: 'tomorrow' },
        { path: 'expiresAt', message: 'Invalid date' },
      ],
    ];
    for (const [body, issue] of cases) {
      const response = await asUser(t.app, owner, { host: 'intel.test' }).post('/api/qr-codes', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().issues, JSON.stringify(body)).toContainEqual(issue);
    }
    expect((await asUser(t.app, owner, { host: 'intel.test' }).get('/api/qr-codes')).json()).toEqual([]);
  });

  it('counts each scan of a live code and redirects to its target', async () => {
    const owner = await member();
    const channel = await createCode(owner, { type: 'secure_channel', data: { channelId: 'ops 7' } });
    const first = await asUser(t.app).get(scanPath(channel));
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/secure-channel?channel=ops+7');
    expect(first.headers['cache-control']).toBe('no-store');
    await asUser(t.app).get(scanPath(channel));
    // A link preview's HEAD probe is not a scan.
    await t.app.inject({ method: 'HEAD', url: scanPath(channel) });
    const after = await listed(owner, channel.id);
    expect(after.scannedCount).toBe(2);
    expect(after.lastScannedAt).not.toBeNull();

    const plain = await createCode(owner, { type: 'secure_channel' });
    expect((await asUser(t.app).get(scanPath(plain))).headers.location).toBe('/secure-channel');

    const emergency = await createCode(owner, { type: 'emergency', data: { emergencyCode: 'RED/42 & go' } });
    const response = await asUser(t.app).get(scanPath(emergency));
    expect(response.headers.location).toBe('/emergency?code=RED%2F42+%26+go');
    expect((await listed(owner, emergency.id)).scannedCount).toBe(1);
  });

  it('counts concurrent scans exactly', async () => {
    const owner = await member();
    const code = await createCode(owner, { type: 'emergency', data: { emergencyCode: 'RUSH' } });
    const answers = await Promise.all(Array.from({ length: 25 }, () => asUser(t.app).get(scanPath(code))));
    expect(answers.every((answer) => answer.statusCode === 302)).toBe(true);
    expect((await listed(owner, code.id)).scannedCount).toBe(25);
  });

  it('opens a case code on the case for its owner, asks a signed-out scanner to sign in, and checks the case is theirs', async () => {
    const owner = await member();
    const stranger = await member();
    const opened = await asUser(t.app, owner, { host: 'intel.test' }).post('/api/cases', {
      title: 'Missing shipment audit',
      description: 'Two pallets of equipment vanished between the port and our warehouse.',
      category: 'investigation',
    });
    const caseId = opened.json<{ id: string }>().id;

    for (const other of [caseId, 'not-a-case', '00000000-0000-4000-8000-000000000000']) {
      const refused = await asUser(t.app, stranger, { host: 'intel.test' }).post('/api/qr-codes', {
        type: 'case_access',
        data: { caseId: other },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues).toEqual([{ path: 'data.caseId', message: 'Case not found' }]);
    }

    const code = await createCode(owner, { type: 'case_access', data: { caseId } });
    expect(code.data).toEqual({ caseId });
    expect((await asUser(t.app, owner).get(scanPath(code))).headers.location).toBe(`/cases?case=${caseId}`);
    // Someone else signed in lands on the cases page too, which answers them that the case is not found.
    expect((await asUser(t.app, stranger).get(scanPath(code))).headers.location).toBe(
      `/cases?case=${caseId}`,
    );
    expect(
      (await asUser(t.app, stranger, { host: 'intel.test' }).get(`/api/cases/${caseId}`)).statusCode,
    ).toBe(404);
    const signedOut = await asUser(t.app).get(scanPath(code));
    expect(signedOut.headers.location).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/cases?case=${caseId}`)}`,
    );
    expect((await listed(owner, code.id)).scannedCount).toBe(3);
  });

  it('honours the expiry: an expired code leads to the expired page, counts nothing and reads Expired', async () => {
    const owner = await member();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const code = await createCode(owner, {
      type: 'emergency',
      expiresAt: soon,
      data: { emergencyCode: 'AMBER' },
    });
    expect(code).toMatchObject({ status: 'Active', expiresAt: soon });
    expect((await asUser(t.app).get(scanPath(code))).headers.location).toBe('/emergency?code=AMBER');

    // The hour passes (the database's clock decides, as it does for the scan).
    await t.database.db
      .update(qrCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(qrCodes.id, code.id));
    const late = await asUser(t.app).get(scanPath(code));
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toBe('/qr/expired');
    const after = await listed(owner, code.id);
    expect(after).toMatchObject({ status: 'Expired', isActive: true, scannedCount: 1 });
  });

  it('deactivates a code (idempotently): later scans land on the expired page and are not counted', async () => {
    const owner = await member();
    const stranger = await member();
    const code = await createCode(owner, { type: 'secure_channel' });
    await asUser(t.app).get(scanPath(code));

    expect(
      (await asUser(t.app, stranger, { host: 'intel.test' }).post(`/api/qr-codes/${code.id}/deactivate`, {}))
        .statusCode,
    ).toBe(404);
    expect((await asUser(t.app).get(scanPath(code))).headers.location).toBe('/secure-channel');

    const off = await asUser(t.app, owner, { host: 'intel.test' }).post(
      `/api/qr-codes/${code.id}/deactivate`,
      {},
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, status: 'Expired', scannedCount: 2 });
    const again = await asUser(t.app, owner, { host: 'intel.test' }).post(
      `/api/qr-codes/${code.id}/deactivate`,
      {},
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isActive: false, status: 'Expired' });

    expect((await asUser(t.app).get(scanPath(code))).headers.location).toBe('/qr/expired');
    expect((await listed(owner, code.id)).scannedCount).toBe(2);
    expect(
      (await asUser(t.app, owner, { host: 'intel.test' }).post('/api/qr-codes/not-an-id/deactivate', {}))
        .statusCode,
    ).toBe(404);
  });

  it("deletes only the owner's codes; unknown and malformed tokens go to the expired page", async () => {
    const owner = await member();
    const stranger = await member();
    const code = await createCode(owner, { type: 'secure_channel' });
    expect(
      (await asUser(t.app, stranger, { host: 'intel.test' }).delete(`/api/qr-codes/${code.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await asUser(t.app, owner, { host: 'intel.test' }).delete(`/api/qr-codes/${code.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await asUser(t.app, owner, { host: 'intel.test' }).delete(`/api/qr-codes/${code.id}`)).statusCode,
    ).toBe(404);
    expect(await listed(owner, code.id)).toBeUndefined();

    for (const path of [scanPath(code), `/q/${'A'.repeat(43)}`, '/q/short', `/q/${'x'.repeat(150)}`]) {
      const response = await asUser(t.app).get(path);
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location, path).toBe('/qr/expired');
    }
    // Past the router's parameter limit: refused, never a 500.
    expect((await asUser(t.app).get(`/q/${'x'.repeat(300)}`)).statusCode).toBe(414);
  });
});

describe('QR codes with PUBLIC_BASE_URL', () => {
  it('encodes the configured public address instead of the request origin', async () => {
    const configured = await createTestApp({ PUBLIC_BASE_URL: 'https://intel.example.com/' });
    try {
      const account = await registerUser(configured.app);
      const created = await configured.app.inject({
        method: 'POST',
        url: '/api/qr-codes',
        headers: { cookie: account.cookie, host: 'internal:5000' },
        payload: { type: 'secure_channel' },
      });
      expect(created.json<Code>().scanUrl).toMatch(/^https:\/\/intel\.example\.com\/q\/[A-Za-z0-9_-]{43}$/);
    } finally {
      await configured.close();
    }
  });
});
