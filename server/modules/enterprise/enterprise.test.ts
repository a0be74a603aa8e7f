import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let director: Member;
beforeAll(async () => {
  t = await createTestApp();
  director = await member();
  await setUserTier(t, director.id, 4);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;
async function member(email?: string) {
  const account = await registerUser(t.app, email ? { email } : {});
  return account;
}

interface Client {
  id: string;
  name: string;
  domain: string;
  tier: number;
  createdAt: string;
  autoJoin: boolean;
  members: { userId: string; email: string; tier: number; role: string; via: string }[];
  memberCount: number;
}

const uniqueDomain = (label = 'acme') => `${label}-${randomBytes(3).toString('hex')}.test`;

async function addClient(body: Record<string, unknown>): Promise<Client> {
  const response = await asUser(t.app, director).post('/api/enterprise/clients', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Client>();
}

describe('enterprise clients', () => {
  it('is for Directors only: 401 signed out, 403 TIER_REQUIRED for tiers 1 to 3', async () => {
    const user = await member();
    for (const tier of [1, 2, 3]) {
      await setUserTier(t, user.id, tier);
      const list = await asUser(t.app, user).get('/api/enterprise/clients');
      expect(list.statusCode, `tier ${tier}`).toBe(403);
      expect(list.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
      const create = await asUser(t.app, user).post('/api/enterprise/clients', {
        name: 'Acme',
        domain: uniqueDomain(),
        tier: 2,
      });
      expect(create.statusCode, `tier ${tier}`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/enterprise/clients' })).statusCode).toBe(401);
    // Nothing was created by the refused calls.
    const domains = (await asUser(t.app, director).get('/api/enterprise/clients')).json<Client[]>();
    expect(domains.some((client) => client.name === 'Acme')).toBe(false);
  });

  it('validates name, domain and tier with clear messages, and stores the domain lower-cased', async () => {
    const bad = await asUser(t.app, director).post('/api/enterprise/clients', {
      name: 'A',
      domain: 'https://acme.com/path',
      tier: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'domain', message: 'Enter a valid domain name, such as example.com' },
        { path: 'tier', message: 'Tier must be between 1 and 4' },
      ]),
    );
    for (const domain of ['localhost', 'acme..com', '-acme.com', 'acme.c', 'user@acme.com', 'acme.com:80']) {
      const response = await asUser(t.app, director).post('/api/enterprise/clients', {
        name: 'Acme',
        domain,
        tier: 1,
      });
      expect(response.statusCode, domain).toBe(400);
    }
    const domain = uniqueDomain();
    const created = await addClient({ name: '  Acme Holdings ', domain: ` ${domain.toUpperCase()} ` });
    expect(created).toMatchObject({
      name: 'Acme Holdings',
      domain,
      tier: 1,
      autoJoin: false,
      members: [],
      memberCount: 0,
    });
  });

  it('refuses a second client for a domain, whatever its case, with 409', async () => {
    const domain = uniqueDomain();
    await addClient({ name: 'First', domain, tier: 2 });
    const again = await asUser(t.app, director).post('/api/enterprise/clients', {
      name: 'Second',
      domain: domain.toUpperCase(),
      tier: 3,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: `An enterprise client with the domain ${domain} already exists`,
    });
    const list = (await asUser(t.app, director).get('/api/enterprise/clients')).json<Client[]>();
    expect(list.filter((client) => client.domain === domain)).toHaveLength(1);
  });

  it('lists clients newest first with their members (seated, not merely on the domain)', async () => {
    const acme = uniqueDomain('acme');
    const globex = uniqueDomain('globex');
    const empty = uniqueDomain('initech');
    const alice = await member(`alice@${acme}`);
    const bob = await member(`Bob@${acme.toUpperCase()}`);
    await setUserTier(t, bob.id, 3);
    // On the domain but never seated, invited or auto-joined: not a member.
    await member(`carol@${acme}`);
    const erin = await member(`erin@${globex}`);
    const first = await addClient({ name: 'Acme', domain: acme, tier: 4 });
    expect(first.members).toEqual([]);
    const globexClient = await addClient({ name: 'Globex', domain: globex, tier: 2 });
    await addClient({ name: 'Initech', domain: empty, tier: 1 });
    const seat = (clientId: string, email: string, role: string) =>
      asUser(t.app, director).post(`/api/enterprise/clients/${clientId}/members`, { email, role });
    expect((await seat(first.id, alice.email, 'owner')).statusCode).toBe(201);
    expect((await seat(first.id, `bob@${acme}`, 'member')).statusCode).toBe(201);
    expect((await seat(globexClient.id, erin.email, 'owner')).statusCode).toBe(201);
    const list = (await asUser(t.app, director).get('/api/enterprise/clients')).json<Client[]>();
    const ours = list.filter((client) => [acme, globex, empty].includes(client.domain));
    expect(ours.map((client) => client.name)).toEqual(['Initech', 'Globex', 'Acme']);
    expect(ours[2]).toMatchObject({
      tier: 4,
      memberCount: 2,
      members: [
        { userId: alice.id, email: `alice@${acme}`, tier: 1, role: 'owner', via: 'director' },
        { userId: bob.id, email: `bob@${acme}`, tier: 3, role: 'member', via: 'director' },
      ],
    });
    expect(ours[1]).toMatchObject({
      memberCount: 1,
      members: [{ userId: erin.id, email: `erin@${globex}` }],
    });
    expect(ours[0]).toMatchObject({ memberCount: 0, members: [] });
    expect((await asUser(t.app, director).get('/api/enterprise/clients?limit=1')).json()).toHaveLength(1);
  });

  it('changes and removes a client; a taken domain is 409 and unknown ids are 404', async () => {
    const domain = uniqueDomain();
    const other = uniqueDomain();
    const moved = uniqueDomain();
    await member(`zed@${moved}`);
    const client = await addClient({ name: 'Umbrella', domain, tier: 2 });
    await addClient({ name: 'Other', domain: other, tier: 2 });

    const renamed = await asUser(t.app, director).patch(`/api/enterprise/clients/${client.id}`, {
      name: 'Umbrella Corp',
      tier: 3,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Umbrella Corp', tier: 3, domain });
    const rehomed = await asUser(t.app, director).patch(`/api/enterprise/clients/${client.id}`, {
      domain: moved.toUpperCase(),
    });
    expect(rehomed.json()).toMatchObject({ domain: moved, memberCount: 0 });

    const taken = await asUser(t.app, director).patch(`/api/enterprise/clients/${client.id}`, {
      domain: other,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`An enterprise client with the domain ${other} already exists`);
    expect((await asUser(t.app, director).patch(`/api/enterprise/clients/${client.id}`, {})).statusCode).toBe(
      400,
    );
    expect(
      (await asUser(t.app, director).patch('/api/enterprise/clients/not-an-id', { name: 'Nope' })).statusCode,
    ).toBe(404);

    const user = await member();
    expect((await asUser(t.app, user).delete(`/api/enterprise/clients/${client.id}`)).statusCode).toBe(403);
    expect((await asUser(t.app, director).delete(`/api/enterprise/clients/${client.id}`)).statusCode).toBe(
      204,
    );
    expect((await asUser(t.app, director).delete(`/api/enterprise/clients/${client.id}`)).statusCode).toBe(
      404,
    );
    // The domain is free again.
    await addClient({ name: 'Umbrella again', domain: moved, tier: 1 });
  });
});
