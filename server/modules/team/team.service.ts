import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { teamAdvisorSchema, type TeamPage } from '../../../contract/team.js';
import type { AppContext } from '../../infra/context.js';
import { seedDataDir } from '../../lib/paths.js';
import * as repository from './team.repository.js';

const pageTextSchema = z.object({
  advisors: z.array(teamAdvisorSchema).default([]),
  classificationNotice: z.string().default(''),
});
type PageText = z.infer<typeof pageTextSchema>;

let pageText: Promise<PageText> | null = null;

/**
 * The advisors and the notice have no table: they are text of the page, kept in the same data file as the
 * dossiers (server/db/seed/data/team.json) so an operator edits one file. Read once per process.
 */
function loadPageText(): Promise<PageText> {
  pageText ??= readFile(path.join(seedDataDir, 'team.json'), 'utf8')
    .then((raw) => pageTextSchema.parse(JSON.parse(raw)))
    .catch((error: unknown) => {
      pageText = null;
      throw error;
    });
  return pageText;
}

/** The team page: dossiers from the database in their seeded order, advisors and notice. */
export async function getTeamPage(ctx: AppContext): Promise<TeamPage> {
  const [members, text] = await Promise.all([repository.listMembers(ctx.db), loadPageText()]);
  return { members, ...text };
}
