import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_MEDIA_TYPE, SCIM_SCHEMAS } from '../../../contract/scim.js';
import { auditLog, organizationMembers, sessions, users } from '../../db/schema/index.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { SseStream } from '../../test/sse.js';

let t: TestApp;
let base: string;
let director: Account;

type Account = Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '1000' });
  // Listening, for the live event stream a deactivation must end.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
});
afterAll(() => t.close());

const uniqueDomain = () => `scim-${randomBytes(3).toString('hex')}.test`;

/** A client, its owner and the SCIM token the owner made. */
async function organisation() {
  const domain = uniqueDomain();
  const created = await asUser(t.app, director).post('/api/enterprise/clients', {
    name: `Client ${domain}`,
    domain,
    tier: 2,
  });
  const client = { ...created.json<{ id: string }>(), domain };
  const owner = await registerUser(t.app, { email: `owner@${domain}` });
  await verifyEmail(t, owner.id);
  await asUser(t.app, director).post(`/api/enterprise/clients/${client.id}/members`, {
    email: owner.email,
    role: 'owner',
  });
  const minted = await asUser(t.app, owner).post('/api/organization/scim-token', {});
  expect(minted.statusCode, minted.body).toBe(201);
  return { client, owner, token: minted.json<{ token: string }>().token };
}

/** A directory's request: the token as Bearer, bodies as application/scim+json (or `contentType`). */
function scim(token: string, contentType = SCIM_MEDIA_TYPE) {
  const request = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body: unknown) => request('POST', url, body),
    put: (url: string, body: unknown) => request('PUT', url, body),
    patch: (url: string, body: unknown) => request('PATCH', url, body),
    delete: (url: string) => request('DELETE', url),
  };
}

/** Okta's "Create User" request, as its SCIM 2.0 guide shows it. */
const oktaCreate = (userName: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName,
  name: { givenName: 'Test', familyName: 'User' },
  emails: [{ primary: true, value: userName, type: 'work' }],
  displayName: 'Test User',
  locale: 'en-US',
  externalId: '00ujl29u0le5T6Aj10h7',
  groups: [],
  password: '1mz050nq',
  active: true,
});

/** Microsoft Entra ID's "Create User" request, as its SCIM guide shows it. */
const entraCreate = (userName: string) => ({
  schemas: [
    'urn:ietf:params:scim:schemas:core:2.0:User',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  ],
  externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
  userName,
  active: true,
  emails: [{ primary: true, type: 'work', value: userName }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
});

const patch = (...Operations: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations,
});

function expectScimError(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  scimType?: string,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain(SCIM_MEDIA_TYPE);
  const body = response.json() as Record<string, unknown>;
  expect(body.schemas).toEqual([SCIM_SCHEMAS.error]);
  expect(body.status).toBe(String(status));
  if (scimType) expect(body.scimType).toBe(scimType);
}

const scimEvents = async (clientId: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(sql`${auditLog.action} like 'scim.%'`, sql`${auditLog.details}->>'organizationId' = ${clientId}`),
      )
  ).map((event) => ({
    action: event.action,
    actor: event.userId,
    by: (event.details as { actor: string }).actor,
  }));

describe('tokens', () => {
  it('an owner makes a token shown once; a new one replaces it; no token, a wrong one or a member is refused', async () => {
    const { owner, token, client } = await organisation();
    expect(token).toMatch(/^scim_/);
    const settings = await asUser(t.app, owner).get('/api/organization/scim');
    expect(settings.json()).toMatchObject({ baseUrl: expect.stringMatching(/\/scim\/v2$/) });
    expect(settings.json().tokenCreatedAt).toBeTruthy();
    expect(JSON.stringify(settings.json())).not.toContain(token);
    const [stored] = await t.database.db
      .execute<{ token_hash: string }>(sql`select token_hash from scim_tokens where client_id = ${client.id}`)
      .then((r) => r.rows);
    expect(stored!.token_hash).not.toContain(token);

    expect((await scim(token).get('/Users')).statusCode).toBe(200);
    const rotated = await asUser(t.app, owner).post('/api/organization/scim-token', {});
    const next = rotated.json<{ token: string }>().token;
    expectScimError(await scim(token).get('/Users'), 401);
    expect((await scim(next).get('/Users')).statusCode).toBe(200);
    const none = await t.app.inject({ url: '/scim/v2/Users' });
    expectScimError(none, 401);
    expect(none.headers['www-authenticate']).toContain('Bearer');

    const member = await registerUser(t.app, { email: `member@${client.domain}` });
    await scim(next).post('/Users', oktaCreate(member.email));
    expect((await asUser(t.app, member).post('/api/organization/scim-token', {})).statusCode).toBe(403);
  });

  it('ServiceProviderConfig says what is supported', async () => {
    const { token } = await organisation();
    const response = await scim(token).get('/ServiceProviderConfig');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(SCIM_MEDIA_TYPE);
    expect(response.json()).toMatchObject({
      schemas: [SCIM_SCHEMAS.serviceProviderConfig],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
  });
});

describe('Users, as Okta sends them', () => {
  it('create, get, filter (case-insensitive), replace with PUT, and a conflict for the same userName', async () => {
    const { client, token } = await organisation();
    const userName = `test.user@${client.domain}`;
    const created = await scim(token).post('/Users', oktaCreate(userName));
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      schemas: [SCIM_SCHEMAS.user],
      userName,
      externalId: '00ujl29u0le5T6Aj10h7',
      name: { givenName: 'Test', familyName: 'User' },
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(created.headers.location).toBe(user.meta.location);
    const [member] = await t.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, user.id));
    expect(member).toMatchObject({ clientId: client.id, role: 'member', via: 'scim' });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.emailVerifiedAt).not.toBeNull();

    expect((await scim(token).get(`/Users/${user.id}`)).json()).toEqual(user);

    const filtered = await scim(token).get(
      `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}&startIndex=1&count=100`,
    );
    expect(filtered.json()).toMatchObject({
      schemas: [SCIM_SCHEMAS.listResponse],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: user.id }],
    });
    const missing = await scim(token).get(
      `/Users?filter=${encodeURIComponent(`userName eq "nobody@${client.domain}"`)}`,
    );
    expect(missing.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const replaced = await scim(token).put(`/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: user.id,
      userName,
      name: { givenName: 'Another', familyName: 'User' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      active: true,
      groups: [],
      meta: { resourceType: 'User' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().name).toEqual({
      givenName: 'Another',
      familyName: 'User',
      formatted: 'Another User',
    });

    expectScimError(await scim(token).post('/Users', oktaCreate(userName)), 409, 'uniqueness');
    expect((await scim(token).get('/Users?startIndex=1&count=1')).json()).toMatchObject({
      totalResults: 2,
      itemsPerPage: 1,
    });
    expect(await scimEvents(client.id)).toEqual(
      expect.arrayContaining([
        { action: 'scim.user_created', actor: null, by: 'scim' },
        { action: 'scim.user_updated', actor: null, by: 'scim' },
      ]),
    );
  });

  it('deactivates with a value object and reactivates; sessions and API keys end, sign-in is refused', async () => {
    const { client, token } = await organisation();
    // An existing account on the domain: the directory provisions it, and it joins.
    const person = await registerUser(t.app, { email: `worker@${client.domain}` });
    const key = await asUser(t.app, person).post('/api/api-keys', { name: 'laptop', permissions: ['read'] });
    expect(key.statusCode, key.body).toBe(201);
    const apiKey = key.json<{ key: string }>().key;
    const provisioned = await scim(token).post('/Users', oktaCreate(person.email));
    expect(provisioned.statusCode, provisioned.body).toBe(201);
    const id = provisioned.json().id;
    expect(id).toBe(person.id);
    expect((await asUser(t.app, person).get('/api/auth/user')).statusCode).toBe(200);
    expect((await asUser(t.app, { apiKey }).get('/api/auth/user')).statusCode).toBe(200);
    // An open page's live event stream (design 12.6), which the deactivation must end too.
    const stream = await SseStream.open(`${base}/api/events`, { cookie: person.cookie });
    expect(stream.status).toBe(200);
    await stream.until((s) => s.lastId() !== undefined);

    const off = await scim(token).patch(`/Users/${id}`, patch({ op: 'replace', value: { active: false } }));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    await Promise.race([
      stream.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the stream outlived 5 s')), 5_000)),
    ]);
    expect((await asUser(t.app, person).get('/api/auth/user')).statusCode).toBe(401);
    expect((await asUser(t.app, { apiKey }).get('/api/auth/user')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');

    const on = await scim(token).patch(`/Users/${id}`, patch({ op: 'replace', value: { active: true } }));
    expect(on.json().active).toBe(true);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    });
    expect(back.statusCode, back.body).toBe(200);
    // Keys revoked by the deactivation stay revoked.
    expect((await asUser(t.app, { apiKey }).get('/api/auth/user')).statusCode).toBe(401);
    expect((await scimEvents(client.id)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['scim.user_deactivated', 'scim.user_reactivated']),
    );
  });

  it('DELETE removes the membership and deactivates; provisioning the address again brings it back', async () => {
    const { client, token } = await organisation();
    const person = await registerUser(t.app, { email: `leaver@${client.domain}` });
    const id = (await scim(token).post('/Users', oktaCreate(person.email))).json().id;
    const removed = await scim(token).delete(`/Users/${id}`);
    expect(removed.statusCode).toBe(204);
    expectScimError(await scim(token).get(`/Users/${id}`), 404);
    expect(
      await t.database.db.select().from(organizationMembers).where(eq(organizationMembers.userId, id)),
    ).toEqual([]);
    expect((await asUser(t.app, person).get('/api/auth/user')).statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: person.password },
      });
    expect((await login()).json().code).toBe('ACCOUNT_DEACTIVATED');
    const again = await scim(token).post('/Users', oktaCreate(person.email));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id, active: true });
    expect((await login()).statusCode).toBe(200);
  });
});

describe('Users, as Microsoft Entra ID sends them', () => {
  it('create, filter, PATCH with a path and "False"/"True" strings, attribute updates, delete', async () => {
    const { client, token } = await organisation();
    const userName = `Test_User_ab6490ee@${client.domain}`;
    // Entra sends application/json on some requests: both media types are taken.
    const created = await scim(token, 'application/json').post('/Users', entraCreate(userName));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      userName: userName.toLowerCase(),
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      name: { givenName: 'givenName', familyName: 'familyName' },
    });
    const filtered = await scim(token).get(
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
    );
    expect(filtered.json().Resources.map((u: { id: string }) => u.id)).toEqual([id]);
    const byExternalId = await scim(token).get(
      `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`,
    );
    expect(byExternalId.json().totalResults).toBe(1);

    const disabled = await scim(token).patch(
      `/Users/${id}`,
      patch({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().active).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.deactivatedAt).not.toBeNull();
    const legacy = await scim(token).patch(
      `/Users/${id}`,
      patch({ op: 'Replace', value: { active: 'True' } }),
    );
    expect(legacy.json().active).toBe(true);
    const boolean = await scim(token).patch(
      `/Users/${id}`,
      patch({ op: 'Replace', path: 'active', value: false }),
    );
    expect(boolean.json().active).toBe(false);

    const renamed = await scim(token).patch(
      `/Users/${id}`,
      patch(
        { op: 'Add', path: 'name.givenName', value: 'Asha' },
        { op: 'Replace', path: 'name.familyName', value: 'Rao' },
        {
          op: 'Replace',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Legal',
        },
        { op: 'Replace', path: 'displayName', value: 'Asha Rao' },
      ),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toMatchObject({ givenName: 'Asha', familyName: 'Rao' });

    expect((await scim(token).delete(`/Users/${id}`)).statusCode).toBe(204);
    expectScimError(await scim(token).delete(`/Users/${id}`), 404);
  });
});

describe('bad requests', () => {
  it('bodies that are not SCIM are 400 invalidSyntax or invalidValue; filters it does not know, invalidFilter', async () => {
    const { client, token } = await organisation();
    const api = scim(token);
    expectScimError(await api.post('/Users', '{not json'), 400, 'invalidSyntax');
    expectScimError(await api.post('/Users', [1, 2]), 400, 'invalidSyntax');
    expectScimError(await api.post('/Users', { userName: `x@${client.domain}` }), 400, 'invalidSyntax');
    expectScimError(
      await api.post('/Users', { schemas: [SCIM_SCHEMAS.user], userName: 'someone@elsewhere.test' }),
      400,
      'invalidValue',
    );
    expectScimError(
      await api.post('/Users', {
        schemas: [SCIM_SCHEMAS.user],
        userName: `y@${client.domain}`,
        active: 'maybe',
      }),
      400,
      'invalidValue',
    );
    const id = (await api.post('/Users', oktaCreate(`z@${client.domain}`))).json().id;
    expectScimError(await api.patch(`/Users/${id}`, { Operations: [] }), 400, 'invalidSyntax');
    expectScimError(
      await api.patch(`/Users/${id}`, patch({ op: 'move', path: 'active' })),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await api.patch(`/Users/${id}`, patch({ op: 'replace', path: 'active', value: 'sometimes' })),
      400,
      'invalidValue',
    );
    expectScimError(
      await api.patch(`/Users/${id}`, patch({ op: 'replace', value: 3 })),
      400,
      'invalidSyntax',
    );
    expectScimError(await api.get('/Users?filter=name co "x"'), 400, 'invalidFilter');
    expectScimError(await api.get('/Users?count=lots'), 400, 'invalidValue');
    expectScimError(
      await t.app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        payload: 'hello',
      }),
      415,
    );
  });

  it('another client’s ids are 404, whatever the method; a Director cannot be deactivated by a directory', async () => {
    const first = await organisation();
    const second = await organisation();
    const id = (await scim(first.token).post('/Users', oktaCreate(`own@${first.client.domain}`))).json().id;
    const other = scim(second.token);
    expectScimError(await other.get(`/Users/${id}`), 404);
    expectScimError(await other.put(`/Users/${id}`, oktaCreate(`own@${first.client.domain}`)), 404);
    expectScimError(
      await other.patch(`/Users/${id}`, patch({ op: 'replace', path: 'active', value: false })),
      404,
    );
    expectScimError(await other.delete(`/Users/${id}`), 404);
    expectScimError(await other.get('/Users/not-an-id'), 404);
    expect((await other.get('/Users')).json().Resources.map((u: { id: string }) => u.id)).not.toContain(id);
    expect((await scim(first.token).get(`/Users/${id}`)).json().active).toBe(true);

    const staff = await registerUser(t.app, { email: `staff@${first.client.domain}` });
    await setUserTier(t, staff.id, 4);
    await scim(first.token).post('/Users', oktaCreate(staff.email));
    expectScimError(
      await scim(first.token).patch(
        `/Users/${staff.id}`,
        patch({ op: 'replace', path: 'active', value: false }),
      ),
      403,
    );
  });
});
