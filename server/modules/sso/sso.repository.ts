import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  enterpriseClients,
  organizationSso,
  ssoLogins,
  type OrganizationSsoRow,
  type SsoLoginRow,
} from '../../db/schema/index.js';

export type NewSsoSettings = typeof organizationSso.$inferInsert;

export async function findSettings(db: DbOrTx, clientId: string): Promise<OrganizationSsoRow | null> {
  const [row] = await db.select().from(organizationSso).where(eq(organizationSso.clientId, clientId));
  return row ?? null;
}

/** The SSO settings of the client whose domain is exactly `domain` (case-insensitive), when it has any. */
export async function findSettingsByDomain(db: DbOrTx, domain: string): Promise<OrganizationSsoRow | null> {
  const [row] = await db
    .select({ sso: organizationSso })
    .from(organizationSso)
    .innerJoin(enterpriseClients, eq(enterpriseClients.id, organizationSso.clientId))
    .where(sql`lower(${enterpriseClients.domain}) = ${domain.toLowerCase()}`);
  return row?.sso ?? null;
}

export async function upsertSettings(db: DbOrTx, row: NewSsoSettings): Promise<OrganizationSsoRow> {
  const [saved] = await db
    .insert(organizationSso)
    .values(row)
    .onConflictDoUpdate({
      target: organizationSso.clientId,
      set: {
        issuer: row.issuer,
        oidcClientId: row.oidcClientId,
        clientSecretSealed: row.clientSecretSealed,
        enforced: row.enforced,
        updatedBy: row.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return saved!;
}

export async function deleteSettings(db: DbOrTx, clientId: string): Promise<boolean> {
  const rows = await db
    .delete(organizationSso)
    .where(eq(organizationSso.clientId, clientId))
    .returning({ clientId: organizationSso.clientId });
  return rows.length > 0;
}

export async function insertLogin(db: DbOrTx, row: typeof ssoLogins.$inferInsert): Promise<void> {
  await db.insert(ssoLogins).values(row);
}

/** The pending sign-in of this state, deleted in the same statement: a second callback finds nothing. */
export async function takeLogin(db: DbOrTx, stateHash: string): Promise<SsoLoginRow | null> {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.stateHash, stateHash), gt(ssoLogins.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

export async function deleteExpiredLogins(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(ssoLogins)
    .where(lte(ssoLogins.expiresAt, sql`now()`))
    .returning({ stateHash: ssoLogins.stateHash });
  return rows.length;
}
