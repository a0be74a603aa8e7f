import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAddCaseUpdate } from '@/features/cases/api/add-case-update';
import { reportUpdateError } from '@/features/cases/utils/report-error';

interface CaseComposerProps {
  caseId: string;
  updateType: 'comment' | 'internal_note';
  label: string;
  submitLabel: string;
}

/** A text box that posts a comment (everyone) or an internal note (Directors). */
export function CaseComposer({ caseId, updateType, label, submitLabel }: CaseComposerProps) {
  const id = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addUpdate = useAddCaseUpdate();

  const submit = async () => {
    const text = content.trim();
    if (!text) {
      setError('Content is required');
      return;
    }
    setError(null);
    try {
      await addUpdate.mutateAsync({ caseId, update: { updateType, content: text } });
    } catch (failure) {
      reportUpdateError(failure);
      return;
    }
    setContent('');
  };

  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={id}
        rows={3}
        value={content}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setContent(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-400">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={addUpdate.isPending}>
          {addUpdate.isPending && <Spinner className="size-4" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
