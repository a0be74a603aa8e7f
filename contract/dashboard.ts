import { z } from 'zod';

/** Mission Control: the signed-in user's own figures, never demo numbers. */
export const MISSION_KINDS = ['case', 'investigation'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

export const dashboardSummarySchema = z.object({
  counts: z.object({
    /** Cases not completed or closed. */
    openCases: z.number().int(),
    /** Every investigation request of the user, and those still PENDING or IN_PROGRESS. */
    investigations: z.number().int(),
    activeInvestigations: z.number().int(),
    orders: z.number().int(),
    /** Digital service inquiries. */
    inquiries: z.number().int(),
  }),
  /** Open cases and active investigations, most recently changed first (at most 6). */
  missions: z.array(
    z.object({
      kind: z.enum(MISSION_KINDS),
      id: z.string(),
      title: z.string(),
      status: z.string(),
      updatedAt: z.iso.datetime(),
    }),
  ),
  /** The user's own audit trail in words (at most 8). */
  recentActivity: z.array(
    z.object({ id: z.string(), action: z.string(), description: z.string(), createdAt: z.iso.datetime() }),
  ),
  /** At most 5. */
  recentOrders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      total: z.string(),
      currency: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** Directors: their open tasks past due, soonest first (at most 5); empty for everyone else. */
  overdueTasks: z.array(
    z.object({
      id: z.string(),
      caseId: z.string(),
      caseNumber: z.string(),
      title: z.string(),
      dueAt: z.iso.datetime(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
