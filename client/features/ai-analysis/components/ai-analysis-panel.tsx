import { BrainCircuit } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { useAnalyses } from '@/features/ai-analysis/api/get-analyses';
import { AnalysisCard } from '@/features/ai-analysis/components/analysis-card';
import { NewAnalysisForm } from '@/features/ai-analysis/components/new-analysis-form';
import { AI_MESSAGES_UI } from '@/features/ai-analysis/utils/labels';

function AnalysisList() {
  const analyses = useAnalyses();

  if (analyses.isPending) {
    return <ListSkeleton label="Loading analyses" rowClassName="h-28" />;
  }
  if (analyses.isError) {
    return <LoadError message={AI_MESSAGES_UI.loadFailed} onRetry={() => void analyses.refetch()} />;
  }
  if (analyses.data.length === 0) {
    return (
      <EmptyState icon={BrainCircuit} title={AI_MESSAGES_UI.noAnalyses}>
        Run one with the form; its result appears here.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Analyses" className="grid gap-3">
      {analyses.data.map((analysis) => (
        <AnalysisCard key={analysis.id} analysis={analysis} />
      ))}
    </ul>
  );
}

/**
 * The AI Analysis tab (spec 2.23): start an analysis, and follow your analyses as background jobs run them on this
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
