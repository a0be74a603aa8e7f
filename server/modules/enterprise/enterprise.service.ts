import type {
  CreateEnterpriseClientInput,
  EnterpriseClient,
  UpdateEnterpriseClientInput,
} from '../../../contract/enterprise.js';
import { ENTERPRISE_MEMBERS_SHOWN } from '../../../contract/enterprise.js';
import type { AppContext } from '../../infra/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import type { UserRow } from '../../db/schema/users.js';
import * as auth from '../auth/auth.service.js';
import * as repository from './enterprise.repository.js';
import type { EnterpriseClientRow } from './enterprise.repository.js';

// The routes' guard checks tier 4 as the request arrives. Directors manage every client, not only theirs.

const duplicateDomain = (domain: string) =>
  conflict(`An enterprise client with the domain ${domain} already exists`);

/** Clients with the users of their domains, fetched in one query for the whole page (never one per client). */
async function withMembers(ctx: AppContext, rows: EnterpriseClientRow[]): Promise<EnterpriseClient[]> {
  const members = await auth.listUsersByEmailDomains(
    ctx.db,
    rows.map((row) => row.domain),
    ENTERPRISE_MEMBERS_SHOWN,
  );
  return rows.map((row) => {
    const found = members.get(row.domain.toLowerCase());
    return {
      id: row.id,
      name: row.name,
      domain: row.domain,
      tier: row.tier,
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
    createdBy: director.id,
  });
  if (!created) throw duplicateDomain(input.domain);
  const [client] = await withMembers(ctx, [created]);
  return client!;
}

export async function updateClient(
  ctx: AppContext,
  id: string,
  changes: UpdateEnterpriseClientInput,
): Promise<EnterpriseClient> {
  if (!isId(id)) throw notFound('Enterprise client');
  const updated = await repository.updateClient(ctx.db, id, changes);
  if (updated === 'duplicate') throw duplicateDomain(changes.domain ?? '');
  if (!updated) throw notFound('Enterprise client');
  const [client] = await withMembers(ctx, [updated]);
  return client!;
}

export async function deleteClient(ctx: AppContext, id: string): Promise<void> {
  if (!isId(id) || !(await repository.deleteClient(ctx.db, id))) throw notFound('Enterprise client');
}
