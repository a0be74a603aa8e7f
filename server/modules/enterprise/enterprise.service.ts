import type {
  CreateEnterpriseClientInput,
  EnterpriseClient,
  UpdateEnterpriseClientInput,
} from '../../../contract/enterprise.js';
import type { AppContext } from '../../infra/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { UserRow } from '../../db/schema/users.js';
import type { RequestMeta } from '../../infra/context.js';
import * as audit from '../audit/audit.service.js';
import * as organization from '../organization/organization.service.js';
import * as repository from './enterprise.repository.js';
import type { EnterpriseClientRow } from './enterprise.repository.js';

// The routes' guard checks tier 4 as the request arrives. Directors manage every client, not only theirs.

const duplicateDomain = (domain: string) =>
  conflict(`An enterprise client with the domain ${domain} already exists`);

/** Clients with their members, fetched in one query for the whole page (never one per client). */
async function withMembers(ctx: AppContext, rows: EnterpriseClientRow[]): Promise<EnterpriseClient[]> {
  const members = await organization.membersOfClients(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const found = members.get(row.id);
    return {
      id: row.id,
      name: row.name,
      domain: row.domain,
      tier: row.tier,
      autoJoin: row.autoJoin,
      createdAt: row.createdAt.toISOString(),
      members: found?.members ?? [],
      memberCount: found?.total ?? 0,
    };
  });
}

export async function listClients(ctx: AppContext, limit: number): Promise<EnterpriseClient[]> {
  return withMembers(ctx, await repository.listClients(ctx.db, limit));
}

export async function createClient(
  ctx: AppContext,
  director: UserRow,
  input: CreateEnterpriseClientInput,
): Promise<EnterpriseClient> {
  const created = await repository.insertClient(ctx.db, {
    name: input.name,
    domain: input.domain,
    tier: input.tier,
    autoJoin: input.autoJoin,
    createdBy: director.id,
  });
  if (!created) throw duplicateDomain(input.domain);
  const [client] = await withMembers(ctx, [created]);
  return client!;
}

/**
 * A Director changes a client: audited with what changed. Its members' sessions drop what they cached of it (the
 * change feed tells every instance; this one forgets at once), so a tier change reaches each member's next request.
 */
export async function updateClient(
  ctx: AppContext,
  director: UserRow,
  id: string,
  changes: UpdateEnterpriseClientInput,
  meta: RequestMeta,
): Promise<EnterpriseClient> {
  if (!isId(id)) throw notFound('Enterprise client');
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await repository.findClient(tx, id);
    const after = await repository.updateClient(tx, id, changes);
    if (after === 'duplicate') throw duplicateDomain(changes.domain ?? '');
    if (!before || !after) throw notFound('Enterprise client');
    if (after.tier !== before.tier) {
      for (const member of await organization.membersOfClient(tx, id)) {
        await organization.announceTier(tx, member, before.tier, after.tier);
      }
    }
    await audit.record(tx, {
      action: 'organization.client_changed',
      userId: director.id,
      subjectType: 'enterprise_client',
      subject: id,
      subjectUserId: null,
      ip: meta.ip,
      details: {
        organizationId: id,
        organizationName: after.name,
        ...Object.fromEntries(
          (['name', 'domain', 'tier', 'autoJoin'] as const)
            .filter((field) => changes[field] !== undefined && changes[field] !== before[field])
            .map((field) => [field, { from: before[field], to: after[field] }]),
        ),
      },
    });
    return after;
  });
  await organization.forgetMembers(ctx, [id]);
  const [client] = await withMembers(ctx, [updated]);
  return client!;
}

/** Its memberships and invitations go with it; records shared with it become private (design 12.3). */
export async function deleteClient(ctx: AppContext, id: string): Promise<void> {
  if (!isId(id)) throw notFound('Enterprise client');
  await organization.forgetMembers(ctx, [id]);
  const deleted = await ctx.db.transaction(async (tx) => {
    const client = await repository.findClient(tx, id);
    if (!client) return false;
    for (const member of await organization.membersOfClient(tx, id)) {
      await organization.announceTier(tx, member, client.tier, null);
    }
    return repository.deleteClient(tx, id);
  });
  if (!deleted) throw notFound('Enterprise client');
}
