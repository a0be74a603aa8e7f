import { BrainCircuit } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { useAnalyses } from '@/features/ai/api/get-analyses';
import { AnalysisCard } from '@/features/ai/components/analysis-card';
import { NewAnalysisForm } from '@/features/ai/components/new-analysis-form';
import { AI_MESSAGES_UI } from '@/features/ai/utils/labels';

function AnalysisList() {
  const analyses = useAnalyses();

  return (
    <QueryStates
      query={analyses}
      loading={{ label: 'Loading analyses', rowClassName: 'h-28' }}
      error={AI_MESSAGES_UI.loadFailed}
      empty={
        <EmptyState icon={BrainCircuit} title={AI_MESSAGES_UI.noAnalyses}>
          Run one with the form; its result appears here.
        </EmptyState>
      }
    >
      {(data) => (
        <ul aria-label="Analyses" className="grid gap-3">
          {data.map((analysis) => (
            <AnalysisCard key={analysis.id} analysis={analysis} />
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

/**
 * The AI Analysis tab: start an analysis, and follow your analyses as background jobs run them on this
 * server (no model is downloaded and no text leaves it).
 */
export function AiAnalysisPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>New Analysis</CardTitle>
          <CardDescription>Runs on this server: nothing is sent to an outside service.</CardDescription>
        </CardHeader>
        <CardContent>
          <NewAnalysisForm />
        </CardContent>
      </Card>
      <section aria-labelledby="analyses-heading" className="grid content-start gap-3">
        <h3 id="analyses-heading" className="text-lg font-semibold">
          Your Analyses
        </h3>
        <AnalysisList />
      </section>
    </div>
  );
}
