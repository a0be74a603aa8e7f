import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, liveEvents, mailOutbox, organizationMembers, users } from '../../db/schema/index.js';
import { carryOutDue } from '../account-deletion/account-deletion.service.js';
import { findUser } from '../auth/auth.service.js';
import { buildDocument } from '../data-export/data-export.service.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { linkIn } from '../../test/smtp.js';

let t: TestApp;
let director: Account;

type Account = Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  // Each test signs up a whole organisation: more accounts than the per-IP registration limit allows an hour.
  t = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '1000' });
  await seedDatabase(createAppContext(t.database.db, t.config));
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
});
afterAll(() => t.close());

const investigationRequest = {
  subject: 'Pre-employment check: CFO candidate',
  description:
    'Verify identity, education and employment history of our shortlisted CFO candidate before the offer.',
  authorizedRepresentative: 'Asha Rao',
  legalBasis: 'Written consent of the candidate on file',
  targetInformation: 'Full name, date of birth and last three employers',
  expectedTimeframe: 'Within two weeks',
  lawfulPurposeDeclaration: true,
  noHarassmentDeclaration: true,
  complianceAgreement: true,
};

const uniqueDomain = (label = 'org') => `${label}-${randomBytes(3).toString('hex')}.test`;

async function account(email: string, { verified = true } = {}): Promise<Account> {
  const created = await registerUser(t.app, { email });
  if (verified) await verifyEmail(t, created.id);
  return created;
}

async function newClient(body: { tier?: number; autoJoin?: boolean } = {}) {
  const domain = uniqueDomain();
  const response = await asUser(t.app, director).post('/api/enterprise/clients', {
    name: `Client ${domain}`,
    domain,
    tier: body.tier ?? 3,
    autoJoin: body.autoJoin ?? false,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json<{ id: string; name: string }>(), domain };
}

async function seat(clientId: string, email: string, role = 'owner') {
  const response = await asUser(t.app, director).post(`/api/enterprise/clients/${clientId}/members`, {
    email,
    role,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The last mail's link to `/join`, sent to `email`. */
async function invitationLink(email: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'organization.invitation')));
  const link = linkIn(rows.at(-1)!.text, '/join');
  return new URL(link).searchParams.get('token')!;
}

async function invite(by: Account, email: string, role = 'member') {
  const response = await asUser(t.app, by).post('/api/organization/invitations', { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return { invitation: response.json<{ id: string }>(), token: await invitationLink(email) };
}

/** An organisation with an owner, an admin and a member, each joined a different way. */
async function organisation(tier = 3) {
  const client = await newClient({ tier });
  const owner = await account(`owner@${client.domain}`);
  await seat(client.id, owner.email);
  const admin = await account(`admin@${client.domain}`);
  const member = await account(`member@${client.domain}`);
  for (const [who, role] of [
    [admin, 'admin'],
    [member, 'member'],
  ] as const) {
    const { token } = await invite(owner, who.email, role);
    const accepted = await asUser(t.app, who).post('/api/organization/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  return { client, owner, admin, member };
}

/** The tiers the user's live streams were told, oldest first (`tier.changed` in the events outbox). */
const tiersTold = async (userId: string) =>
  (
    await t.database.db
      .select({ data: liveEvents.data })
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, userId), eq(liveEvents.type, 'tier.changed')))
      .orderBy(liveEvents.id)
  ).map((row) => (row.data as { tier: number }).tier);

const mailsTo = async (email: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((m) => m.kind);

describe('membership', () => {
  it('a Director seats the first owner; the member sees name, domain, tier and role; one organisation per user', async () => {
    const client = await newClient({ tier: 2 });
    const owner = await account(`boss@${client.domain}`);
    const seated = await seat(client.id, owner.email);
    expect(seated).toMatchObject({ userId: owner.id, role: 'owner', via: 'director', email: owner.email });
    const organization = await asUser(t.app, owner).get('/api/organization');
    expect(organization.json()).toEqual({
      id: client.id,
      name: client.name,
      domain: client.domain,
      tier: 2,
      role: 'owner',
      memberCount: 1,
    });
    expect(await mailsTo(owner.email)).toContain('organization.joined');
    // A second organisation is refused, whoever asks.
    const other = await newClient();
    const again = await asUser(t.app, director).post(`/api/enterprise/clients/${other.id}/members`, {
      email: owner.email,
      role: 'owner',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${owner.email} already belongs to an organisation`);
    // Directors see the members on the client list.
    const list = (await asUser(t.app, director).get('/api/enterprise/clients')).json<
      { id: string; members: { userId: string; role: string; via: string }[]; memberCount: number }[]
    >();
    expect(list.find((c) => c.id === client.id)).toMatchObject({
      memberCount: 1,
      members: [{ userId: owner.id, role: 'owner', via: 'director' }],
    });
    // Bad seat requests: unknown role, unknown address, another client's id.
    const badRole = await asUser(t.app, director).post(`/api/enterprise/clients/${client.id}/members`, {
      email: owner.email,
      role: 'superuser',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().issues).toEqual([{ path: 'role', message: 'Role must be owner, admin or member' }]);
    const nobody = await asUser(t.app, director).post(`/api/enterprise/clients/${client.id}/members`, {
      email: `nobody@${client.domain}`,
    });
    expect(nobody.statusCode).toBe(404);
    expect((await asUser(t.app, await account('x@example.test')).get('/api/organization')).statusCode).toBe(
      404,
    );
  });

  it('auto-joins a verified address on the domain only when the client allows it', async () => {
    const open = await newClient({ autoJoin: true });
    const closed = await newClient({ autoJoin: false });
    const joiner = await registerUser(t.app, { email: `new@${open.domain}` });
    const outsider = await registerUser(t.app, { email: `new@${closed.domain}` });
    // Unverified: not yet.
    expect((await asUser(t.app, joiner).get('/api/organization')).statusCode).toBe(404);
    for (const user of [joiner, outsider]) {
      const token = linkIn(
        (
          await t.database.db
            .select()
            .from(mailOutbox)
            .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'email_verify')))
        )[0]!.text,
        '/verify-email',
      );
      const verified = await asUser(t.app, user).post('/api/auth/verify-email', {
        token: new URL(token).searchParams.get('token'),
      });
      expect(verified.statusCode).toBe(200);
    }
    const joined = await asUser(t.app, joiner).get('/api/organization');
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ id: open.id, role: 'member' });
    expect((await asUser(t.app, outsider).get('/api/organization')).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, joiner.id));
    expect(row).toMatchObject({ via: 'domain', clientId: open.id });
    // A Director turns auto-join on later.
    const toggled = await asUser(t.app, director).patch(`/api/enterprise/clients/${closed.id}`, {
      autoJoin: true,
    });
    expect(toggled.json()).toMatchObject({ autoJoin: true });
  });

  it('invitations: by mail for 7 days, single use, only by the invited verified address', async () => {
    const { client, owner, member } = await organisation();
    const invitee = `invitee@${uniqueDomain('elsewhere')}`;
    const { invitation, token } = await invite(owner, invitee, 'admin');
    const listed = (await asUser(t.app, owner).get('/api/organization/invitations')).json<
      { id: string; email: string; role: string; expiresAt: string; invitedBy: string }[]
    >();
    expect(listed).toEqual([
      expect.objectContaining({ id: invitation.id, email: invitee, role: 'admin', invitedBy: owner.email }),
    ]);
    const days = (Date.parse(listed[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // A member cannot see or send invitations.
    expect((await asUser(t.app, member).get('/api/organization/invitations')).statusCode).toBe(403);
    // Another address, and the right one unverified, are refused with nothing written.
    const stranger = await account(`stranger@${uniqueDomain()}`);
    const wrong = await asUser(t.app, stranger).post('/api/organization/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('sent to another address');
    const unverified = await account(invitee, { verified: false });
    const notYet = await asUser(t.app, unverified).post('/api/organization/invitations/accept', { token });
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().message).toBe('Verify your e-mail address before you accept the invitation');
    await verifyEmail(t, unverified.id);
    const accepted = await asUser(t.app, unverified).post('/api/organization/invitations/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: client.id, role: 'admin', memberCount: 4 });
    // A second acceptance: 409, clear message; a made-up token 400.
    const twice = await asUser(t.app, unverified).post('/api/organization/invitations/accept', { token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This invitation was already accepted');
    const bogus = await asUser(t.app, unverified).post('/api/organization/invitations/accept', {
      token: 'nope',
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().code).toBe('TOKEN_INVALID');
    // How each joined.
    const members = (await asUser(t.app, owner).get('/api/organization/members')).json<
      { email: string; role: string; via: string }[]
    >();
    expect(members.map((m) => [m.role, m.via])).toEqual([
      ['owner', 'director'],
      ['admin', 'invitation'],
      ['admin', 'invitation'],
      ['member', 'invitation'],
    ]);
  });

  it('refuses to invite an address of this or another organisation, or one already invited; withdraws invitations', async () => {
    const first = await organisation();
    const second = await organisation();
    const other = await asUser(t.app, first.owner).post('/api/organization/invitations', {
      email: second.member.email,
      role: 'member',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      `${second.member.email} already belongs to another organisation; they must leave it before they can be invited`,
    );
    const same = await asUser(t.app, first.admin).post('/api/organization/invitations', {
      email: first.member.email,
    });
    expect(same.statusCode).toBe(409);
    const address = `twice@${uniqueDomain()}`;
    const { invitation, token } = await invite(first.admin, address);
    const again = await asUser(t.app, first.owner).post('/api/organization/invitations', { email: address });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`An invitation to ${address} is already waiting`);
    // An admin cannot invite an owner.
    const ownerInvite = await asUser(t.app, first.admin).post('/api/organization/invitations', {
      email: `boss@${uniqueDomain()}`,
      role: 'owner',
    });
    expect(ownerInvite.statusCode).toBe(403);
    // Another organisation's invitation id is a 404; its own is withdrawn and its link dies.
    expect(
      (await asUser(t.app, second.owner).delete(`/api/organization/invitations/${invitation.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await asUser(t.app, first.admin).delete(`/api/organization/invitations/${invitation.id}`)).statusCode,
    ).toBe(204);
    const late = await account(address);
    const dead = await asUser(t.app, late).post('/api/organization/invitations/accept', { token });
    expect(dead.statusCode).toBe(400);
    expect((await asUser(t.app, late).get('/api/organization')).statusCode).toBe(404);
  });

  it('is in the member’s data export: the organisation, their role and how they joined', async () => {
    const { client, member } = await organisation();
    const document = await buildDocument(t.ctx, (await findUser(t.database.db, member.id))!);
    expect(document.organization).toEqual([
      expect.objectContaining({
        name: client.name,
        domain: client.domain,
        role: 'member',
        via: 'invitation',
      }),
    ]);
  });

  it('loses a member whose account deletion is carried out: the organisation lists them no more', async () => {
    const { owner, member } = await organisation();
    const asked = await asUser(t.app, member).post('/api/account/delete', { password: member.password });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.database.db
      .update(users)
      .set({ deletionScheduledFor: new Date(Date.now() - 1_000) })
      .where(eq(users.id, member.id));
    expect(await carryOutDue(t.ctx)).toBeGreaterThanOrEqual(1);
    const members = (await asUser(t.app, owner).get('/api/organization/members')).json<
      { userId: string }[]
    >();
    expect(members.map((m) => m.userId)).not.toContain(member.id);
    const rows = await t.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, member.id));
    expect(rows).toEqual([]);
  });

  it('refuses the last owner’s account deletion while others are members, and allows it once another owns it', async () => {
    const { client, owner, admin } = await organisation();
    const refused = await asUser(t.app, owner).post('/api/account/delete', { password: owner.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `You are the last owner of ${client.name}; make another member an owner before you delete your account`,
    );
    // Nothing was scheduled: the owner is still signed in and still owns the organisation.
    expect((await asUser(t.app, owner).get('/api/organization')).json()).toMatchObject({ role: 'owner' });
    await asUser(t.app, owner).patch(`/api/organization/members/${admin.id}`, { role: 'owner' });
    const asked = await asUser(t.app, owner).post('/api/account/delete', { password: owner.password });
    expect(asked.statusCode, asked.body).toBe(202);
    // An owner alone in their organisation may go: Directors seat the next one.
    const alone = await newClient();
    const single = await account(`single@${alone.domain}`);
    await seat(alone.id, single.email);
    expect(
      (await asUser(t.app, single).post('/api/account/delete', { password: single.password })).statusCode,
    ).toBe(202);
  });

  it('roles: only an owner makes or unmakes owners; the last owner can be neither demoted nor removed, nor leave', async () => {
    const { owner, admin, member } = await organisation();
    const other = await organisation();
    const promote = await asUser(t.app, admin).patch(`/api/organization/members/${member.id}`, {
      role: 'owner',
    });
    expect(promote.statusCode).toBe(403);
    const demoteOwner = await asUser(t.app, admin).patch(`/api/organization/members/${owner.id}`, {
      role: 'member',
    });
    expect(demoteOwner.statusCode).toBe(403);
    expect((await asUser(t.app, admin).delete(`/api/organization/members/${owner.id}`)).statusCode).toBe(403);
    expect(
      (await asUser(t.app, member).patch(`/api/organization/members/${admin.id}`, { role: 'member' }))
        .statusCode,
    ).toBe(403);
    const last = await asUser(t.app, owner).patch(`/api/organization/members/${owner.id}`, { role: 'admin' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The last owner cannot be demoted; make someone else an owner first');
    expect((await asUser(t.app, owner).delete(`/api/organization/members/${owner.id}`)).statusCode).toBe(409);
    expect((await asUser(t.app, owner).post('/api/organization/leave', {})).statusCode).toBe(409);
    const badRole = await asUser(t.app, owner).patch(`/api/organization/members/${admin.id}`, {
      role: 'god',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().issues).toEqual([{ path: 'role', message: 'Role must be owner, admin or member' }]);
    // Another organisation's member is a 404 to change or remove.
    expect(
      (await asUser(t.app, owner).patch(`/api/organization/members/${other.member.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await asUser(t.app, owner).delete(`/api/organization/members/${other.member.id}`)).statusCode,
    ).toBe(404);
    // The owner hands over, and then may step down.
    const made = await asUser(t.app, owner).patch(`/api/organization/members/${admin.id}`, { role: 'owner' });
    expect(made.json()).toMatchObject({ userId: admin.id, role: 'owner' });
    expect(await mailsTo(admin.email)).toContain('organization.role_changed');
    const down = await asUser(t.app, owner).patch(`/api/organization/members/${owner.id}`, {
      role: 'member',
    });
    expect(down.json()).toMatchObject({ role: 'member' });
    // Removal mails the member and ends their membership at once.
    expect((await asUser(t.app, admin).delete(`/api/organization/members/${member.id}`)).statusCode).toBe(
      204,
    );
    expect(await mailsTo(member.email)).toContain('organization.removed');
    expect((await asUser(t.app, member).get('/api/organization')).statusCode).toBe(404);
    expect((await asUser(t.app, owner).post('/api/organization/leave', {})).statusCode).toBe(204);
    expect((await asUser(t.app, owner).get('/api/organization')).statusCode).toBe(404);
  });
});

describe('the inherited tier', () => {
  it('is the higher of the own and the client’s, up to tier 3, and falls back on the next request', async () => {
    const { client, owner, member } = await organisation(3);
    const me = (await asUser(t.app, member).get('/api/auth/user')).json();
    expect(me).toMatchObject({
      tier: 1,
      effectiveTier: 3,
      organization: { id: client.id, name: client.name, role: 'member' },
    });
    // Gates read the effective tier: a tier-3 investigation service, for instance, is no longer a 403.
    const gated = await asUser(t.app, member).get('/api/dashboard/summary');
    expect(gated.statusCode).toBe(200);
    // A lower client tier takes effect on the next request.
    await asUser(t.app, director).patch(`/api/enterprise/clients/${client.id}`, { tier: 2 });
    expect((await asUser(t.app, member).get('/api/auth/user')).json()).toMatchObject({ effectiveTier: 2 });
    // Tier 4 is staff: an organisation passes on tier 3 at most, and never Director routes.
    await asUser(t.app, director).patch(`/api/enterprise/clients/${client.id}`, { tier: 4 });
    expect((await asUser(t.app, member).get('/api/auth/user')).json()).toMatchObject({ effectiveTier: 3 });
    expect((await asUser(t.app, member).get('/api/enterprise/clients')).statusCode).toBe(403);
    // The own tier counts when it is higher; billing stays the user's own.
    await setUserTier(t, owner.id, 2);
    expect((await asUser(t.app, owner).get('/api/auth/user')).json()).toMatchObject({
      tier: 2,
      effectiveTier: 3,
    });
    // Removal: back to the own tier on the very next request.
    await asUser(t.app, owner).delete(`/api/organization/members/${member.id}`);
    expect((await asUser(t.app, member).get('/api/auth/user')).json()).toMatchObject({
      tier: 1,
      effectiveTier: 1,
      organization: null,
    }); // Each change that moved the member's tier told their open pages at once (design 12.6): joining (3), the
    // client's tier going to 2 and back to 3 (4 passes on 3), and the removal (1). The owner's own tier 2 moved
    // nothing while the client's is 3.
    expect(await tiersTold(member.id)).toEqual([3, 2, 3, 1]);
    expect(await tiersTold(owner.id)).toEqual([3, 2, 3]);
  });

  it('tells every member when a Director removes the client', async () => {
    const { client, owner, member } = await organisation(3);
    await setUserTier(t, owner.id, 3);
    const removed = await asUser(t.app, director).delete(`/api/enterprise/clients/${client.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await tiersTold(member.id)).toEqual([3, 1]);
    // The owner's own tier is 3: leaving the client moved nothing.
    expect(await tiersTold(owner.id)).toEqual([3]);
  });

  it('reaches the gates: a tier-3 investigation service while a member, a 403 once removed', async () => {
    const { member, owner } = await organisation(3);
    const catalog = (await t.app.inject({ url: '/api/investigations/catalog' })).json<
      { id: string; minimumTier: number }[]
    >();
    const tier3 = catalog.find((service) => service.minimumTier === 3)!;
    const asked = await asUser(t.app, member).post('/api/investigations', {
      ...investigationRequest,
      serviceType: tier3.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    // Its service-level clocks are the effective tier's.
    expect(asked.json()).toMatchObject({ sla: { tier: 3 } });
    await asUser(t.app, owner).delete(`/api/organization/members/${member.id}`);
    const refused = await asUser(t.app, member).post('/api/investigations', {
      ...investigationRequest,
      serviceType: tier3.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 3 });
  });
});

describe('the organisation’s audit trail', () => {
  it('records every membership change with actor, subject and organisation; owners and admins read it', async () => {
    const { client, owner, admin, member } = await organisation();
    await asUser(t.app, owner).patch(`/api/organization/members/${member.id}`, { role: 'admin' });
    await asUser(t.app, owner).delete(`/api/organization/members/${member.id}`);
    const trail = await asUser(t.app, admin).get('/api/organization/audit?limit=3');
    expect(trail.statusCode).toBe(200);
    const events =
      trail.json<{ action: string; actorId: string; subjectId: string; detail: Record<string, unknown> }[]>();
    expect(events.map((e) => e.action)).toEqual([
      'organization.member_removed',
      'organization.member_role_changed',
      'organization.member_joined',
    ]);
    expect(events[0]).toMatchObject({
      actorId: owner.id,
      subjectId: member.id,
      detail: { organizationId: client.id, email: member.email },
    });
    const next = trail.headers['x-next-cursor'] as string;
    const rest = (await asUser(t.app, admin).get(`/api/organization/audit?before=${next}`)).json<
      { action: string }[]
    >();
    expect(rest.map((e) => e.action)).toContain('organization.invitation_sent');
    expect((await asUser(t.app, admin).get('/api/organization/audit?before=garbage')).statusCode).toBe(400);
    // Members do not read it; Directors read the same events in the admin trail.
    expect((await asUser(t.app, member).get('/api/organization/audit')).statusCode).toBe(404);
    const staff = await asUser(t.app, director).get(
      `/api/admin/audit?subjectUserId=${member.id}&action=organization.*`,
    );
    expect(staff.json<{ action: string }[]>().map((e) => e.action)).toContain('organization.member_removed');
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, member.id));
    // Invited (the account existed), joined, role changed, removed.
    expect(rows.filter((row) => row.action.startsWith('organization.'))).toHaveLength(4);
  });
});
