import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DeleteAccountRequest } from '../../../contract/privacy.js';
import { deletedUserLabel } from '../../db/deleted-users.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { defineJob, defineSchedule, type JobRun } from '../../infra/job.js';
import { addressPattern } from '../../lib/address-pattern.js';
import { validationFailed } from '../../lib/errors.js';
import * as audit from '../audit/audit.service.js';
import * as evidence from '../evidence/evidence.service.js';
import { checkCurrentPassword } from '../auth/account-changes.service.js';
import * as auth from '../auth/auth.service.js';
import * as mail from '../mail/mail.service.js';
import * as mfa from '../mfa/mfa.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as organization from '../organization/organization.service.js';
import * as repository from './account-deletion.repository.js';

/*
 * "Delete my account" (design 11.2, issue 17 point 3). Asked for with the password (and a code with 2FA on), it
 * ends every session and API key at once and is carried out after ACCOUNT_DELETION_GRACE_DAYS; signing in before
 * then cancels it (auth's sign-in does that). Carrying it out erases the personal data, deletes what has no legal
 * reason to stay and keeps orders, payments, invoices, billing history and the audit trail on the anonymised row.
 */

/** Carries out every deletion due (see `carryOutDue`), for the job and the schedule. */
async function carryOutDueJob(ctx: AppContext, { logger }: JobRun): Promise<void> {
  const deleted = await carryOutDue(ctx);
  if (deleted > 0) logger.info({ deleted }, 'account deletions carried out');
}

/**
 * The job a request with no grace period sends in its transaction: it carries out every deletion due, that one
 * among them, at once.
 */
export const carryOutJob = defineJob({
  name: 'account-deletion.carry-out',
  payload: z.object({ userId: z.string() }),
  retry: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  handle: (ctx, _data, job) => carryOutDueJob(ctx, job),
});

/** Every minute: the deletions whose grace period has ended. */
export const carryOutDueSchedule = defineSchedule({
  name: 'account-deletion.carry-out-due',
  cron: '* * * * *',
  handle: carryOutDueJob,
});

/** Deletions carried out by one run of the schedule or the job at most; the next minute's run takes the rest. */
const BATCH = 100;

const whenWords = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * `POST /api/account/delete`. A wrong password (400 at `password`) or a wrong or missing code (400 at `code`)
 * changes nothing but the failure counters, as for a password change (429 once they are used up). Otherwise, in one
 * transaction: the deletion is scheduled, every session ends, every API key is revoked, it is audited and the user
 * is told, by mail too (to the address on the account, although nobody is signed in any more). A request while one
 * is pending (two at once) answers the same date and changes nothing. The last owner of an organisation with other
 * members is refused (409) until someone else owns it.
 */
export async function requestDeletion(
  ctx: AppContext,
  user: UserRow,
  input: DeleteAccountRequest,
  meta: RequestMeta,
): Promise<{ scheduledFor: Date }> {
  await checkCurrentPassword(ctx, user, input.password, {
    path: 'password',
    message: 'Password is incorrect',
  });
  if (user.mfaEnabled) {
    const code = input.code?.trim();
    if (!code) {
      throw validationFailed([
        { path: 'code', message: 'Enter a code from your authenticator app or a backup code' },
      ]);
    }
    await mfa.verifyCode(ctx, user, code, meta);
  }

  const graceDays = ctx.config.ACCOUNT_DELETION_GRACE_DAYS;
  const scheduledFor = await ctx.db.transaction(async (tx) => {
    const current = await auth.lockUser(tx, user.id);
    if (current?.deletionScheduledFor) return current.deletionScheduledFor;
    await organization.assertNotLastOwner(tx, user.id);
    const at = await auth.scheduleDeletion(tx, user.id, graceDays);
    await repository.deleteSessions(tx, user.id);
    const revokedKeys = await repository.revokeApiKeys(tx, user.id);
    await audit.record(tx, {
      action: 'account.deletion_requested',
      userId: user.id,
      subjectType: 'user',
      subject: user.id,
      ip: meta.ip,
      details: { scheduledFor: at.toISOString(), revokedKeys },
    });
    await notifications.notify(ctx, tx, {
      userId: user.id,
      type: 'security_alert',
      priority: 'urgent',
      title: 'Your account will be deleted',
      message: [
        graceDays === 0
          ? 'You asked to delete your Intel Portal account. It is deleted within a minute.'
          : `You asked to delete your Intel Portal account. It will be deleted on ${whenWords(at)}.`,
        'Every session was signed out and every API key revoked.',
        graceDays === 0
          ? 'Your name, address and what you wrote are erased; orders, payments and invoices are kept, as the law requires, without them.'
          : 'Signing in before then cancels the deletion. If this was not you, sign in now and change your password.',
      ].join(' '),
      actionUrl: '/login',
    });
    if (graceDays === 0) {
      await ctx.queue.send(carryOutJob, { userId: user.id }, { tx });
    }
    return at;
  });
  ctx.forgetUser(user.id);
  return { scheduledFor };
}

/**
 * The schedule's work (every minute) and the job's: carries out every deletion that is due, one account per
 * transaction; returns how many. Several instances share the work (each locks a different account).
 */
export async function carryOutDue(ctx: AppContext): Promise<number> {
  let done = 0;
  while (done < BATCH && (await carryOutNext(ctx))) done += 1;
  return done;
}

/** How long a deletion that failed waits before it is tried again. */
const RETRY_MINUTES = 60;

/**
 * Carries out the next due deletion; false when none is due. One that fails (its transaction undone) is put back by
 * RETRY_MINUTES and the error thrown on: the next run goes on with the deletions due after it.
 */
async function carryOutNext(ctx: AppContext): Promise<boolean> {
  let taken: string | null = null;
  try {
    return await carryOut(ctx, (id) => (taken = id));
  } catch (error) {
    if (taken) await auth.postponeDeletion(ctx.db, taken, RETRY_MINUTES);
    throw error;
  }
}

async function carryOut(ctx: AppContext, onTaken: (userId: string) => void): Promise<boolean> {
  let dropUnusedFiles = async () => {};
  const userId = await ctx.db.transaction(async (tx) => {
    const user = await auth.lockNextDueDeletion(tx);
    if (!user) return null;
    onTaken(user.id);
    const addresses = [
      ...new Set([user.email.toLowerCase(), ...(await repository.formerAddresses(tx, user.id))]),
    ];
    // What is still waiting to be mailed to the user (the notice of this deletion, above all) leaves first: the
    // outbox rows, with the address, are erased next. A message that cannot be handed over now is not retried.
    for (const id of await repository.queuedMail(tx, user.id, addresses)) {
      await mail.deliver(ctx, id).catch(() => undefined);
    }

    const deletedNumber = await auth.nextDeletedNumber(tx);
    const label = deletedUserLabel(deletedNumber);
    const patterns = addresses.map(addressPattern);
    await repository.deleteUnkept(tx, user.id);
    // The evidence files the user attached lose their names and are removed; their bytes go once the commit is
    // done (when no other live file has the same ones). Staff's files on the user's cases stay.
    dropUnusedFiles = await evidence.eraseForUser(ctx, tx, user.id);
    await repository.eraseMail(tx, user.id, addresses, patterns, label);
    await repository.eraseKept(tx, user.id, addresses, patterns, label);
    for (const pattern of patterns) await repository.replaceMentions(tx, pattern, label);
    for (const address of addresses) await audit.replaceAddress(tx, address, label);
    await auth.anonymise(tx, user.id, { email: await placeholderAddress(ctx, deletedNumber), deletedNumber });
    await audit.record(tx, {
      action: 'account.deleted',
      userId: null,
      subjectType: 'user',
      subject: user.id,
      subjectUserId: user.id,
      details: { deletedNumber, requestedAt: user.deletionRequestedAt?.toISOString() ?? null },
    });
    return user.id;
  });
  if (!userId) return false;
  ctx.forgetUser(userId);
  await dropUnusedFiles();
  return true;
}

/**
 * The address the anonymised row gets: unique (the column is) and unable to receive mail (RFC 2606 reserves
 * `.invalid`). Someone may have registered `deleted-user-<n>@deleted.invalid` before number n came up; then a
 * random part makes it free, rather than failing this deletion and every one after it.
 */
async function placeholderAddress(ctx: AppContext, deletedNumber: number): Promise<string> {
  const address = `deleted-user-${deletedNumber}@deleted.invalid`;
  if (!(await auth.findUserByEmail(ctx, address))) return address;
  return `deleted-user-${deletedNumber}-${randomBytes(6).toString('hex')}@deleted.invalid`;
}
