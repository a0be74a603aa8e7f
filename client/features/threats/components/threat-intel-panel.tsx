import { useState } from 'react';
import { Download, Plus, ShieldAlert, Upload } from 'lucide-react';
import {
  THREAT_CATEGORIES,
  THREAT_SEVERITIES,
  type ThreatCategory,
  type ThreatSeverity,
} from '@contract/threats';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { EmptyState, ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useExportThreats } from '@/features/threats/api/export-threats';
import { useLatestImport } from '@/features/threats/api/get-latest-import';
import { useThreats, type ThreatFilters } from '@/features/threats/api/get-threats';
import { ImportReport } from '@/features/threats/components/import-report';
import { ImportStixDialog } from '@/features/threats/components/import-stix-dialog';
import { StoredObjects } from '@/features/threats/components/stored-objects';
import { TaxiiFeedPanel } from '@/features/threats/components/taxii-feed-panel';
import { NewThreatDialog } from '@/features/threats/components/new-threat-dialog';
import { ThreatCard } from '@/features/threats/components/threat-card';
import {
  THREAT_CATEGORY_LABELS,
  THREAT_MESSAGES,
  THREAT_SEVERITY_BADGES,
} from '@/features/threats/utils/labels';
import { toastFailure } from '@/lib/failure-toast';
import { formatRelativeTime } from '@/lib/format';
import { useUser } from '@/lib/auth';

/**
 * The Threat Intelligence tab of /ai: the feed with its filters, a STIX export for everyone, and for
 * Directors the 'Add Threat' button and STIX import (adding threat intelligence is tier 4).
 */
export function ThreatIntelPanel() {
  const { data: user } = useUser();
  const director = (user?.tier ?? 0) >= DIRECTOR_TIER;
  const [filters, setFilters] = useState<ThreatFilters>({});
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const exportThreats = useExportThreats();

  const onExport = async () => {
    try {
      const fileName = await exportThreats.mutateAsync(filters);
      toast({ title: THREAT_MESSAGES.exported, description: fileName });
    } catch (error) {
      toastFailure(error, THREAT_MESSAGES.exportFailed, { title: THREAT_MESSAGES.failedTitle });
    }
  };

  return (
    <section aria-labelledby="threat-intel-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id="threat-intel-heading" className="text-xl font-semibold">
            Threat Intelligence
          </h2>
          <p className="text-sm text-muted-foreground">
            Current threats with their indicators and mitigations, shared under the Traffic Light Protocol.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void onExport()} disabled={exportThreats.isPending}>
            {exportThreats.isPending ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
            Export STIX
          </Button>
          {director && (
            <>
              <Button variant="outline" onClick={() => setImporting(true)}>
                <Upload aria-hidden="true" />
                Import STIX
              </Button>
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add Threat
              </Button>
            </>
          )}
        </div>
      </div>

      <div className="flex flex-wrap gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="threat-category-filter">Category</Label>
          <NativeSelect
            id="threat-category-filter"
            value={filters.category ?? ''}
            onChange={(event) =>
              setFilters((current) => ({
                ...current,
                category: (event.target.value || undefined) as ThreatCategory | undefined,
              }))
            }
          >
            <option value="">All categories</option>
            {THREAT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {THREAT_CATEGORY_LABELS[category]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="threat-severity-filter">Severity</Label>
          <NativeSelect
            id="threat-severity-filter"
            value={filters.severity ?? ''}
            onChange={(event) =>
              setFilters((current) => ({
                ...current,
                severity: (event.target.value || undefined) as ThreatSeverity | undefined,
              }))
            }
          >
            <option value="">All severities</option>
            {THREAT_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {THREAT_SEVERITY_BADGES[severity].label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <ThreatList filters={filters} onAdd={director ? () => setAdding(true) : undefined} />

      <StoredObjects />

      <TaxiiFeedPanel director={director} />
      {director && <LastImport />}

      {director && (
        <>
          <NewThreatDialog open={adding} onOpenChange={setAdding} />
          <ImportStixDialog open={importing} onOpenChange={setImporting} />
        </>
      )}
    </section>
  );
}

const IMPORT_SOURCES = { api: 'Import STIX', bulk: 'a bulk import', taxii: 'the TAXII feed' } as const;

/** Directors: what the last STIX import did, whoever made it and however it came (design 11.4). */
function LastImport() {
  const latest = useLatestImport(true);
  if (latest.isPending) return null;
  if (latest.isError) {
    return <LoadError message="The last import could not be loaded." onRetry={() => void latest.refetch()} />;
  }
  return (
    <section aria-labelledby="last-import-heading" className="space-y-2">
      <h3 id="last-import-heading" className="font-semibold">
        Last import
      </h3>
      {latest.data ? (
        <>
          <p className="text-sm text-muted-foreground">
            {latest.data.totalCount} object{latest.data.totalCount === 1 ? '' : 's'} through{' '}
            {IMPORT_SOURCES[latest.data.via]}, {formatRelativeTime(latest.data.createdAt)}.
          </p>
          <ImportReport report={latest.data.report} label="Last import report" />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No STIX bundle has been imported yet.</p>
      )}
    </section>
  );
}

function ThreatList({ filters, onAdd }: { filters: ThreatFilters; onAdd?: () => void }) {
  const threats = useThreats(filters);
  const filtered = Boolean(filters.category || filters.severity);

  if (threats.isPending) {
    return (
      <ListSkeleton
        label="Loading threat intelligence"
        rows={3}
        className="lg:grid-cols-2"
        rowClassName="h-44"
      />
    );
  }

  if (threats.isError) {
    return (
      <LoadError
        message="The threat intelligence could not be loaded."
        onRetry={() => void threats.refetch()}
      />
    );
  }

  if (threats.data.length === 0) {
    return (
      <EmptyState
        icon={ShieldAlert}
        title={THREAT_MESSAGES.noThreats}
        action={
          onAdd &&
          !filtered && (
            <Button className="mt-2" onClick={onAdd}>
              <Plus aria-hidden="true" />
              Add the First Threat
            </Button>
          )
        }
      >
        {filtered ? 'No threats match these filters.' : 'Threats will be listed here as they are added.'}
      </EmptyState>
    );
  }

  return (
    <ul aria-label="Threats" className="grid gap-3 lg:grid-cols-2">
      {threats.data.map((threat) => (
        <ThreatCard key={threat.id} threat={threat} />
      ))}
    </ul>
  );
}
