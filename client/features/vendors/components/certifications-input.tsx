import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import type { FieldControlProps } from '@/components/ui/form-field';
import { splitCertifications } from '@/features/vendors/utils/application-form';

interface CertificationsInputProps extends FieldControlProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
}

/**
 * A tag input: Enter or a comma adds what was typed (a pasted list is split on commas); each tag has a remove
 * button. Text still in the box when it loses focus is added too, so nothing typed is lost on submit.
 */
export function CertificationsInput({ value, onChange, onBlur, ...control }: CertificationsInputProps) {
  const [draft, setDraft] = useState('');

  const commit = (text: string) => {
    const added = splitCertifications(text, value);
    if (added.length > 0) onChange([...value, ...added]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul aria-label="Certifications added" className="flex flex-wrap gap-1.5">
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded border border-primary/40 bg-primary/10 py-0.5 pr-1 pl-2 text-xs text-primary"
            >
              {item}
              <button
                type="button"
                aria-label={`Remove ${item}`}
                className="rounded p-0.5 hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                onClick={() => onChange(value.filter((other) => other !== item))}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        {...control}
        value={draft}
        placeholder="e.g. ISO 9001, ITAR"
        onChange={(event) => {
          const text = event.target.value;
          // A pasted or typed list with commas becomes tags at once; the text after the last comma stays.
          if (/[,;\n]/.test(text)) {
            const parts = text.split(/[,;\n]/);
            commit(parts.slice(0, -1).join(','));
            setDraft(parts.at(-1) ?? '');
          } else {
            setDraft(text);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit(draft);
          onBlur?.();
        }}
      />
    </div>
  );
}
