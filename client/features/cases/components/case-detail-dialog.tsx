import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import type { User } from '@contract/auth';
import { CASE_COST_CURRENCY, type CaseDetail } from '@contract/cases';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { caseQueryKey, useCase } from '@/features/cases/api/get-case';
import { CasePriorityBadge, CaseStatusBadge } from '@/features/cases/components/case-badges';
import { CaseComposer } from '@/features/cases/components/case-composer';
import type { CaseSlots } from '@/features/cases/components/case-slots';
import { DirectorControls } from '@/features/cases/components/director-controls';
import { MergeCaseForm } from '@/features/cases/components/merge-case-form';
import { TasksPanel } from '@/features/cases/components/tasks-panel';
import { TechniqueList, TechniquesPanel } from '@/features/cases/components/techniques-panel';
import {
  CASE_CATEGORY_LABELS,
  CASE_UPDATE_TYPE_LABELS,
  deadlineLabel,
  taskProgressText,
} from '@/features/cases/utils/labels';
import { useUser } from '@/lib/auth';
import { formatDate, formatMoney, formatRelativeTime } from '@/lib/format';

interface CaseDetailDialogProps {
  /** The case to show; null keeps the dialog closed. */
  caseId: string | null;
  user: Pick<User, 'id' | 'tier'>;
  onOpenChange: (open: boolean) => void;
  /** Opens another case in the dialog (a merged case's target). */
  onOpenCase: (id: string) => void;
  slots: Pick<CaseSlots, 'SlaClock' | 'ReportButtons' | 'Files' | 'Observables'>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A merged case: where its work went. */
function MergedNotice({ detail, onOpenCase }: { detail: CaseDetail; onOpenCase: (id: string) => void }) {
  const target = detail.mergedInto!;
  return (
    <div role="status" className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-4">
      <p className="text-sm">
        {detail.caseNumber} was merged into {target.caseNumber}: its updates, files and tasks are there now.
      </p>
      <div>
        <Button size="sm" onClick={() => onOpenCase(target.id)}>
          Open {target.caseNumber}
        </Button>
      </div>
    </div>
  );
}

function CaseBody({
  detail,
  user,
  onOpenCase,
  slots: { SlaClock, ReportButtons, Files, Observables },
}: {
  detail: CaseDetail;
  user: Pick<User, 'id' | 'tier'>;
  onOpenCase: (id: string) => void;
  slots: CaseDetailDialogProps['slots'];
}) {
  const director = user.tier >= DIRECTOR_TIER;
  const { data: me } = useUser();
  // A colleague's shared case: owners and admins of the organisation add to it, members read it (design 12.3).
  const readOnly = !detail.mine && !director && me?.organization?.role === 'member';
  const queryClient = useQueryClient();
  const base = `/api/cases/${encodeURIComponent(detail.id)}`;
  if (detail.mergedInto) return <MergedNotice detail={detail} onOpenCase={onOpenCase} />;
  const deadline = deadlineLabel(detail);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <CaseStatusBadge status={detail.status} />
        <CasePriorityBadge priority={detail.priority} />
        <Badge variant="outline">{CASE_CATEGORY_LABELS[detail.category]}</Badge>
        <div className="ml-auto">
          <ReportButtons base={base} director={director} />
        </div>
      </div>
      <SlaClock
        sla={detail.sla}
        clientTarget={detail.deadline ? { label: deadline, value: formatDate(detail.deadline) } : null}
      />
      <p className="text-sm whitespace-pre-wrap">{detail.description}</p>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Field label="Created">
          <time dateTime={detail.createdAt} title={formatDate(detail.createdAt)}>
            {formatRelativeTime(detail.createdAt)}
          </time>
        </Field>
        <Field label={deadline}>{detail.deadline ? formatDate(detail.deadline) : 'None'}</Field>
        <Field label="Assigned agent">{detail.assignedAgent ?? 'Not assigned yet'}</Field>
        <Field label="Estimated cost">
          {detail.estimatedCost ? formatMoney(detail.estimatedCost, CASE_COST_CURRENCY) : 'Pending'}
        </Field>
        {detail.ownerEmail && <Field label="Client">{detail.ownerEmail}</Field>}
        <Field label="Tasks">{taskProgressText(detail.tasks) ?? 'None yet'}</Field>
        {!director && (
          <div className="sm:col-span-2">
            <Field label="ATT&CK techniques">
              <TechniqueList ids={detail.attackTechniques} />
            </Field>
          </div>
        )}
        {detail.clientRequirements && (
          <div className="sm:col-span-3">
            <Field label="Client requirements">
              <span className="whitespace-pre-wrap">{detail.clientRequirements}</span>
            </Field>
          </div>
        )}
      </dl>
      <Separator />
      <section aria-labelledby="case-updates-heading" className="grid gap-3">
        <h3 id="case-updates-heading" className="font-semibold">
          Updates
        </h3>
        {detail.updates.length === 0 ? (
          <p className="text-sm text-muted-foreground">No updates yet.</p>
        ) : (
          <ol aria-label="Case updates" className="grid gap-2">
            {detail.updates.map((update) => (
              <li
                key={update.id}
                data-testid="case-update"
                className={
                  update.isInternal
                    ? 'rounded-md border border-warning/40 bg-warning/5 px-3 py-2'
                    : 'rounded-md border bg-muted/30 px-3 py-2'
                }
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium">
                    {update.title ?? CASE_UPDATE_TYPE_LABELS[update.updateType]}
                  </span>
                  {update.isInternal && (
                    <Badge variant="warning">
                      <Lock aria-hidden="true" />
                      Internal
                    </Badge>
                  )}
                </div>
                <p className="mt-1 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{update.content}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {update.author ?? 'System'} ·{' '}
                  <time dateTime={update.createdAt} title={formatDate(update.createdAt)}>
                    {formatRelativeTime(update.createdAt)}
                  </time>
                </p>
              </li>
            ))}
          </ol>
        )}
        {!readOnly && (
          <CaseComposer
            caseId={detail.id}
            updateType="comment"
            label="Add a comment"
            submitLabel="Post Comment"
          />
        )}
      </section>
      <Separator />
      <Files
        base={base}
        director={director}
        readOnly={readOnly}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: caseQueryKey(detail.id) })}
      />
      <Separator />
      <Observables base={base} director={director} />
      {director && (
        <>
          <Separator />
          <TasksPanel caseId={detail.id} userId={user.id} />
          <Separator />
          <TechniquesPanel caseId={detail.id} ids={detail.attackTechniques} />
          <Separator />
          <DirectorControls detail={detail} userId={user.id} />
          <MergeCaseForm detail={detail} onMerged={onOpenCase} />
        </>
      )}
    </div>
  );
}

/** The case detail dialog: every field, the updates, a comment box and the Directors' controls. */
export function CaseDetailDialog({ caseId, user, onOpenChange, onOpenCase, slots }: CaseDetailDialogProps) {
  const detail = useCase(caseId);
  return (
    <Dialog open={caseId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{detail.data ? detail.data.title : 'Case'}</DialogTitle>
          <DialogDescription className="font-mono">
            {detail.data ? `Case ${detail.data.caseNumber}` : 'Loading the case'}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <div aria-busy="true" className="grid gap-3">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-24" />
            <Skeleton className="h-16" />
          </div>
        ) : detail.isError ? (
          <LoadError message="This case could not be loaded." onRetry={() => void detail.refetch()} />
        ) : (
          <CaseBody detail={detail.data} user={user} onOpenCase={onOpenCase} slots={slots} />
        )}
      </DialogContent>
    </Dialog>
  );
}
