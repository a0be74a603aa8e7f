import { useId, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import {
  CASE_COST_CURRENCY,
  CASE_STATUS_MOVES,
  type CaseDetail,
  type CaseStatus,
  type CreateCaseUpdateRequest,
} from '@contract/cases';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormRow, OptionsSelect } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useAddCaseUpdate } from '@/features/cases/api/add-case-update';
import { CaseComposer } from '@/features/cases/components/case-composer';
import { CASE_MESSAGES, CASE_STATUS_BADGES } from '@/features/cases/utils/labels';
import { reportUpdateError } from '@/features/cases/utils/report-error';

interface DirectorControlsProps {
  detail: CaseDetail;
  /** The signed-in Director: 'Assign to Me' assigns the case to them. */
  userId: string;
}

/** Tier 4: move the status (only the moves CASE_STATUS_MOVES allows), estimate the cost, assign, add notes. */
export function DirectorControls({ detail, userId }: DirectorControlsProps) {
  const statusId = useId();
  const costId = useId();
  const moves = CASE_STATUS_MOVES[detail.status];
  const [status, setStatus] = useState<CaseStatus | ''>('');
  const [cost, setCost] = useState(detail.estimatedCost ?? '');
  const [costError, setCostError] = useState<string | null>(null);
  const addUpdate = useAddCaseUpdate();
  const nextStatus = status && moves.includes(status) ? status : (moves[0] ?? '');

  const send = async (update: CreateCaseUpdateRequest) => {
    try {
      await addUpdate.mutateAsync({ caseId: detail.id, update });
    } catch (error) {
      reportUpdateError(error);
      return false;
    }
    toast(CASE_MESSAGES.updated);
    return true;
  };

  return (
    <section
      aria-label="Director controls"
      data-testid="director-controls"
      className="grid gap-4 rounded-lg border border-primary/30 p-4"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
        Director controls
      </h3>
      <FormRow>
        <div className="grid gap-2">
          <label htmlFor={statusId} className="text-sm font-medium">
            Move status
          </label>
          {moves.length === 0 ? (
            <p className="text-sm text-muted-foreground">This case is closed: its status cannot change.</p>
          ) : (
            <div className="flex gap-2">
              <OptionsSelect
                id={statusId}
                value={nextStatus}
                onChange={(event) => setStatus(event.target.value as CaseStatus)}
                options={moves}
                optionLabel={(move) => CASE_STATUS_BADGES[move].label}
              />
              <Button
                type="button"
                disabled={addUpdate.isPending || !nextStatus}
                onClick={() => {
                  if (nextStatus) {
                    void send({ updateType: 'status_change', status: nextStatus }).then(() => setStatus(''));
                  }
                }}
              >
                Move
              </Button>
            </div>
          )}
        </div>
        <div className="grid gap-2">
          <label htmlFor={costId} className="text-sm font-medium">
            Estimated cost ({CASE_COST_CURRENCY})
          </label>
          <div className="flex gap-2">
            <Input
              id={costId}
              inputMode="decimal"
              placeholder="2500.00"
              value={cost}
              aria-invalid={Boolean(costError)}
              onChange={(event) => setCost(event.target.value)}
            />
            <Button
              type="button"
              variant="outline"
              disabled={addUpdate.isPending}
              onClick={() => {
                if (!/^\d{1,10}(\.\d{1,2})?$/.test(cost.trim())) {
                  setCostError('Estimated cost must be an amount such as 2500.00');
                  return;
                }
                setCostError(null);
                void send({ updateType: 'cost_estimate', estimatedCost: cost.trim() });
              }}
            >
              Set Cost
            </Button>
          </div>
          {costError && <p className="text-xs font-medium text-red-400">{costError}</p>}
        </div>
      </FormRow>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={addUpdate.isPending || detail.assignedAgentId === userId}
          onClick={() => void send({ updateType: 'assignment', assignedAgentId: userId })}
        >
          {detail.assignedAgentId === userId ? 'Assigned to you' : 'Assign to Me'}
        </Button>
      </div>
      <CaseComposer
        caseId={detail.id}
        updateType="internal_note"
        label="Internal note (Directors only)"
        submitLabel="Add Internal Note"
      />
    </section>
  );
}
