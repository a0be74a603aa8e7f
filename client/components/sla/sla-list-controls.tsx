import { useId } from 'react';
import type { SlaSort } from '@contract/service-levels';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { SlaListFilter } from '@/components/sla/sla-text';
import { cn } from '@/lib/utils';

const SORT_LABELS: Record<SlaSort, string> = { newest: 'Newest first', due: 'Due soonest' };
const BREACH_LABELS: Record<SlaListFilter['breached'], string> = {
  any: 'All',
  true: 'Breached',
  false: 'Within target',
};

/** The Directors' order and breach filter above a list of cases or requests. */
export function SlaListControls({
  value,
  onChange,
  className,
}: {
  value: SlaListFilter;
  onChange: (value: SlaListFilter) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div
      role="group"
      aria-label="Service level order and filter"
      className={cn('flex flex-wrap items-end gap-3', className)}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sort`} className="text-xs text-muted-foreground">
          Order
        </Label>
        <NativeSelect
          id={`${id}-sort`}
          className="w-40"
          value={value.sort}
          onChange={(event) => onChange({ ...value, sort: event.target.value as SlaSort })}
        >
          {(Object.keys(SORT_LABELS) as SlaSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-breached`} className="text-xs text-muted-foreground">
          Service level
        </Label>
        <NativeSelect
          id={`${id}-breached`}
          className="w-40"
          value={value.breached}
          onChange={(event) =>
            onChange({ ...value, breached: event.target.value as SlaListFilter['breached'] })
          }
        >
          {(Object.keys(BREACH_LABELS) as SlaListFilter['breached'][]).map((breached) => (
            <option key={breached} value={breached}>
              {BREACH_LABELS[breached]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
