import type { DashboardSummary } from '../../../contract/dashboard.js';
import type { AppContext } from '../../infra/context.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { UserRow } from '../../db/schema/users.js';
import * as tasks from '../cases/tasks.service.js';
import * as repository from './dashboard.repository.js';

const MISSIONS = 6;
const ACTIVITY = 8;
const ORDERS = 5;
const OVERDUE_TASKS = 5;

/** What each audit action means to the person it concerns; actions without words here are left out. */
const ACTIVITY_WORDS: Record<string, (details: Record<string, unknown>) => string> = {
  'auth.registered': () => 'Account created',
  'auth.login_succeeded': (d) => `Signed in${typeof d.device === 'string' ? ` on ${d.device}` : ''}`,
  'auth.logout': () => 'Signed out',
  'auth.mfa_enabled': () => 'Two-factor authentication turned on',
  'auth.mfa_disabled': () => 'Two-factor authentication turned off',
  'auth.session_revoked': () => 'A device was signed out',
  'user.tier_changed': (d) => `Access tier changed from ${String(d.from)} to ${String(d.to)}`,
  'payment.created': (d) => `Payment of ${String(d.amount)} recorded`,
  'subscription.requested': (d) => `Upgrade to tier ${String(d.tier)} requested`,
  'subscription.cancelled': () => 'Subscription auto-renewal cancelled',
  'subscription.renewed': () => 'Subscription renewed',
  'subscription.expired': () => 'Subscription period ended',
  'investigation.requested': () => 'Investigation requested',
};

export async function summary(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'tier'>,
): Promise<DashboardSummary> {
  const userId = user.id;
  const [counts, cases, investigations, activity, orders, overdue] = await Promise.all([
    repository.counts(ctx.db, userId),
    repository.openCases(ctx.db, userId, MISSIONS),
    repository.activeInvestigations(ctx.db, userId, MISSIONS),
    repository.recentActivity(ctx.db, userId, ACTIVITY * 2),
    repository.recentOrders(ctx.db, userId, ORDERS),
    // Tasks are staff work: only a Director has any.
    user.tier >= DIRECTOR_TIER ? tasks.overdueFor(ctx, userId, OVERDUE_TASKS) : [],
  ]);
  const missions = [
    ...cases.map((row) => ({ kind: 'case' as const, ...row })),
    ...investigations.map((row) => ({ kind: 'investigation' as const, ...row })),
  ]
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
    .slice(0, MISSIONS)
    .map((mission) => ({ ...mission, updatedAt: mission.updatedAt.toISOString() }));
  return {
    counts,
    missions,
    recentActivity: activity
      .filter((entry) => entry.action in ACTIVITY_WORDS)
      .slice(0, ACTIVITY)
      .map((entry) => ({
        id: entry.id,
        action: entry.action,
        description: ACTIVITY_WORDS[entry.action]!(entry.details),
        createdAt: entry.createdAt.toISOString(),
      })),
    recentOrders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    overdueTasks: overdue.map(({ id, caseId, caseNumber, title, dueAt }) => ({
      id,
      caseId,
      caseNumber,
      title,
      dueAt: dueAt!,
    })),
  };
}
