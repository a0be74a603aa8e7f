import type { StixImportReport } from '@contract/threats';

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

/**
 * What a STIX import did, object by object (design 11.4): the five counts, the skipped types with their reason,
 * the objects that failed with why, and the references to objects nobody sent.
 */
/** Where each kind of imported object can be found again here (design: every imported object is findable). */
function placeOf(type: string): string {
  return type === 'report' || type === 'indicator'
    ? 'threat records in the list below'
    : 'kept as sent: served by "Export STIX" and the TAXII feed (its address is on this tab)';
}

export function ImportReport({
  report,
  label = 'Import report',
  types,
}: {
  report: StixImportReport;
  label?: string;
  /** How many objects of each type the bundle held (the dialog counts them), to say where each kind went. */
  types?: Record<string, number>;
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
      {types && Object.keys(types).length > 0 && (
        <ul aria-label="Where the objects are" className="space-y-1 text-xs">
          {Object.entries(types)
            .filter(([type]) => !(type in report.skipped))
            .map(([type, count]) => (
              <li key={type} className="break-words">
                <span className="font-mono">
                  {count} {type}
                </span>{' '}
                {placeOf(type)}
              </li>
            ))}
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
