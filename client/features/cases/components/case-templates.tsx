import { useState } from 'react';
import { ClipboardList, Pencil, Plus, Trash2 } from 'lucide-react';
import type { CaseTemplate } from '@contract/case-tasks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState, ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { toast } from '@/components/ui/use-toast';
import { useCaseTemplates, useDeleteTemplate } from '@/features/cases/api/case-templates';
import { CaseTemplateForm } from '@/features/cases/components/case-template-form';
import { CASE_CATEGORY_LABELS, CASE_MESSAGES } from '@/features/cases/utils/labels';
import { toastFailure } from '@/lib/failure-toast';

/** Which template the dialog edits: a new one, an existing one, or none (closed). */
type Editing = { template: CaseTemplate | null } | null;

/** Directors: the case templates (named task lists per category), to create, edit and delete (design 12.5). */
export function CaseTemplates() {
  const templates = useCaseTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CaseTemplate | null>(null);

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast(CASE_MESSAGES.templateDeleted);
      setDeleting(null);
    } catch (error) {
      toastFailure(error, CASE_MESSAGES.templateDeleteFailed, { title: CASE_MESSAGES.failedTitle });
    }
  };

  return (
    <section aria-labelledby="case-templates-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="case-templates-heading" className="text-xl font-semibold">
            Case templates
          </h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Named task lists for recurring kinds of case: applied from a case&apos;s tasks, or by themselves
            when a case of their category is opened.
          </p>
        </div>
        <Button onClick={() => setEditing({ template: null })}>
          <Plus aria-hidden="true" />
          New Template
        </Button>
      </div>

      {templates.isPending ? (
        <ListSkeleton label="Loading templates" rows={2} rowClassName="h-28" />
      ) : templates.isError ? (
        <LoadError message="The templates could not be loaded." onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No templates yet">
          A template&apos;s tasks are added to a case in one step.
        </EmptyState>
      ) : (
        <ul aria-label="Case templates" className="grid gap-3 lg:grid-cols-2">
          {templates.data.map((template) => (
            <li
              key={template.id}
              data-testid="case-template"
              className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="min-w-0 font-semibold break-words">{template.name}</h3>
                <Badge variant="secondary">
                  {template.category ? CASE_CATEGORY_LABELS[template.category] : 'Any category'}
                </Badge>
                {template.autoApply && <Badge>Applied automatically</Badge>}
              </div>
              <ol className="list-decimal space-y-0.5 pl-5 text-sm">
                {template.tasks.map((task, index) => (
                  <li key={index} className="break-words">
                    {task.title}
                    {task.dueInHours !== undefined && (
                      <span className="text-muted-foreground"> · due {task.dueInHours} h after applying</span>
                    )}
                  </li>
                ))}
              </ol>
              <div className="mt-auto flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Edit ${template.name}`}
                  onClick={() => setEditing({ template })}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Delete ${template.name}`}
                  onClick={() => setDeleting(template)}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{editing?.template ? 'Edit Template' : 'New Template'}</DialogTitle>
            <DialogDescription>
              Each task is added to the case when the template is applied, due the given hours later.
            </DialogDescription>
          </DialogHeader>
          {editing && (
            <CaseTemplateForm
              template={editing.template}
              onCancel={() => setEditing(null)}
              onSaved={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
        title={`Delete ${deleting?.name ?? 'template'}?`}
        description="Cases keep the tasks it already made; it is no longer offered or applied."
        confirmLabel="Delete Template"
        pendingLabel="Deleting template"
        pending={remove.isPending}
      />
    </section>
  );
}
