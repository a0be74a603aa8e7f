import { useId, useState, type FormEvent } from 'react';
import { GitMerge } from 'lucide-react';
import type { CaseDetail } from '@contract/cases';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useMergeCase } from '@/features/cases/api/case-changes';
import { getCases } from '@/features/cases/api/get-cases';
import { reportUpdateError } from '@/features/cases/utils/report-error';

/**
 * Directors: merge this case into another of the same client, named by its number. Everything moves; this case
 * then forwards to the other. The server refuses another client's case, the same case and a merged one.
 */
export function MergeCaseForm({
  detail,
  onMerged,
}: {
  detail: CaseDetail;
  onMerged: (targetId: string) => void;
}) {
  const inputId = useId();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeCase(detail.id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const wanted = number.trim().toUpperCase();
    if (!wanted) return;
    try {
      const found = await getCases('all', { query: `q=${encodeURIComponent(wanted)}` });
      const target = found.find((item) => item.caseNumber.toUpperCase() === wanted);
      if (!target) {
        setError(`No open case ${wanted} was found`);
        return;
      }
      const merged = await merge.mutateAsync(target.id);
      toast({
        title: 'Cases merged',
        description: `${detail.caseNumber} is now part of ${merged.caseNumber}.`,
      });
      setNumber('');
      onMerged(merged.id);
    } catch (failure) {
      reportUpdateError(failure);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Merge this case" className="grid gap-2">
      <h3 className="flex items-center gap-2 font-semibold">
        <GitMerge aria-hidden="true" className="size-4 text-primary" />
        Merge into another case
      </h3>
      <p className="text-xs text-muted-foreground">
        Updates, files and tasks move to that case; {detail.caseNumber} then leads there.
      </p>
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Case number to merge into
        </label>
        <Input
          id={inputId}
          placeholder="CASE-1001"
          value={number}
          aria-invalid={Boolean(error)}
          onChange={(event) => setNumber(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={merge.isPending || !number.trim()}>
          Merge
        </Button>
      </div>
      {error && <p className="text-xs font-medium text-red-400">{error}</p>}
    </form>
  );
}
