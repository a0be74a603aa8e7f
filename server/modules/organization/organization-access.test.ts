import { randomUUID } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investigationCatalog } from '../../db/schema/index.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

/**
 * The shared-work access matrix (design 12.3): for a case and an investigation request, shared with the
 * organisation and private, and for their updates, files and reports, what each of owner, admin, member,
 * ex-member, outsider and Director gets. Fails on any cell that leaks or any that is refused when it should pass.
 */

type Account = Awaited<ReturnType<typeof registerUser>>;
type Role = 'owner' | 'admin' | 'member' | 'exMember' | 'outsider' | 'director';
const ROLES: Role[] = ['owner', 'admin', 'member', 'exMember', 'outsider', 'director'];

let t: TestApp;
const people = {} as Record<Role | 'author', Account>;

const boundary = 'access-matrix';
const upload = (caller: Account, url: string, isInternal = false) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: caller.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      (isInternal
        ? `--${boundary}\r\nContent-Disposition: form-data; name="isInternal"\r\n\r\ntrue\r\n`
        : '') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nShared evidence\r\n--${boundary}--\r\n`,
  });

beforeAll(async () => {
  // Each test signs up a whole organisation: more accounts than the per-IP registration limit allows an hour.
  t = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '1000' });
  await t.database.db
    .insert(investigationCatalog)
    .values({
      id: 'background-check',
      name: 'Background check',
      description: 'A service the matrix requests.',
      icon: 'search',
      minimumTier: 1,
      pricing: '25,000',
      basePrice: '25000.00',
      deliveryTime: '1 week',
      category: 'matrix',
    })
    .onConflictDoNothing();
  const domain = `matrix-${randomBytes(3).toString('hex')}.test`;
  for (const name of ['author', ...ROLES] as const) {
    people[name] = await registerUser(t.app, {
      email:
        `${name.toLowerCase()}@${name === 'outsider' || name === 'director' ? 'elsewhere.test' : domain}`.replace(
          /^(outsider|director)@/,
          `${name}.${randomBytes(2).toString('hex')}@`,
        ),
    });
    await verifyEmail(t, people[name].id);
  }
  await setUserTier(t, people.director.id, 4);
  const client = (
    await asUser(t.app, people.director).post('/api/enterprise/clients', {
      name: 'Matrix Ltd',
      domain,
      tier: 2,
      autoJoin: false,
    })
  ).json<{ id: string }>();
  const seat = async (who: Account, role: string) => {
    const response = await asUser(t.app, people.director).post(
      `/api/enterprise/clients/${client.id}/members`,
      {
        email: who.email,
        role,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  await seat(people.owner, 'owner');
  await seat(people.admin, 'admin');
  await seat(people.member, 'member');
  await seat(people.author, 'member');
  await seat(people.exMember, 'member');
});
afterAll(() => t.close());

interface Subject {
  kind: 'case' | 'investigation';
  shared: boolean;
  id: string;
  base: string;
  fileId: string;
  internalFileId: string;
}

async function makeSubject(kind: Subject['kind'], shared: boolean): Promise<Subject> {
  const visibility = shared ? 'organization' : 'private';
  const created =
    kind === 'case'
      ? await asUser(t.app, people.author).post('/api/cases', {
          title: 'Matrix case for sharing',
          description: 'A case the access matrix reads as everyone in turn.',
          category: 'investigation',
          visibility,
        })
      : await asUser(t.app, people.author).post('/api/investigations', {
          serviceType: 'background-check',
          subject: 'Matrix request',
          description:
            'A request the access matrix reads as everyone in turn, long enough to pass the form rules here.',
          authorizedRepresentative: 'Asha Rao',
          legalBasis: 'Written consent of the subject on file',
          targetInformation: 'Full name, date of birth and last three employers',
          expectedTimeframe: 'Within two weeks',
          lawfulPurposeDeclaration: true,
          noHarassmentDeclaration: true,
          complianceAgreement: true,
          visibility,
        });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json()).toMatchObject({ visibility, mine: true });
  const id = created.json<{ id: string }>().id;
  const base = `/api/${kind === 'case' ? 'cases' : 'investigations'}/${id}`;
  const file = await upload(people.author, `${base}/files`);
  expect(file.statusCode, file.body).toBe(201);
  const internal = await upload(people.director, `${base}/files`, true);
  expect(internal.statusCode, internal.body).toBe(201);
  if (kind === 'case') {
    const note = await asUser(t.app, people.director).post(`${base}/updates`, {
      updateType: 'internal_note',
      content: 'Staff only: the source is a former employee.',
    });
    expect(note.statusCode, note.body).toBe(201);
    const observable = await asUser(t.app, people.director).post(`${base}/observables`, {
      type: 'domain',
      value: INTERNAL_OBSERVABLE,
      isInternal: true,
    });
    expect(observable.statusCode, observable.body).toBe(201);
  }
  return {
    kind,
    shared,
    id,
    base,
    fileId: file.json<{ id: string }>().id,
    internalFileId: internal.json<{ id: string }>().id,
  };
}

/** A Director's internal observable on every matrix case: no client may ever list it. */
const INTERNAL_OBSERVABLE = 'internal-source.matrix.example';

type Expect = 'ok' | 'refused';
interface Cell {
  what: string;
  /** What each role gets on a shared and on a private subject. */
  expected: (role: Role, subject: Subject) => Expect;
  call: (who: Account, subject: Subject) => Promise<{ ok: boolean; status: number; leak?: string }>;
}

const readers = new Set<Role>(['owner', 'admin', 'member', 'director']);
const contributors = new Set<Role>(['owner', 'admin', 'director']);
const reads = (role: Role, s: Subject): Expect =>
  role === 'director' || (s.shared && readers.has(role)) ? 'ok' : 'refused';
const adds = (role: Role, s: Subject): Expect =>
  role === 'director' || (s.shared && contributors.has(role)) ? 'ok' : 'refused';
const staffOnly = (role: Role): Expect => (role === 'director' ? 'ok' : 'refused');

const CELLS: Cell[] = [
  {
    what: 'read the record',
    expected: reads,
    async call(who, s) {
      const response =
        s.kind === 'case'
          ? await asUser(t.app, who).get(s.base)
          : // Requests have no detail route: a Director reads everyone's list, a client their own.
            await asUser(t.app, who).get(
              `/api/investigations${who === people.director ? '?scope=all&limit=200' : ''}`,
            );
      if (s.kind === 'case') return { ok: response.statusCode === 200, status: response.statusCode };
      const listed = response.json<{ id: string }[]>().some((row) => row.id === s.id);
      return { ok: listed, status: listed ? 200 : 404 };
    },
  },
  {
    what: 'see it in the list',
    // Directors see everyone's with ?scope=all; their own list holds theirs and their organisation's only.
    expected: (role, s) => (s.shared && readers.has(role) && role !== 'director' ? 'ok' : 'refused'),
    async call(who, s) {
      const url = s.kind === 'case' ? '/api/cases' : '/api/investigations';
      const listed = (await asUser(t.app, who).get(url))
        .json<{ id: string }[]>()
        .some((row) => row.id === s.id);
      return { ok: listed, status: listed ? 200 : 404 };
    },
  },
  {
    what: 'read internal notes',
    expected: (role, s) => (s.kind === 'case' ? staffOnly(role) : 'refused'),
    async call(who, s) {
      if (s.kind !== 'case') return { ok: false, status: 404 };
      const response = await asUser(t.app, who).get(s.base);
      const internal =
        response.statusCode === 200 &&
        response.json<{ updates: { isInternal: boolean }[] }>().updates.some((u) => u.isInternal);
      return { ok: internal, status: response.statusCode };
    },
  },
  {
    what: 'add a client update',
    expected: (role, s) => (s.kind === 'case' ? adds(role, s) : 'refused'),
    async call(who, s) {
      if (s.kind !== 'case') return { ok: false, status: 404 };
      const response = await asUser(t.app, who).post(`${s.base}/updates`, {
        updateType: 'comment',
        content: 'A comment from the access matrix.',
      });
      return { ok: response.statusCode === 201, status: response.statusCode };
    },
  },
  {
    what: 'add an internal note',
    expected: (role, s) => (s.kind === 'case' ? staffOnly(role) : 'refused'),
    async call(who, s) {
      if (s.kind !== 'case') return { ok: false, status: 404 };
      const response = await asUser(t.app, who).post(`${s.base}/updates`, {
        updateType: 'internal_note',
        content: 'An internal note from the access matrix.',
      });
      return { ok: response.statusCode === 201, status: response.statusCode };
    },
  },
  {
    what: 'list files (client files only unless staff)',
    expected: reads,
    async call(who, s) {
      const response = await asUser(t.app, who).get(`${s.base}/files`);
      if (response.statusCode !== 200) return { ok: false, status: response.statusCode };
      const ids = response.json<{ id: string }[]>().map((file) => file.id);
      const leak =
        ids.includes(s.internalFileId) && who !== people.director ? 'internal file listed' : undefined;
      return { ok: ids.includes(s.fileId), status: 200, leak };
    },
  },
  {
    what: 'download a client file',
    expected: reads,
    async call(who, s) {
      const response = await asUser(t.app, who).get(`${s.base}/files/${s.fileId}`);
      return { ok: response.statusCode === 200, status: response.statusCode };
    },
  },
  {
    what: 'download an internal file',
    expected: staffOnly,
    async call(who, s) {
      const response = await asUser(t.app, who).get(`${s.base}/files/${s.internalFileId}`);
      return { ok: response.statusCode === 200, status: response.statusCode };
    },
  },
  {
    what: 'attach a file',
    expected: adds,
    async call(who, s) {
      const response = await upload(who, `${s.base}/files`);
      return { ok: response.statusCode === 201, status: response.statusCode };
    },
  },
  {
    what: 'request a report',
    expected: adds,
    async call(who, s) {
      const response = await asUser(t.app, who).post(`${s.base}/report`, {});
      return { ok: response.statusCode === 202, status: response.statusCode };
    },
  },
  {
    what: 'read the report’s status',
    // Requested above by the author's colleagues; a 202 (still rendering) means the reader reached it.
    expected: reads,
    async call(who, s) {
      const response = await asUser(t.app, who).get(`${s.base}/report`);
      return { ok: [200, 202].includes(response.statusCode), status: response.statusCode };
    },
  },
  {
    what: 'list observables (client ones only unless staff)',
    expected: (role, s) => (s.kind === 'case' ? reads(role, s) : 'refused'),
    async call(who, s) {
      if (s.kind !== 'case') return { ok: false, status: 404 };
      const response = await asUser(t.app, who).get(`${s.base}/observables`);
      const values =
        response.statusCode === 200 ? response.json<{ value: string }[]>().map((o) => o.value) : [];
      const leak =
        who !== people.director && values.includes(INTERNAL_OBSERVABLE) ? 'internal observable' : undefined;
      return { ok: response.statusCode === 200, status: response.statusCode, leak };
    },
  },
  {
    what: 'add an observable',
    expected: (role, s) => (s.kind === 'case' ? adds(role, s) : 'refused'),
    async call(who, s) {
      if (s.kind !== 'case') return { ok: false, status: 404 };
      const response = await asUser(t.app, who).post(`${s.base}/observables`, {
        type: 'domain',
        value: `${randomUUID()}.matrix.example`,
      });
      return { ok: response.statusCode === 201, status: response.statusCode };
    },
  },
  {
    what: 'change its visibility (its owner only)',
    expected: () => 'refused',
    async call(who, s) {
      const response = await asUser(t.app, who).patch(s.base, {
        visibility: s.shared ? 'organization' : 'private',
      });
      return { ok: response.statusCode === 200, status: response.statusCode };
    },
  },
];

describe('shared work: the access matrix', () => {
  it('gives each role exactly its access to shared and private cases, requests, updates, files and reports', async () => {
    const subjects: Subject[] = [];
    for (const kind of ['case', 'investigation'] as const) {
      for (const shared of [true, false]) subjects.push(await makeSubject(kind, shared));
    }
    // The ex-member leaves after the records were shared: their access ends at once.
    expect((await asUser(t.app, people.exMember).post('/api/organization/leave', {})).statusCode).toBe(204);
    // The author asks for one report on each, so the status cell has something to read.
    for (const subject of subjects) {
      expect((await asUser(t.app, people.author).post(`${subject.base}/report`, {})).statusCode).toBe(202);
    }

    const failures: string[] = [];
    let cells = 0;
    for (const subject of subjects) {
      for (const cell of CELLS) {
        for (const role of ROLES) {
          const expected = cell.expected(role, subject);
          const outcome = await cell.call(people[role], subject);
          cells += 1;
          const got: Expect = outcome.ok ? 'ok' : 'refused';
          const label = `${subject.shared ? 'shared' : 'private'} ${subject.kind}: ${role} ${cell.what}`;
          if (outcome.leak) failures.push(`${label}: ${outcome.leak}`);
          if (got !== expected)
            failures.push(`${label}: expected ${expected}, got ${got} (${outcome.status})`);
          // A refusal never answers 5xx, and a record someone may not read is a 404 (nothing about it leaks).
          if (outcome.status >= 500) failures.push(`${label}: ${outcome.status}`);
          if (
            got === 'refused' &&
            reads(role, subject) === 'refused' &&
            ![404, 200].includes(outcome.status)
          ) {
            failures.push(`${label}: refused with ${outcome.status}, not 404`);
          }
        }
      }
    }
    process.stdout.write(
      `shared-work access matrix: ${cells} cells (${subjects.length} records x ${CELLS.length} calls x ${ROLES.length} roles)\n`,
    );
    expect(failures).toEqual([]);
    expect(cells).toBe(subjects.length * CELLS.length * ROLES.length);
  });

  it('the owner shares and unshares; someone outside any organisation cannot share', async () => {
    const subject = await makeSubject('case', false);
    const shared = await asUser(t.app, people.author).patch(subject.base, { visibility: 'organization' });
    expect(shared.json()).toMatchObject({ visibility: 'organization' });
    expect((await asUser(t.app, people.member).get(subject.base)).statusCode).toBe(200);
    const filtered = (await asUser(t.app, people.member).get('/api/cases?visibility=organization')).json<
      { id: string; mine: boolean; ownerEmail: string }[]
    >();
    expect(filtered.find((row) => row.id === subject.id)).toMatchObject({
      mine: false,
      ownerEmail: people.author.email,
    });
    expect(
      (await asUser(t.app, people.member).get('/api/cases?visibility=private'))
        .json<{ id: string }[]>()
        .map((r) => r.id),
    ).not.toContain(subject.id);
    await asUser(t.app, people.author).patch(subject.base, { visibility: 'private' });
    expect((await asUser(t.app, people.member).get(subject.base)).statusCode).toBe(404);
    const loner = await asUser(t.app, people.outsider).post('/api/cases', {
      title: 'Nobody to share with',
      description: 'Someone outside any organisation tries to share a case.',
      category: 'osint',
      visibility: 'organization',
    });
    expect(loner.statusCode).toBe(400);
    expect(loner.json().issues).toEqual([
      { path: 'visibility', message: 'You are not a member of an organisation to share it with' },
    ]);
    const bad = await asUser(t.app, people.author).patch(subject.base, { visibility: 'public' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'visibility', message: 'Visibility must be private or organization' },
    ]);
  });
});
