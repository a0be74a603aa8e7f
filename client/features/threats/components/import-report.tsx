import { Link } from 'wouter';
import type { StixImportReport, StixImportTypeCounts } from '@contract/threats';
import { paths } from '@/config/paths';

const COUNTS = [
  ['imported', 'Imported'],
  ['updated', 'Updated'],
  ['unchanged', 'Unchanged'],
  ['skipped', 'Skipped'],
  ['failed', 'Failed'],
] as const;

/** How many objects an import skipped, whatever their types. */
function skippedCount(report: StixImportReport): number {
  return Object.values(report.skipped).reduce((sum, count) => sum + count, 0);
}

/** How one type's objects fared, in words: only the outcomes that happened. */
function typeOutcome(counts: StixImportTypeCounts): string {
  const parts: [number, string][] = [
    [counts.imported, 'new'],
    [counts.updated, 'updated'],
    [counts.unchanged, 'unchanged'],
    [counts.skipped, 'skipped'],
    [counts.failed, 'failed'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, name]) => `${count} ${name}`)
    .join(', ');
}

/**
 * What a STIX import did, object by object (design 11.4): the five counts, what was stored type by type with a link
 * to where each type's objects can be seen (every imported object is findable), the skipped types with their
 * reason, the objects that failed with why, and the references to objects nobody sent.
 */
export function ImportReport({
  report,
  label = 'Import report',
  onNavigate,
}: {
  report: StixImportReport;
  label?: string;
  /** Called when a link to the stored objects is followed (the dialog closes on it). */
  onNavigate?: () => void;
}) {
  const value = (key: (typeof COUNTS)[number][0]) => (key === 'skipped' ? skippedCount(report) : report[key]);
  return (
    <section aria-label={label} aria-live="polite" className="space-y-3 rounded-md border p-3">
      <dl className="grid grid-cols-3 gap-2 text-center sm:grid-cols-5">
        {COUNTS.map(([key, name]) => (
          <div key={key}>
            <dt className="text-xs text-muted-foreground">{name}</dt>
            <dd className="font-mono text-lg font-semibold">{value(key)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Threat records: {report.records.imported} new, {report.records.updated} updated.
      </p>
      {Object.keys(report.byType).length > 0 && (
        <ul aria-label="Stored by type" className="space-y-1 text-xs">
          {Object.entries(report.byType).map(([type, counts]) => {
            const held = counts.imported + counts.updated + counts.unchanged;
            return (
              <li key={type} className="flex flex-wrap items-baseline gap-x-2 break-words">
                <span className="font-mono">{type}</span>
                <span className="text-muted-foreground">{typeOutcome(counts)}</span>
                {held > 0 && (
                  <Link
                    href={paths.ai.getHref({ tab: 'threats', objects: type })}
                    onClick={onNavigate}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    See {held} stored {type}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {Object.keys(report.skipped).length > 0 && (
        <ul aria-label="Objects skipped" className="space-y-1 text-xs">
          {Object.entries(report.skipped).map(([type, count]) => (
            <li key={type} className="break-words">
              <span className="font-mono">
                {count} {type}
              </span>{' '}
              {report.skippedReasons[type]}
            </li>
          ))}
        </ul>
      )}
      {report.errors.length > 0 && (
        <ul aria-label="Objects not imported" className="space-y-1 text-xs">
          {report.errors.map((error) => (
            <li key={`${error.index}-${error.id}`} className="break-words">
              <span className="font-mono text-muted-foreground">
                #{error.index} {error.id ?? error.type ?? 'object'}
              </span>{' '}
              {error.message}
            </li>
          ))}
        </ul>
      )}
      {report.warnings.length > 0 && (
        <ul aria-label="Kept with warnings" className="space-y-1 text-xs">
          {report.warnings.map((warning) => (
            <li key={`${warning.index}-${warning.id}`} className="break-words">
              <span className="font-mono text-muted-foreground">
                #{warning.index} {warning.id}
              </span>{' '}
              {warning.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
