import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_EVENT_LABELS,
  type AutomationEvent,
  type AutomationRule,
} from '@contract/automation';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { QueryStates } from '@/components/ui/list-states';
import { useAutomationRuns } from '@/features/automation/api/get-automation-runs';
import { formatRelativeTime } from '@/lib/format';

/** 'manual' is a run from the Run button; anything else is the event that set the rule off. */
function eventLabel(event: string): string {
  if (event === 'manual') return 'Run by hand';
  return AUTOMATION_EVENT_LABELS[event as AutomationEvent] ?? event;
}

function RunList({ rule }: { rule: AutomationRule }) {
  const runs = useAutomationRuns(rule.id);
  return (
    <QueryStates
      query={runs}
      loading={{ label: 'Loading runs', className: 'gap-2', rowClassName: 'h-16' }}
      error="The run history could not be loaded."
      empty={<p className="text-sm text-muted-foreground">This rule has not run yet.</p>}
    >
      {(data) => (
        <ul aria-label="Runs" className="grid gap-2">
          {data.map((run) => (
            <li key={run.id} data-testid="run" className="grid gap-1.5 rounded-md border bg-surface p-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={run.status === 'succeeded' ? 'default' : 'destructive'}>
                  {run.status === 'succeeded' ? 'Succeeded' : 'Failed'}
                </Badge>
                <span className="text-sm">{eventLabel(run.event)}</span>
                <time dateTime={run.createdAt} className="ml-auto text-xs text-muted-foreground">
                  {formatRelativeTime(run.createdAt)}
                </time>
              </div>
              <ul className="grid gap-1">
                {run.outcomes.map((outcome, index) => (
                  <li key={index} className="flex gap-2 text-xs">
                    <span aria-hidden="true" className={outcome.ok ? 'text-emerald-400' : 'text-red-400'}>
                      {outcome.ok ? '✓' : '✗'}
                    </span>
                    <span className="sr-only">{outcome.ok ? 'Done:' : 'Failed:'}</span>
                    <span className="font-medium">{AUTOMATION_ACTION_LABELS[outcome.type]}</span>
                    <span className="min-w-0 break-words text-muted-foreground">{outcome.detail}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

/** A rule's runs, newest first, with what each action did. */
export function RunHistoryDialog({ rule, onClose }: { rule: AutomationRule | null; onClose: () => void }) {
  return (
    <Dialog open={rule !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Run history</DialogTitle>
          <DialogDescription>{rule ? `Every run of "${rule.name}", newest first.` : ''}</DialogDescription>
        </DialogHeader>
        {rule && <RunList rule={rule} />}
      </DialogContent>
    </Dialog>
  );
}
