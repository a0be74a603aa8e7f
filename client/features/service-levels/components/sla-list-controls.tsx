import { useId, useState } from 'react';
import type { SlaSort } from '@contract/service-levels';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  DEFAULT_SLA_FILTER,
  slaFilterQuery,
  type SlaListFilter,
} from '@/features/service-levels/utils/sla-text';
import { cn } from '@/lib/utils';

const SORT_LABELS: Record<SlaSort, string> = { newest: 'Newest first', due: 'Due soonest' };
const BREACH_LABELS: Record<SlaListFilter['breached'], string> = {
  any: 'All',
  true: 'Breached',
  false: 'Within target',
};

/**
 * The Directors' order and breach filter above a list of cases or requests. It keeps the choice and hands the
 * list its query string (`sort=due&breached=true`, '' for the default), so the list needs nothing of this feature.
 */
export function SlaListControls({
  onQueryChange,
  className,
}: {
  onQueryChange: (query: string) => void;
  className?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(DEFAULT_SLA_FILTER);
  const onChange = (next: SlaListFilter) => {
    setValue(next);
    onQueryChange(slaFilterQuery(next));
  };
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
