import { useState } from 'react';
import { History, Play, Plus, Trash2, Workflow } from 'lucide-react';
import { AUTOMATION_EVENT_LABELS, type AutomationRule } from '@contract/automation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useDeleteAutomationRule } from '@/features/automation/api/delete-automation-rule';
import { useExecuteAutomationRule } from '@/features/automation/api/execute-automation-rule';
import { useAutomationRules } from '@/features/automation/api/get-automation-rules';
import { useUpdateAutomationRule } from '@/features/automation/api/update-automation-rule';
import { RuleForm } from '@/features/automation/components/rule-form';
import { actionsSummary, conditionsSummary } from '@/features/automation/components/rule-summary';
import { RunHistoryDialog } from '@/features/automation/components/run-history-dialog';
import {
  SigningSecretSection,
  type SigningSecretOnceSlot,
} from '@/features/automation/components/signing-secret-section';
import { toastFailure } from '@/lib/failure-toast';
import { formatRelativeTime } from '@/lib/format';

function RuleItem({
  rule,
  onShowHistory,
  onDelete,
}: {
  rule: AutomationRule;
  onShowHistory: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateAutomationRule();
  const execute = useExecuteAutomationRule();

  function failed(fallback: string) {
    return (error: unknown) => toastFailure(error, fallback);
  }

  function setActive(isActive: boolean) {
    update.mutate({ id: rule.id, changes: { isActive } }, { onError: failed('Failed to update the rule.') });
  }

  function run() {
    execute.mutate(rule.id, {
      onSuccess: (result) => {
        const done = result.outcomes.filter((outcome) => outcome.ok).length;
        toast({
          variant: result.status === 'succeeded' ? 'default' : 'destructive',
          title: result.status === 'succeeded' ? 'Rule ran' : 'Rule ran with failures',
          description: `${done} of ${result.outcomes.length} actions done, with a sample event.`,
        });
        onShowHistory();
      },
      onError: failed('Failed to run the rule.'),
    });
  }

  return (
    <li
      data-testid="automation-rule"
      className="grid gap-3 rounded-lg border bg-surface p-4 data-[inactive]:opacity-75"
      data-inactive={!rule.isActive || undefined}
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {rule.name}
            <Badge variant={rule.isActive ? 'default' : 'outline'}>
              {rule.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            When{' '}
            <span className="font-medium text-foreground">{AUTOMATION_EVENT_LABELS[rule.trigger.event]}</span>{' '}
            <code className="font-mono">({rule.trigger.event})</code>
          </p>
        </div>
        <Switch
          checked={rule.isActive}
          disabled={update.isPending}
          onCheckedChange={setActive}
          aria-label={`${rule.isActive ? 'Deactivate' : 'Activate'} ${rule.name}`}
        />
      </div>
      <dl className="grid gap-1 text-xs">
        <div className="flex gap-2">
          <dt className="w-16 shrink-0 text-muted-foreground">If</dt>
          <dd className="min-w-0 break-words">{conditionsSummary(rule.trigger.conditions)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-16 shrink-0 text-muted-foreground">Then</dt>
          <dd className="min-w-0 break-words">{actionsSummary(rule.actions)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-16 shrink-0 text-muted-foreground">Runs</dt>
          <dd>
            {rule.executionCount === 1 ? 'Ran once' : `Ran ${rule.executionCount} times`}
            {' · '}
            {rule.lastExecuted ? (
              <time dateTime={rule.lastExecuted}>last {formatRelativeTime(rule.lastExecuted)}</time>
            ) : (
              'never run'
            )}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!rule.isActive || execute.isPending}
          onClick={run}
          aria-label={`Run ${rule.name}`}
          title={rule.isActive ? 'Run the actions now with a sample event' : 'Activate the rule to run it'}
        >
          <Play aria-hidden="true" />
          Run
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onShowHistory}
          aria-label={`Run history of ${rule.name}`}
        >
          <History aria-hidden="true" />
          History
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${rule.name}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

function RuleList({
  onShowHistory,
  onDelete,
}: {
  onShowHistory: (rule: AutomationRule) => void;
  onDelete: (rule: AutomationRule) => void;
}) {
  const rules = useAutomationRules();

  return (
    <QueryStates
      query={rules}
      loading={{ label: 'Loading rules', rowClassName: 'h-36' }}
      error="Your automation rules could not be loaded."
      empty={
        <EmptyState icon={Workflow} title="No rules yet">
          A rule watches for an event (a new case, a failed payment, a critical threat) and acts on it.
        </EmptyState>
      }
    >
      {(data) => (
        <ul aria-label="Automation rules" className="grid gap-3 md:grid-cols-2">
          {data.map((rule) => (
            <RuleItem
              key={rule.id}
              rule={rule}
              onShowHistory={() => onShowHistory(rule)}
              onDelete={() => onDelete(rule)}
            />
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

/** The Automation tab: rules on the product's events, switched on and off, run by hand, with history. */
export function AutomationPanel({ SigningSecretOnce }: { SigningSecretOnce: SigningSecretOnceSlot }) {
  const [adding, setAdding] = useState(false);
  const [historyOf, setHistoryOf] = useState<AutomationRule | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const remove = useDeleteAutomationRule();

  function onCreated(rule: AutomationRule) {
    setAdding(false);
    toast({
      title: 'Rule created',
      description: `"${rule.name}" is ${rule.isActive ? 'active' : 'inactive'}.`,
    });
  }

  function deleteRule(rule: AutomationRule) {
    remove.mutate(rule.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Rule deleted', description: `"${rule.name}" runs no more.` });
      },
      onError: (error) => {
        setDeleting(null);
        toastFailure(error, 'Failed to delete the rule.');
      },
    });
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>Automation</CardTitle>
          <CardDescription>
            When something happens in your account, notify you, post through an integration, note it on a case
            or call a webhook.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          New Rule
        </Button>
      </CardHeader>
      <CardContent>
        <SigningSecretSection SigningSecretOnce={SigningSecretOnce} />
        <RuleList onShowHistory={setHistoryOf} onDelete={setDeleting} />
      </CardContent>

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>New Rule</DialogTitle>
            <DialogDescription>
              Pick an event, narrow it with conditions, and choose what happens.
            </DialogDescription>
          </DialogHeader>
          {adding && <RuleForm onCreated={onCreated} onCancel={() => setAdding(false)} />}
        </DialogContent>
      </Dialog>
      <RunHistoryDialog rule={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && deleteRule(deleting)}
        title="Delete this rule?"
        description={`${deleting ? `"${deleting.name}" ` : 'It '}and its run history are removed.`}
        confirmLabel="Delete rule"
        pendingLabel="Deleting"
        pending={remove.isPending}
      />
    </Card>
  );
}
