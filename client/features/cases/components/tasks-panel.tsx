import { useId, useState, type FormEvent } from 'react';
import { ListChecks } from 'lucide-react';
import { TASK_STATUSES, type TaskStatus } from '@contract/case-tasks';
import { Button } from '@/components/ui/button';
import { OptionsSelect } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { QueryStates } from '@/components/ui/list-states';
import { useApplyTemplate, useCaseTemplates } from '@/features/cases/api/case-templates';
import { useCaseTasks } from '@/features/cases/api/get-case-tasks';
import { useSaveTask } from '@/features/cases/api/save-task';
import { reportUpdateError } from '@/features/cases/utils/report-error';
import { TASK_STATUS_LABELS } from '@/features/cases/utils/labels';
import { formatDateTime } from '@/lib/format';

interface TasksPanelProps {
  caseId: string;
  /** The signed-in Director: a new task may be given to them. */
  userId: string;
}

/** Directors: the case's task list, with a status per task, a new-task form and the templates to apply. */
export function TasksPanel({ caseId, userId }: TasksPanelProps) {
  const tasks = useCaseTasks(caseId);
  const save = useSaveTask();
  const titleId = useId();
  const dueId = useId();
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [mine, setMine] = useState(true);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      await save.mutateAsync({
        caseId,
        body: {
          title: title.trim(),
          assigneeId: mine ? userId : null,
          dueAt: due ? new Date(due).toISOString() : null,
        },
      });
      setTitle('');
      setDue('');
    } catch (error) {
      reportUpdateError(error);
    }
  };

  const setStatus = (taskId: string, status: TaskStatus) =>
    save.mutateAsync({ caseId, taskId, body: { status } }).catch(reportUpdateError);

  return (
    <section aria-labelledby={`${titleId}-heading`} className="grid gap-3">
      <h3 id={`${titleId}-heading`} className="flex items-center gap-2 font-semibold">
        <ListChecks aria-hidden="true" className="size-4 text-primary" />
        Tasks
      </h3>
      <QueryStates
        query={tasks}
        loading={{ label: 'Loading tasks', rows: 2, rowClassName: 'h-10' }}
        error="The tasks could not be loaded."
        empty={<p className="text-sm text-muted-foreground">No tasks yet.</p>}
      >
        {(list) => (
          <ul aria-label="Tasks" className="grid gap-2">
            {list.map((task) => {
              const overdue =
                task.dueAt &&
                (task.status === 'todo' || task.status === 'in_progress') &&
                new Date(task.dueAt) < new Date();
              return (
                <li
                  key={task.id}
                  data-testid="task"
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2"
                >
                  <div className="min-w-0 flex-1">
                    <p className={task.status === 'done' ? 'text-sm line-through' : 'text-sm font-medium'}>
                      {task.title}
                    </p>
                    <p className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
                      {task.assignee ?? 'Unassigned'}
                      {task.dueAt && (
                        <>
                          {' · '}
                          <span className={overdue ? 'font-medium text-red-400' : undefined}>
                            {overdue ? 'Overdue: ' : 'Due '}
                            {formatDateTime(task.dueAt)}
                          </span>
                        </>
                      )}
                    </p>
                  </div>
                  <OptionsSelect
                    aria-label={`Status of ${task.title}`}
                    value={task.status}
                    options={TASK_STATUSES}
                    optionLabel={(status) => TASK_STATUS_LABELS[status]}
                    disabled={save.isPending}
                    onChange={(event) => void setStatus(task.id, event.target.value as TaskStatus)}
                    className="w-36"
                  />
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
      <form
        onSubmit={(event) => void onAdd(event)}
        aria-label="Add a task"
        className="grid gap-2 sm:grid-cols-[1fr_auto_auto]"
      >
        <label htmlFor={titleId} className="sr-only">
          Task title
        </label>
        <Input
          id={titleId}
          placeholder="New task"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
        />
        <label htmlFor={dueId} className="sr-only">
          Due
        </label>
        <Input
          id={dueId}
          type="datetime-local"
          value={due}
          onChange={(event) => setDue(event.target.value)}
        />
        <Button type="submit" size="sm" className="self-center" disabled={save.isPending || !title.trim()}>
          Add Task
        </Button>
        <label className="flex items-center gap-2 text-xs text-muted-foreground sm:col-span-3">
          <input type="checkbox" checked={mine} onChange={(event) => setMine(event.target.checked)} />
          Assign to me
        </label>
      </form>
      <ApplyTemplate caseId={caseId} />
    </section>
  );
}

/** A template's tasks added to the case in one step. */
function ApplyTemplate({ caseId }: { caseId: string }) {
  const templates = useCaseTemplates();
  const apply = useApplyTemplate(caseId);
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const list = templates.data ?? [];
  if (list.length === 0) return null;
  const templateId = chosen || list[0]!.id;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium">
        Template
      </label>
      <OptionsSelect
        id={selectId}
        value={templateId}
        options={list}
        optionValue={(template) => template.id}
        optionLabel={(template) => `${template.name} (${template.tasks.length} tasks)`}
        onChange={(event) => setChosen(event.target.value)}
        className="w-64"
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={apply.isPending}
        onClick={() => void apply.mutateAsync(templateId).catch(reportUpdateError)}
      >
        Apply Template
      </Button>
    </div>
  );
}
