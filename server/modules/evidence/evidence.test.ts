import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceFile } from '../../../contract/evidence.js';
import { auditLog, evidenceFiles, users } from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { carryOutDue } from '../account-deletion/account-deletion.service.js';
import { attachmentDisposition, sanitizeFileName } from './evidence.content.js';
import { exportFiles } from './evidence.service.js';

const MAX_BYTES = 64 * 1024;
const MAX_FILES = 4;
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'evidence-test-'));
  t = await createTestApp({
    DATA_DIR: dataDir,
    UPLOAD_MAX_BYTES: String(MAX_BYTES),
    EVIDENCE_MAX_FILES: String(MAX_FILES),
  });
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type User = Awaited<ReturnType<typeof registerUser>>;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
/** A Windows executable's start, whatever its name says. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90), Buffer.from('PE\0\0')]);

interface Part {
  name: string;
  filename?: string;
  data: Buffer | string;
  contentType?: string;
}

const BOUNDARY = '----evidence-test-boundary';

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type =
      part.filename !== undefined
        ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function postMultipart(user: User | null, url: string, body: Buffer) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: body,
  });
}

function upload(
  user: User | null,
  base: string,
  file: { name: string; data: Buffer | string; contentType?: string },
  fields: Record<string, string> = {},
) {
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    { name: 'file', filename: file.name, data: file.data, contentType: file.contentType },
  ];
  return postMultipart(user, `${base}/files`, multipartBody(parts));
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

async function director(): Promise<User> {
  const user = await registerUser(t.app);
  await setUserTier(t, user.id, 4);
  return user;
}

async function openCase(owner: User): Promise<string> {
  const response = await asUser(t.app, owner).post('/api/cases', {
    title: 'Stolen laptop',
    description: 'A laptop with client files was taken from the car park on Monday.',
    category: 'investigation',
  });
  expect(response.statusCode, response.body).toBe(201);
  return `/api/cases/${response.json<{ id: string }>().id}`;
}

async function openInvestigation(owner: User): Promise<string> {
  const response = await asUser(t.app, owner).post('/api/investigations', {
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
  });
  expect(response.statusCode, response.body).toBe(201);
  return `/api/investigations/${response.json<{ id: string }>().id}`;
}

async function blobFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  const found: string[] = [];
  for (const dir of await readdir(root).catch(() => [])) {
    if (dir === 'tmp') continue;
    for (const file of await readdir(path.join(root, dir))) found.push(dir + file);
  }
  return found;
}

describe('evidence files on a case', () => {
  it('stores an upload by its SHA-256, lists it and downloads the same bytes as an audited attachment', async () => {
    const owner = await registerUser(t.app);
    const base = await openCase(owner);
    const created = await upload(owner, base, {
      name: 'scene photo.png',
      data: PNG,
      contentType: 'text/html',
    });
    expect(created.statusCode, created.body).toBe(201);
    const file = created.json<EvidenceFile>();
    expect(file).toMatchObject({
      name: 'scene photo.png',
      size: PNG.length,
      // Sniffed from the content; the browser's claim (text/html) is ignored.
      contentType: 'image/png',
      sha256: sha256(PNG),
      isInternal: false,
      deletedAt: null,
    });
    expect(Object.keys(file)).toEqual(
      expect.arrayContaining(['id', 'name', 'size', 'contentType', 'sha256', 'isInternal', 'createdAt']),
    );
    const stored = await readFile(path.join(dataDir, 'files', file.sha256.slice(0, 2), file.sha256.slice(2)));
    expect(stored.equals(PNG)).toBe(true);

    const listed = await asUser(t.app, owner).get(`${base}/files`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<EvidenceFile[]>().map((f) => f.id)).toEqual([file.id]);

    const download = await asUser(t.app, owner).get(`${base}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(sha256(download.rawPayload)).toBe(file.sha256);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="scene photo.png"; filename*=UTF-8''scene%20photo.png`,
    );
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.downloaded'), eq(auditLog.subject, file.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ userId: owner.id, subjectUserId: owner.id });

    // The case's timeline says a file was attached, with its hash.
    const detail = await asUser(t.app, owner).get(base);
    const updates = detail.json<{ updates: { title: string; content: string }[] }>().updates;
    expect(updates.some((u) => u.title === 'File attached' && u.content.includes(file.sha256))).toBe(true);
  });

  it('keeps one blob for the same bytes attached twice', async () => {
    const owner = await registerUser(t.app);
    const base = await openCase(owner);
    const data = `same bytes ${Date.now()}\n`;
    expect((await upload(owner, base, { name: 'a.txt', data })).statusCode).toBe(201);
    expect((await upload(owner, base, { name: 'b.txt', data })).statusCode).toBe(201);
    expect((await blobFiles()).filter((name) => name === sha256(data))).toHaveLength(1);
  });

  it('is 404 for another user, for every route, and 401 signed out', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const base = await openCase(owner);
    const file = (await upload(owner, base, { name: 'x.pdf', data: PDF })).json<EvidenceFile>();
    expect((await upload(stranger, base, { name: 'y.pdf', data: PDF })).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).get(`${base}/files`)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).get(`${base}/files/${file.id}`)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).delete(`${base}/files/${file.id}`)).statusCode).toBe(404);
    expect((await upload(null, base, { name: 'y.pdf', data: PDF })).statusCode).toBe(401);
    expect((await upload(owner, '/api/cases/not-a-uuid', { name: 'y.pdf', data: PDF })).statusCode).toBe(404);
    // A file id of another case is not found through this one.
    const other = await openCase(owner);
    expect((await asUser(t.app, owner).get(`${other}/files/${file.id}`)).statusCode).toBe(404);
  });

  it('refuses by content, not by name: 415 for a program called .pdf or binary called .txt', async () => {
    const owner = await registerUser(t.app);
    const base = await openCase(owner);
    const exe = await upload(owner, base, { name: 'invoice.pdf', data: EXE, contentType: 'application/pdf' });
    expect(exe.statusCode, exe.body).toBe(415);
    expect(exe.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const binary = Buffer.from([0x41, 0x42, 0x00, 0x01, 0x02, 0x43]);
    expect((await upload(owner, base, { name: 'notes.txt', data: binary })).statusCode).toBe(415);
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
    expect((await upload(owner, base, { name: 'notes.txt', data: latin1 })).statusCode).toBe(415);
    // Plain text and CSV have no magic bytes: a text check lets them in.
    const text = await upload(owner, base, { name: 'notes.exe', data: 'Seen at 10:42, blue van.\n' });
    expect(text.json()).toMatchObject({ contentType: 'text/plain', name: 'notes.exe' });
    const csv = await upload(owner, base, {
      name: 'calls.csv',
      data: 'time,number\n10:42,+91 98450 00000\n',
    });
    expect(csv.json()).toMatchObject({ contentType: 'text/csv' });
    expect((await asUser(t.app, owner).get(`${base}/files`)).json<EvidenceFile[]>()).toHaveLength(2);
  });

  it("says the server's own limits at /api/evidence/limits, to signed-in users", async () => {
    const owner = await registerUser(t.app);
    const limits = await asUser(t.app, owner).get('/api/evidence/limits');
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toEqual({ maxBytes: MAX_BYTES, maxFiles: MAX_FILES });
    expect((await t.app.inject({ url: '/api/evidence/limits' })).statusCode).toBe(401);
  });

  it('is 413 past UPLOAD_MAX_BYTES, keeping nothing, and 400 for empty, cut-short or fileless uploads', async () => {
    const owner = await registerUser(t.app);
    const base = await openCase(owner);
    const before = await blobFiles();
    const big = Buffer.alloc(MAX_BYTES + 1, 0x61);
    const tooBig = await upload(owner, base, { name: 'big.txt', data: big });
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Exactly the limit is fine.
    expect(
      (await upload(owner, base, { name: 'fits.txt', data: Buffer.alloc(MAX_BYTES, 0x61) })).statusCode,
    ).toBe(201);
    expect((await blobFiles()).length).toBe(before.length + 1);
    expect(await readdir(path.join(dataDir, 'files', 'tmp'))).toEqual([]);

    const empty = await upload(owner, base, { name: 'empty.pdf', data: Buffer.alloc(0) });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().message).toBe('The file is empty');

    const whole = multipartBody([{ name: 'file', filename: 'cut.pdf', data: PDF }]);
    const cut = await postMultipart(owner, `${base}/files`, whole.subarray(0, whole.length - 30));
    expect(cut.statusCode, cut.body).toBe(400);

    const fieldsOnly = await postMultipart(
      owner,
      `${base}/files`,
      multipartBody([{ name: 'note', data: 'hi' }]),
    );
    expect(fieldsOnly.statusCode).toBe(400);
    const twoFiles = await postMultipart(
      owner,
      `${base}/files`,
      multipartBody([
        { name: 'file', filename: 'a.pdf', data: PDF },
        { name: 'file', filename: 'b.pdf', data: PDF },
      ]),
    );
    expect(twoFiles.statusCode).toBe(400);
    const json = await asUser(t.app, owner).post(`${base}/files`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await readdir(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('sanitises names: no folders, control or direction characters', async () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Windows\\system32\\evil.dll')).toBe('evil.dll');
    expect(sanitizeFileName('report\u202Efdp.exe')).toBe('reportfdp.exe');
    expect(sanitizeFileName('a\u0000b\r\nc.txt')).toBe('abc.txt');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    expect(sanitizeFileName(`${'x'.repeat(300)}.pdf`)).toMatch(/^x{196}\.pdf$/);
    expect(attachmentDisposition('Überwachung "1".pdf')).toBe(
      `attachment; filename="_berwachung _1_.pdf"; filename*=UTF-8''%C3%9Cberwachung%20%221%22.pdf`,
    );

    const owner = await registerUser(t.app);
    const base = await openCase(owner);
    const created = await upload(owner, base, {
      name: '../../../etc/passwd\u0007.txt',
      data: 'root:x:0:0\n',
    });
    expect(created.json()).toMatchObject({ name: 'passwd.txt' });
  });

  it('keeps internal files from the client: only Directors attach, list and download them', async () => {
    const owner = await registerUser(t.app);
    const boss = await director();
    const base = await openCase(owner);
    const refused = await upload(owner, base, { name: 'x.pdf', data: PDF }, { isInternal: 'true' });
    expect(refused.statusCode).toBe(403);
    const bad = await upload(owner, base, { name: 'x.pdf', data: PDF }, { isInternal: 'yes' });
    expect(bad.statusCode).toBe(400);

    // The flag may follow the file in the form: it is still honoured.
    const body = multipartBody([
      { name: 'file', filename: 'suspect.pdf', data: PDF },
      { name: 'isInternal', data: 'true' },
    ]);
    const internal = await postMultipart(boss, `${base}/files`, body);
    expect(internal.statusCode, internal.body).toBe(201);
    const file = internal.json<EvidenceFile>();
    expect(file.isInternal).toBe(true);

    expect((await asUser(t.app, owner).get(`${base}/files`)).json()).toEqual([]);
    expect((await asUser(t.app, owner).get(`${base}/files/${file.id}`)).statusCode).toBe(404);
    expect((await asUser(t.app, boss).get(`${base}/files`)).json<EvidenceFile[]>()).toHaveLength(1);
    expect((await asUser(t.app, boss).get(`${base}/files/${file.id}`)).statusCode).toBe(200);
    const timeline = (await asUser(t.app, owner).get(base)).json<{ updates: { content: string }[] }>();
    expect(timeline.updates.some((u) => u.content.includes('suspect.pdf'))).toBe(false);
    const staffTimeline = (await asUser(t.app, boss).get(base)).json<{ updates: { content: string }[] }>();
    expect(staffTimeline.updates.some((u) => u.content.includes('suspect.pdf'))).toBe(true);
  });

  it('limits the live files per case (EVIDENCE_MAX_FILES); removed ones do not count', async () => {
    const owner = await registerUser(t.app);
    const base = await openCase(owner);
    const ids: string[] = [];
    for (let i = 0; i < MAX_FILES; i++) {
      const created = await upload(owner, base, { name: `n${i}.txt`, data: `note ${i}\n` });
      expect(created.statusCode).toBe(201);
      ids.push(created.json<EvidenceFile>().id);
    }
    const full = await upload(owner, base, { name: 'more.txt', data: 'more\n' });
    expect(full.statusCode).toBe(409);
    expect((await asUser(t.app, owner).delete(`${base}/files/${ids[0]}`)).statusCode).toBe(204);
    expect((await upload(owner, base, { name: 'more.txt', data: 'more\n' })).statusCode).toBe(201);
  });

  it('removes softly: listed as removed, 410 to download, in the timeline; owners remove only their own', async () => {
    const owner = await registerUser(t.app);
    const boss = await director();
    const base = await openCase(owner);
    const mine = (await upload(owner, base, { name: 'mine.pdf', data: PDF })).json<EvidenceFile>();
    const theirs = (await upload(boss, base, { name: 'theirs.png', data: PNG })).json<EvidenceFile>();
    expect((await asUser(t.app, owner).delete(`${base}/files/${theirs.id}`)).statusCode).toBe(403);
    expect((await asUser(t.app, owner).delete(`${base}/files/${mine.id}`)).statusCode).toBe(204);
    expect((await asUser(t.app, owner).delete(`${base}/files/${mine.id}`)).statusCode).toBe(404);
    const listed = (await asUser(t.app, owner).get(`${base}/files`)).json<EvidenceFile[]>();
    expect(listed.find((f) => f.id === mine.id)?.deletedAt).not.toBeNull();
    const gone = await asUser(t.app, owner).get(`${base}/files/${mine.id}`);
    expect(gone.statusCode).toBe(410);
    const updates = (await asUser(t.app, owner).get(base)).json<{
      updates: { title: string; content: string }[];
    }>().updates;
    expect(updates.some((u) => u.title === 'File removed' && u.content.includes('mine.pdf'))).toBe(true);
    expect((await asUser(t.app, boss).delete(`${base}/files/${theirs.id}`)).statusCode).toBe(204);
  });
});

describe('evidence files on an investigation request', () => {
  it('works the same: the owner and Directors attach and download; others get 404', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const boss = await director();
    const base = await openInvestigation(owner);
    const created = await upload(owner, base, { name: 'consent.pdf', data: PDF });
    expect(created.statusCode, created.body).toBe(201);
    const file = created.json<EvidenceFile>();
    expect(file).toMatchObject({ contentType: 'application/pdf', sha256: sha256(PDF) });
    expect(
      (await upload(boss, base, { name: 'dossier.pdf', data: PDF }, { isInternal: 'true' })).statusCode,
    ).toBe(201);
    expect((await asUser(t.app, owner).get(`${base}/files`)).json<EvidenceFile[]>()).toHaveLength(1);
    expect((await asUser(t.app, boss).get(`${base}/files`)).json<EvidenceFile[]>()).toHaveLength(2);
    const download = await asUser(t.app, boss).get(`${base}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await asUser(t.app, stranger).get(`${base}/files`)).statusCode).toBe(404);
    expect((await upload(stranger, base, { name: 'x.pdf', data: PDF })).statusCode).toBe(404);
    expect((await upload(owner, base, { name: 'x.exe', data: EXE })).statusCode).toBe(415);
  });
});

describe('evidence files and data rights', () => {
  it("lists a user's files in their data export (never a Director's internal ones) and erases those they attached with the account", async () => {
    const owner = await registerUser(t.app);
    const boss = await director();
    const base = await openCase(owner);
    const unique = `account evidence ${Date.now()} ${Math.random()}\n`;
    const mine = (await upload(owner, base, { name: 'my-statement.txt', data: unique })).json<EvidenceFile>();
    const staff = (
      await upload(boss, base, { name: 'staff.pdf', data: PDF }, { isInternal: 'true' })
    ).json<EvidenceFile>();

    const exported = await exportFiles(t.database.db, owner.id);
    expect(exported.map((file) => file.id)).toEqual([mine.id]);
    expect(exported[0]).toMatchObject({
      name: 'my-statement.txt',
      sha256: sha256(unique),
      uploadedByYou: true,
    });
    expect(await blobFiles()).toContain(sha256(unique));

    // The deletion is due now: the scheduled job's work erases the files with the account.
    await t.database.db
      .update(users)
      .set({ deletionRequestedAt: new Date(), deletionScheduledFor: new Date(Date.now() - 1000) })
      .where(eq(users.id, owner.id));
    await carryOutDue(t.ctx);
    const rows = await t.database.db
      .select()
      .from(evidenceFiles)
      .where(eq(evidenceFiles.caseId, base.split('/').pop()!));
    expect(rows).toHaveLength(2);
    const erased = rows.find((row) => row.id === mine.id)!;
    expect(erased.name).toBe('erased');
    expect(erased.deletedAt).not.toBeNull();
    expect(erased.sha256).toBe(sha256(unique));
    // A Director's file on the case is the firm's work and stays, as staff updates do.
    expect(rows.find((row) => row.id === staff.id)).toMatchObject({ name: 'staff.pdf', deletedAt: null });
    // The statement's bytes are gone from the store; the row keeps only its size, type and hash.
    expect(await blobFiles()).not.toContain(sha256(unique));
  });
});
