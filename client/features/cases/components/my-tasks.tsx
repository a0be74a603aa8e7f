import { ListChecks } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { useMyTasks } from '@/features/cases/api/get-my-tasks';
import { TASK_STATUS_LABELS } from '@/features/cases/utils/labels';
import { formatDateTime } from '@/lib/format';

/** Directors: the open tasks assigned to me, soonest due first, each opening its case. */
export function MyTasks({ onView }: { onView: (caseId: string) => void }) {
  const tasks = useMyTasks();
  return (
    <QueryStates
      query={tasks}
      loading={{ label: 'Loading your tasks', rows: 3, rowClassName: 'h-14' }}
      error="Your tasks could not be loaded."
      empty={
        <EmptyState icon={ListChecks} title="No open tasks">
          Tasks a Director gives you on a case are listed here.
        </EmptyState>
      }
    >
      {(list) => (
        <ul aria-label="My tasks" className="grid gap-2">
          {list.map((task) => {
            const overdue = task.dueAt !== null && new Date(task.dueAt) < new Date();
            return (
              <li
                key={task.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border bg-card px-4 py-3"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{task.title}</p>
                  <p className="text-xs text-muted-foreground">
                    <span className="font-mono">{task.caseNumber}</span> · {TASK_STATUS_LABELS[task.status]}
                    {task.dueAt && (
                      <span className={overdue ? 'font-medium text-red-400' : undefined}>
                        {' · '}
                        {overdue ? 'Overdue: ' : 'Due '}
                        {formatDateTime(task.dueAt)}
                      </span>
                    )}
                  </p>
                </div>
                <Button size="sm" variant="outline" onClick={() => onView(task.caseId)}>
                  Open {task.caseNumber}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </QueryStates>
  );
}
