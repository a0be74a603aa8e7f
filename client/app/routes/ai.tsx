import { DIRECTOR_TIER } from '@contract/tiers';
import { useTabParam } from '@/app/use-tab-param';
import { LoadingMessage } from '@/components/ui/spinner';
import { pageTabsListClass, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AiAnalysisPanel } from '@/features/ai/components/ai-analysis-panel';
import { AutomationPanel } from '@/features/automation/components/automation-panel';
import { BulkOperationsPanel } from '@/features/bulk/components/bulk-operations-panel';
import { EnterprisePanel } from '@/features/enterprise/components/enterprise-panel';
import { SigningSecretOnce } from '@/features/integrations/components/signing-secret-once';
import { ThreatIntelPanel } from '@/features/threats/components/threat-intel-panel';
import { useUser } from '@/lib/auth';

/** The Automation tab: the rules (automation), their webhooks' signing secret shown as integrations show theirs. */
export function AutomationTab() {
  return <AutomationPanel SigningSecretOnce={SigningSecretOnce} />;
}

const AI_TABS = ['analysis', 'threats', 'automation', 'enterprise', 'bulk'] as const;

/** /ai, signed-in users: analyses, threat intelligence, automation, enterprise (tier 4) and bulk work. */
export function AiRoute() {
  const { data: user } = useUser();
  const [requestedTab, setTab] = useTabParam(AI_TABS);
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;
  const tab = requestedTab === 'enterprise' && !director ? 'analysis' : requestedTab;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Intelligence</p>
        <h1 className="text-3xl font-bold tracking-tight">AI &amp; Enterprise</h1>
        <p className="max-w-2xl text-muted-foreground">
          Run analyses on your own data, follow the threat picture, automate responses and work in bulk.
        </p>
      </header>
      {!user ? (
        <LoadingMessage>Loading...</LoadingMessage>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className={pageTabsListClass}>
            <TabsTrigger value="analysis">AI Analysis</TabsTrigger>
            <TabsTrigger value="threats">Threat Intelligence</TabsTrigger>
            <TabsTrigger value="automation">Automation</TabsTrigger>
            {director && <TabsTrigger value="enterprise">Enterprise</TabsTrigger>}
            <TabsTrigger value="bulk">Bulk Operations</TabsTrigger>
          </TabsList>
          <TabsContent value="analysis">
            <AiAnalysisPanel />
          </TabsContent>
          <TabsContent value="threats">
            <ThreatIntelPanel />
          </TabsContent>
          <TabsContent value="automation">
            <AutomationTab />
          </TabsContent>
          {director && (
            <TabsContent value="enterprise">
              <EnterprisePanel />
            </TabsContent>
          )}
          <TabsContent value="bulk">
            <BulkOperationsPanel />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
