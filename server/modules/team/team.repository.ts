import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { teamMembers } from '../../db/schema/index.js';

export async function listMembers(db: DbOrTx) {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      title: teamMembers.title,
      classification: teamMembers.classification,
      clearanceLevel: teamMembers.clearanceLevel,
      securityClearance: teamMembers.securityClearance,
      yearsActive: teamMembers.yearsActive,
      specializations: teamMembers.specializations,
      bio: teamMembers.bio,
      operationalHistory: teamMembers.operationalHistory,
      links: teamMembers.links,
    })
    .from(teamMembers)
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.name));
}
