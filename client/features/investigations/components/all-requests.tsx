import { useId, useState } from 'react';
import { ClipboardList } from 'lucide-react';
import {
  INVESTIGATION_STATUS_TRANSITIONS,
  INVESTIGATION_STATUSES,
  type Investigation,
  type InvestigationAgent,
  type InvestigationStatus,
  type InvestigationUpdate,
} from '@contract/investigations';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { QueryStates } from '@/components/ui/list-states';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useAllInvestigations } from '@/features/investigations/api/get-all-investigations';
import { useInvestigationAgents } from '@/features/investigations/api/get-investigation-agents';
import { useUpdateInvestigation } from '@/features/investigations/api/update-investigation';
import type { InvestigationSlots } from '@/features/investigations/components/investigation-slots';
import {
  INVESTIGATION_MESSAGES,
  PRIORITY_LABELS,
  statusBadge,
} from '@/features/investigations/utils/options';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate, formatDateTime, formatINR } from '@/lib/format';

const HEADING_ID = 'all-requests-heading';
const UNASSIGNED = '';

const isStatus = (value: string): value is InvestigationStatus =>
  (INVESTIGATION_STATUSES as readonly string[]).includes(value);

/** What the requester declared, when and from where, in one line. */
function declarationText(declarations: Investigation['declarations']): string {
  const made = [
    declarations.lawfulPurpose && 'lawful purpose',
    declarations.noHarassment && 'no harassment',
    declarations.compliance && 'compliance',
  ].filter(Boolean);
  const where = declarations.ip ? ` from ${declarations.ip}` : '';
  return `${made.join(', ') || 'nothing'} on ${formatDateTime(declarations.declaredAt)}${where}`;
}

/** The current status and those it may move to (forward only). */
function statusChoices(status: InvestigationStatus): InvestigationStatus[] {
  return [status, ...INVESTIGATION_STATUS_TRANSITIONS[status]];
}

function RequestRow({
  item,
  agents,
  onUpdate,
  busy,
  slots: { SlaClock, ReportButtons, Files },
}: {
  item: Investigation;
  agents: readonly InvestigationAgent[];
  onUpdate: (changes: InvestigationUpdate) => void;
  busy: boolean;
  slots: Pick<InvestigationSlots, 'SlaClock' | 'ReportButtons' | 'Files'>;
}) {
  const id = useId();
  const status = statusBadge(item.status);
  const agentChoices =
    item.assignedAgentId && !agents.some((agent) => agent.id === item.assignedAgentId)
      ? [...agents, { id: item.assignedAgentId, name: item.assignedAgent ?? 'Former agent' }]
      : agents;
  const final = INVESTIGATION_STATUS_TRANSITIONS[item.status].length === 0;
  const base = `/api/investigations/${encodeURIComponent(item.id)}`;
  return (
    <li
      data-testid="all-requests-row"
      className="grid gap-4 rounded-lg border bg-card px-4 py-3 lg:grid-cols-[1fr_auto] lg:items-center"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words">{item.subject}</p>
          <Badge variant={status.variant}>
            <span className="sr-only">Status: </span>
            {status.label}
          </Badge>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>Client:</dt>
            <dd className="text-foreground">{item.requestedBy}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Service:</dt>
            <dd className="text-foreground">{item.serviceName}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Priority:</dt>
            <dd className="text-foreground">{PRIORITY_LABELS[item.priority] ?? item.priority}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Estimated cost:</dt>
            <dd className="font-mono text-foreground">
              {item.estimatedCost === null ? 'Pending review' : formatINR(item.estimatedCost)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Submitted:</dt>
            <dd className="text-foreground">
              <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
            </dd>
          </div>
          <div className="basis-full">
            <dt className="sr-only">Service level:</dt>
            <dd>
              <SlaClock
                sla={item.sla}
                clientTarget={{ label: 'Client’s timeframe', value: item.expectedTimeframe }}
              />
            </dd>
          </div>
          <div className="flex basis-full gap-1">
            <dt>Declared:</dt>
            <dd className="text-foreground" data-testid="declarations">
              {declarationText(item.declarations)}
            </dd>
          </div>
        </dl>
        <Files base={base} director actions={<ReportButtons base={base} director />} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:w-[26rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-status`} className="text-xs text-muted-foreground">
            Status
          </Label>
          <NativeSelect
            id={`${id}-status`}
            value={item.status}
            disabled={busy || final || !isStatus(item.status)}
            onChange={(event) => {
              const next = event.target.value;
              if (isStatus(next) && next !== item.status) onUpdate({ status: next });
            }}
          >
            {(isStatus(item.status) ? statusChoices(item.status) : [item.status]).map((choice) => (
              <option key={choice} value={choice}>
                {statusBadge(choice).label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-agent`} className="text-xs text-muted-foreground">
            Assigned agent
          </Label>
          <NativeSelect
            id={`${id}-agent`}
            value={item.assignedAgentId ?? UNASSIGNED}
            disabled={busy}
            onChange={(event) => {
              const next = event.target.value || null;
              if (next !== item.assignedAgentId) onUpdate({ assignedAgentId: next });
            }}
          >
            <option value={UNASSIGNED}>Unassigned</option>
            {agentChoices.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </li>
  );
}

/** Directors only: every client's requests, each with its status (forward only) and agent controls. */
export function AllRequests({ slots }: { slots: InvestigationSlots }) {
  const [slaQuery, setSlaQuery] = useState('');
  const requests = useAllInvestigations(slaQuery);
  const agents = useInvestigationAgents();
  const update = useUpdateInvestigation();

  async function apply(id: string, changes: InvestigationUpdate) {
    try {
      await update.mutateAsync({ id, ...changes });
      toast({ title: 'Request Updated', description: 'The client has been notified.' });
    } catch (error) {
      toastFailure(error, 'Failed to update investigation request.', {
        title: INVESTIGATION_MESSAGES.failed.title,
      });
    }
  }

  return (
    <section aria-labelledby={HEADING_ID} aria-busy={requests.isFetching} className="mt-14">
      <div className="mb-4 flex items-end justify-between gap-4 border-b pb-3">
        <div className="space-y-1">
          <h2 id={HEADING_ID} className="text-xl font-semibold tracking-tight">
            All Requests
          </h2>
          <p className="text-sm text-muted-foreground">
            Every client&apos;s requests. Moving a request or assigning an agent notifies its client.
          </p>
        </div>
        <Badge variant="secondary">Director</Badge>
      </div>
      <slots.SlaListControls onQueryChange={setSlaQuery} className="mb-4" />

      <QueryStates
        query={requests}
        loading={{ label: 'Loading requests', className: 'gap-2', rowClassName: 'h-20' }}
        error={{
          message: 'The requests could not be loaded.',
          className: 'items-center rounded-lg border border-dashed px-6 py-10 text-center',
        }}
        empty={
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
            <ClipboardList aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">No requests from clients yet</p>
          </div>
        }
      >
        {(items) => (
          <ul className="grid gap-2">
            {items.map((item) => (
              <RequestRow
                key={item.id}
                item={item}
                agents={agents.data ?? []}
                busy={update.isPending && update.variables?.id === item.id}
                onUpdate={(changes) => void apply(item.id, changes)}
                slots={slots}
              />
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
