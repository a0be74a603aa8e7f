import type { RecordVisibility } from '@contract/organization';
import { Checkbox, CheckboxField } from '@/components/ui/form-parts';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

/*
 * Sharing a record with the member's organisation (design 12.3), the same for cases and investigation requests:
 * every member of the organisation reads a shared record; its owners and admins add to it.
 */

interface ShareWithOrganizationFieldProps {
  organizationName: string;
  /** The form's value; a form that has not set it yet keeps the record private. */
  visibility: RecordVisibility | undefined;
  onChange: (visibility: RecordVisibility) => void;
  error?: string;
}

/** The new record's "Shared with my organisation" checkbox. */
export function ShareWithOrganizationField({
  organizationName,
  visibility,
  onChange,
  error,
}: ShareWithOrganizationFieldProps) {
  return (
    <CheckboxField label={`Shared with my organisation (${organizationName})`} error={error}>
      {(field) => (
        <Checkbox
          {...field}
          checked={visibility === 'organization'}
          onChange={(event) => onChange(event.target.checked ? 'organization' : 'private')}
        />
      )}
    </CheckboxField>
  );
}

interface VisibilityFilterProps {
  /** What the list holds, in the plural: "cases", "requests". */
  noun: string;
  value: RecordVisibility | '';
  onChange: (value: RecordVisibility | '') => void;
  className?: string;
}

/** A member's list of their own records and those shared with the organisation, narrowed to one kind. */
export function VisibilityFilter({ noun, value, onChange, className }: VisibilityFilterProps) {
  return (
    <NativeSelect
      aria-label={`Show ${noun}`}
      value={value}
      className={cn('w-full sm:w-64', className)}
      onChange={(event) => onChange(event.target.value as RecordVisibility | '')}
    >
      <option value="">{`All my ${noun} and shared ones`}</option>
      <option value="organization">Shared with my organisation</option>
      <option value="private">Private to me</option>
    </NativeSelect>
  );
}
