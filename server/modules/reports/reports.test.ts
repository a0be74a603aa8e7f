import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../contract/reports.js';
import { auditLog, reports } from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { canonicalJson } from './reports.pdf.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'reports-test-'));
  // The real workers run, as in the server: a requested report is rendered by its job.
  t = await createTestApp(
    { DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://intel.example.test' },
    { jobs: true },
  );
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type User = Awaited<ReturnType<typeof registerUser>>;

const BOUNDARY = '----reports-test-boundary';
function attach(user: User, base: string, name: string, data: string, isInternal = false) {
  const fields = isInternal
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="isInternal"\r\n\r\ntrue\r\n`
    : '';
  const payload =
    fields +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${data}\r\n--${BOUNDARY}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `${base}/files`,
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
}

async function director(): Promise<User> {
  const user = await registerUser(t.app);
  await setUserTier(t, user.id, 4);
  return user;
}

/** Asks for a report and follows GET until the PDF comes (202 while it renders). */
async function produce(user: User, base: string, version: 'client' | 'staff' = 'client') {
  const asked = await asUser(t.app, user).post(`${base}/report`, { version });
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json<Report>()).toMatchObject({ status: 'pending', version });
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await asUser(t.app, user).get(`${base}/report?version=${version}`);
    if (response.statusCode === 200) {
      const pdf = response.rawPayload;
      const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
      return { response, pdf, text: text.replace(/\s+/g, ' ') };
    }
    expect(response.statusCode, response.body).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the report was not rendered');
}

const PUBLIC_NOTE = 'We traced the van to the Hosur depot on Tuesday.';
const INTERNAL_NOTE = 'Internal: the depot manager is our main suspect.';

async function caseWithHistory() {
  const owner = await registerUser(t.app);
  const boss = await director();
  const opened = await asUser(t.app, owner).post('/api/cases', {
    title: 'Missing shipment of laptops',
    description: 'Forty laptops went missing between the depot and the Bengaluru office.',
    category: 'investigation',
  });
  expect(opened.statusCode).toBe(201);
  const base = `/api/cases/${opened.json<{ id: string }>().id}`;
  const as = asUser(t.app, boss);
  expect((await as.post(`${base}/updates`, { updateType: 'comment', content: PUBLIC_NOTE })).statusCode).toBe(
    201,
  );
  expect(
    (await as.post(`${base}/updates`, { updateType: 'internal_note', content: INTERNAL_NOTE })).statusCode,
  ).toBe(201);
  expect(
    (await as.post(`${base}/updates`, { updateType: 'cost_estimate', estimatedCost: '45000' })).statusCode,
  ).toBe(201);
  expect((await as.patch(base, { attackTechniques: ['T1078', 'T1566.001'] })).statusCode).toBe(200);
  expect((await as.post(`${base}/tasks`, { title: 'Walk the depot route' })).statusCode).toBe(201);
  const clientFile = await attach(
    owner,
    base,
    'delivery-note.txt',
    'Delivery note 4411, signed by R. Kumar\n',
  );
  expect(clientFile.statusCode).toBe(201);
  const staffFile = await attach(boss, base, 'suspect-list.txt', 'Depot staff on shift\n', true);
  expect(staffFile.statusCode).toBe(201);
  return {
    owner,
    boss,
    base,
    caseNumber: opened.json<{ caseNumber: string }>().caseNumber,
    clientFile: clientFile.json<{ sha256: string }>(),
    staffFile: staffFile.json<{ sha256: string }>(),
  };
}

describe('case reports', () => {
  it("renders the client's version without internal notes or files, with the cover, costs and hashes", async () => {
    const c = await caseWithHistory();
    const { response, text } = await produce(c.owner, c.base);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="${c.caseNumber}-report.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(text).toContain(c.caseNumber);
    expect(text).toContain('Missing shipment of laptops');
    expect(text).toContain('Client version');
    expect(text).toContain('1 - Basic');
    expect(text).toContain(PUBLIC_NOTE);
    expect(text).toContain('INR 45,000.00');
    // The case workbench (design 12.5): techniques with their names, tasks only as progress.
    expect(text).toContain('T1078 Valid Accounts; T1566.001 Spearphishing Attachment');
    expect(text).toContain('0 of 1 done');
    expect(text).not.toContain('Walk the depot route');
    expect(text).toContain('delivery-note.txt');
    expect(text).toContain(c.clientFile.sha256);
    expect(text).not.toContain(INTERNAL_NOTE);
    expect(text).not.toContain('suspect-list.txt');
    expect(text).not.toContain(c.staffFile.sha256);
    expect(text).not.toContain('INTERNAL');
  });

  it('prints Latin with diacritics, Devanagari and the rupee sign as themselves, in an embedded font', async () => {
    const owner = await registerUser(t.app);
    const title = 'Café Müller — ₹1,500 — सुरक्षा जाँच';
    const opened = await asUser(t.app, owner).post('/api/cases', {
      title,
      description: 'A Łódź supplier and a क्षेत्र office.',
      category: 'investigation',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { pdf, text } = await produce(owner, `/api/cases/${opened.json<{ id: string }>().id}`);
    expect(text).toContain(title);
    expect(text).not.toContain('INR 1,500');
    // Only the glyphs used are embedded: a report stays a few tens of kilobytes.
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans-Regular/);
    expect(pdf.length).toBeLessThan(100_000);
  });

  it('renders the staff version for a Director, with internal notes and files; a client may not ask for it', async () => {
    const c = await caseWithHistory();
    const refused = await asUser(t.app, c.owner).post(`${c.base}/report`, { version: 'staff' });
    expect(refused.statusCode).toBe(403);
    expect((await asUser(t.app, c.owner).get(`${c.base}/report?version=staff`)).statusCode).toBe(403);
    const { text, response } = await produce(c.boss, c.base, 'staff');
    expect(response.headers['content-disposition']).toContain('-staff.pdf');
    expect(text).toContain('STAFF VERSION');
    expect(text).toContain(INTERNAL_NOTE);
    expect(text).toContain('suspect-list.txt');
    expect(text).toContain(c.staffFile.sha256);
    expect(text).toContain(PUBLIC_NOTE);
    // Verification says it is the staff version.
    const verified = await asUser(t.app).get(`/api/reports/verify/${response.headers['x-report-sha256']}`);
    expect(verified.json()).toMatchObject({ subjectType: 'case', version: 'staff' });
    // A Director may also produce exactly what the client would get.
    const client = await produce(c.boss, c.base, 'client');
    expect(client.text).not.toContain(INTERNAL_NOTE);
  });

  it('prints its content hash in the footer; verify answers for it and for the file hash, 404 otherwise, 400 malformed', async () => {
    const c = await caseWithHistory();
    const { pdf, text, response } = await produce(c.owner, c.base);
    const printed = String(response.headers['x-report-sha256']);
    expect(printed).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain(`Content SHA-256 ${printed}`);
    expect(text).toContain(`https://intel.example.test/api/reports/verify/${printed}`);
    const fileHash = createHash('sha256').update(pdf).digest('hex');
    expect(response.headers['x-content-sha256']).toBe(fileHash);

    for (const hash of [printed, fileHash, fileHash.toUpperCase()]) {
      const verified = await asUser(t.app).get(`/api/reports/verify/${hash}`);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({
        issuedAt: expect.any(String),
        subjectType: 'case',
        subjectNumber: c.caseNumber,
        version: 'client',
      });
    }
    // The footer's link opened in a browser goes to the page that says it in words; JSON stays for programs.
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const page = await t.app.inject({ url: `/api/reports/verify/${printed}`, headers: { accept: browser } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/reports/verify/${printed}`);
    for (const accept of ['application/json', 'application/json, text/html', '*/*']) {
      const json = await t.app.inject({ url: `/api/reports/verify/${printed}`, headers: { accept } });
      expect(json.statusCode, accept).toBe(200);
      expect(json.json<{ version: string }>().version).toBe('client');
    }
    // An unknown or malformed hash too: the page says it was not issued here.
    const unknown = await t.app.inject({
      url: `/api/reports/verify/${'0'.repeat(64)}`,
      headers: { accept: browser },
    });
    expect(unknown.headers.location).toBe(`/reports/verify/${'0'.repeat(64)}`);
    const malformed = await t.app.inject({
      url: '/api/reports/verify/not%20a%20hash',
      headers: { accept: browser },
    });
    expect(malformed.statusCode).toBe(303);
    expect(malformed.headers.location).toBe('/reports/verify/not%20a%20hash');
    const altered = Buffer.from(pdf);
    altered.writeUInt8(altered.readUInt8(altered.length - 20) ^ 1, altered.length - 20);
    const alteredHash = createHash('sha256').update(altered).digest('hex');
    expect((await asUser(t.app).get(`/api/reports/verify/${alteredHash}`)).statusCode).toBe(404);
    for (const bad of ['abc', 'z'.repeat(64), `${printed}0`]) {
      const response400 = await asUser(t.app).get(`/api/reports/verify/${bad}`);
      expect(response400.statusCode).toBe(400);
      expect(response400.json().code).toBe('VALIDATION_FAILED');
    }
    const [row] = await t.database.db.select().from(reports).where(eq(reports.contentSha256, printed));
    expect(row).toMatchObject({ status: 'completed', fileSha256: fileHash, version: 'client' });
    const downloads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.downloaded'), eq(auditLog.subject, row!.id)));
    expect(downloads.length).toBeGreaterThan(0);
  });

  it('is 404 for a case the reader cannot see, 404 before any report, 202 while one renders', async () => {
    const c = await caseWithHistory();
    const stranger = await registerUser(t.app);
    expect((await asUser(t.app, stranger).post(`${c.base}/report`, {})).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).get(`${c.base}/report`)).statusCode).toBe(404);
    expect((await asUser(t.app, c.owner).get(`${c.base}/report`)).statusCode).toBe(404);
    expect((await asUser(t.app, c.owner).post('/api/cases/not-an-id/report', {})).statusCode).toBe(404);
    expect((await asUser(t.app).post(`${c.base}/report`, {})).statusCode).toBe(401);
    expect((await asUser(t.app, c.owner).post(`${c.base}/report`, { version: 'secret' })).statusCode).toBe(
      400,
    );
    // A report the job has not reached yet.
    const caseId = c.base.split('/').pop()!;
    await t.database.db.insert(reports).values({
      subjectType: 'case',
      caseId,
      subjectNumber: c.caseNumber,
      version: 'client',
      status: 'processing',
    });
    const pending = await asUser(t.app, c.owner).get(`${c.base}/report`);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toMatchObject({ status: 'processing', sha256: null });
  });
});

describe('investigation reports', () => {
  it('prints the declarations with time and IP, the history and the files; 404 for others', async () => {
    const owner = await registerUser(t.app);
    const boss = await director();
    const stranger = await registerUser(t.app);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/investigations',
      headers: { cookie: owner.cookie },
      remoteAddress: '203.0.113.7',
      payload: {
        serviceType: 'background-check',
        subject: 'Pre-employment check: finance lead',
        description: 'Verify the identity and employment history of our shortlisted finance lead.',
        authorizedRepresentative: 'Asha Rao',
        legalBasis: 'Written consent of the candidate on file',
        targetInformation: 'Full name, date of birth and last three employers',
        expectedTimeframe: 'Within two weeks',
        lawfulPurposeDeclaration: true,
        noHarassmentDeclaration: true,
        complianceAgreement: true,
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const base = `/api/investigations/${filed.json<{ id: string }>().id}`;
    expect((await asUser(t.app, boss).patch(base, { status: 'IN_PROGRESS' })).statusCode).toBe(200);
    expect((await attach(boss, base, 'dossier-notes.txt', 'Staff only\n', true)).statusCode).toBe(201);
    expect((await attach(owner, base, 'consent.txt', 'I consent\n')).statusCode).toBe(201);

    const client = await produce(owner, base);
    expect(client.text).toContain('Investigation report');
    expect(client.text).toMatch(/INV-[0-9A-F]{8}/);
    expect(client.text).toContain('Lawful purpose');
    expect(client.text).toContain('203.0.113.7');
    expect(client.text).toContain('Status moved from Pending to In progress');
    expect(client.text).toContain('consent.txt');
    expect(client.text).not.toContain('dossier-notes.txt');
    const staff = await produce(boss, base, 'staff');
    expect(staff.text).toContain('dossier-notes.txt');

    expect((await asUser(t.app, stranger).post(`${base}/report`, {})).statusCode).toBe(404);
    const verified = await asUser(t.app).get(
      `/api/reports/verify/${client.response.headers['x-report-sha256']}`,
    );
    expect(verified.json()).toMatchObject({
      subjectType: 'investigation',
      subjectNumber: expect.stringMatching(/^INV-/),
    });
  });
});

describe('report content', () => {
  it('hashes canonical JSON (key order does not matter)', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }] })).toBe('{"a":[{"c":"x","d":2}],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
});
