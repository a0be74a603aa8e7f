import { z } from 'zod';

/*
 * MITRE ATT&CK Enterprise techniques on cases (design 12.5). The table itself ships with the server
 * (`server/modules/attack/attack-techniques.json`, made by `scripts/attack-techniques.mjs`); the contract holds the
 * shapes and the id syntax, so a form rejects a malformed id before asking the server.
 */

/** `T1234` or a sub-technique `T1234.001`. */
export const ATTACK_ID_PATTERN = /^T\d{4}(\.\d{3})?$/;
/** How many techniques one case may carry. */
export const CASE_TECHNIQUES_MAX = 50;
/** The picker's search answers at most this many. */
export const ATTACK_SEARCH_MAX = 20;

export const attackTechniqueSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Tactic short names (`initial-access`, `persistence`, ...), in ATT&CK's order. */
  tactics: z.array(z.string()),
});
export type AttackTechnique = z.infer<typeof attackTechniqueSchema>;

/** `GET /api/attack/techniques?q=`: by id (`T1566`, `t1566.001`) or words of the name; empty q: the first 20. */
export const attackSearchQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').default(''),
});

export const attackTechniqueIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(ATTACK_ID_PATTERN, 'A technique id looks like T1566 or T1566.001');

/** `GET /api/attack` : the table's version and terms, shown beside the picker. */
export const attackAboutSchema = z.object({
  version: z.string(),
  techniques: z.number().int(),
  copyright: z.string(),
});
