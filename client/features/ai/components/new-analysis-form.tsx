import { useWatch, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import {
  AI_ANALYSIS_TYPES,
  AI_LIMITS,
  createAiAnalysisRequestSchema,
  type AiAnalysisType,
  type CreateAiAnalysisRequest,
} from '@contract/ai';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, SelectField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useCreateAnalysis } from '@/features/ai/api/create-analysis';
import { parseDataPoints } from '@/features/ai/utils/data-points';
import { AI_MESSAGES_UI, ANALYSIS_TYPE_HINTS, ANALYSIS_TYPE_LABELS } from '@/features/ai/utils/labels';
import { useApiForm } from '@/lib/use-api-form';

interface FormValues {
  type: AiAnalysisType;
  text: string;
  dataPoints: string;
}

const DEFAULTS: FormValues = { type: 'sentiment_analysis', text: '', dataPoints: '' };

function toRequest(values: FormValues, points: number[]): CreateAiAnalysisRequest {
  return values.type === 'pattern_analysis'
    ? { type: values.type, inputData: { dataPoints: points } }
    : { type: values.type, inputData: { text: values.text } };
}

/**
 * The form's fields become the API's request and are checked with the API's own schema, so the browser shows the
 * server's messages; its issues land on the field they name.
 */
const resolver: Resolver<FormValues, unknown, CreateAiAnalysisRequest> = async (
  values,
): Promise<ResolverResult<FormValues, CreateAiAnalysisRequest>> => {
  const points = parseDataPoints(values.dataPoints);
  if (values.type === 'pattern_analysis' && points.invalid !== null) {
    return {
      values: {},
      errors: { dataPoints: { type: 'invalid', message: `“${points.invalid}” is not a number` } },
    };
  }
  const request = toRequest(values, points.values);
  const parsed = createAiAnalysisRequestSchema.safeParse(request);
  if (parsed.success) return { values: request, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'type' ? 'type' : issue.path[1] === 'text' ? 'text' : 'dataPoints';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** Starts an analysis, checked with the rules of contract/ai.ts: a type and the text or numbers it reads. */
export function NewAnalysisForm() {
  const createAnalysis = useCreateAnalysis();
  const {
    register,
    submit,
    control,
    formState: { errors },
  } = useApiForm<FormValues, CreateAiAnalysisRequest>(resolver, { defaultValues: DEFAULTS });
  const type = useWatch({ control, name: 'type' });

  const onSubmit = submit((request) => createAnalysis.mutateAsync(request), {
    fallbackMessage: AI_MESSAGES_UI.createFailed,
    errorToastTitle: AI_MESSAGES_UI.failedTitle,
    successToast: AI_MESSAGES_UI.started,
    reset: (_analysis, request) => ({ ...DEFAULTS, type: request.type }),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New analysis" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <SelectField
        label="Analysis type"
        error={errors.type?.message}
        hint={ANALYSIS_TYPE_HINTS[type]}
        options={AI_ANALYSIS_TYPES}
        optionLabel={(value) => ANALYSIS_TYPE_LABELS[value]}
        {...register('type')}
      />
      {type === 'pattern_analysis' ? (
        <FormField
          label="Data points"
          error={errors.dataPoints?.message}
          hint={`${AI_LIMITS.minDataPoints} to ${AI_LIMITS.maxDataPoints} numbers, in order, separated by commas, spaces or new lines`}
        >
          {(field) => (
            <Textarea
              rows={5}
              className="font-mono"
              placeholder="12, 14, 13, 15, 41, 14, 13"
              {...field}
              {...register('dataPoints')}
            />
          )}
        </FormField>
      ) : (
        <FormField
          label="Text"
          error={errors.text?.message}
          hint={`Up to ${AI_LIMITS.text.toLocaleString('en-US')} characters`}
        >
          {(field) => (
            <Textarea
              rows={6}
              placeholder={
                type === 'threat_assessment'
                  ? 'Paste a report, an e-mail or log lines: hxxp://example[.]com and 203.0.113.9 are recognised'
                  : 'Paste a review, a message or an article'
              }
              {...field}
              {...register('text')}
            />
          )}
        </FormField>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">{AI_MESSAGES_UI.imageNote}</p>
        <Button type="submit" disabled={createAnalysis.isPending}>
          {createAnalysis.isPending && <Spinner className="size-4" />}
          Run Analysis
        </Button>
      </div>
    </form>
  );
}
