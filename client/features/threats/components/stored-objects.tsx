import { useEffect, useRef } from 'react';
import { Boxes } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { EmptyState, ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/native-select';
import { useStoredObjects } from '@/features/threats/api/get-stored-objects';
import { TlpBadge } from '@/features/threats/components/threat-badges';
import { formatDate, formatRelativeTime } from '@/lib/format';

/** The STIX 2.1 object types a bundle usually carries (domain objects, relationships, sightings), for the picker. */
const COMMON_TYPES = [
  'report',
  'indicator',
  'malware',
  'threat-actor',
  'intrusion-set',
  'campaign',
  'attack-pattern',
  'tool',
  'vulnerability',
  'infrastructure',
  'course-of-action',
  'identity',
  'location',
  'note',
  'observed-data',
  'relationship',
  'sighting',
] as const;

/** The search parameter that names the listed type (`/ai?tab=threats&objects=malware`). */
const PARAM = 'objects';

/**
 * Every kind of stored STIX object, type by type (issue 38: each imported object is findable, not only those that
 * became threat records). The import report links here with the type set; the list follows the address.
 */
export function StoredObjects() {
  const [params, setParams] = useSearchParams();
  const type = params.get(PARAM);
  const objects = useStoredObjects(type);
  const section = useRef<HTMLElement>(null);

  // Arriving by a link from the import report: bring the list into view.
  useEffect(() => {
    if (type) section.current?.scrollIntoView({ block: 'start' });
  }, [type]);

  const choose = (next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next) updated.set(PARAM, next);
        else updated.delete(PARAM);
        return updated;
      },
      { replace: true },
    );

  const types: readonly string[] =
    type && !(COMMON_TYPES as readonly string[]).includes(type) ? [...COMMON_TYPES, type] : COMMON_TYPES;

  return (
    <section
      ref={section}
      id="stored-objects"
      aria-labelledby="stored-objects-heading"
      className="scroll-mt-20 space-y-3"
    >
      <div className="space-y-1">
        <h3 id="stored-objects-heading" className="font-semibold">
          Stored STIX objects
        </h3>
        <p className="text-sm text-muted-foreground">
          Every object kept from imports and records, by type: malware, relationships and the rest as well as
          reports and indicators.
        </p>
      </div>
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="stored-objects-type">Type</Label>
        <NativeSelect
          id="stored-objects-type"
          value={type ?? ''}
          onChange={(event) => choose(event.target.value)}
        >
          <option value="">Choose a type</option>
          {types.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {type && <ObjectList type={type} objects={objects} />}
    </section>
  );
}

function ObjectList({ type, objects }: { type: string; objects: ReturnType<typeof useStoredObjects> }) {
  if (objects.isPending)
    return <ListSkeleton label={`Loading stored ${type}`} rows={2} rowClassName="h-16" />;
  if (objects.isError) {
    return (
      <LoadError message="The stored objects could not be loaded." onRetry={() => void objects.refetch()} />
    );
  }
  if (objects.data.length === 0) {
    return (
      <EmptyState icon={Boxes} title={`No stored ${type}`}>
        Objects of this type will be listed here once an import or a record brings them.
      </EmptyState>
    );
  }
  return (
    <ul aria-label={`Stored ${type}`} className="grid gap-2 lg:grid-cols-2">
      {objects.data.map((object) => (
        <li
          key={object.id}
          data-testid="stored-object"
          className="min-w-0 space-y-1.5 rounded-lg border bg-card p-3 text-sm"
        >
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{object.type}</Badge>
            <TlpBadge tlp={object.tlp} />
          </div>
          <p className="font-medium break-words">{object.title ?? object.id}</p>
          {object.description && (
            <p className="line-clamp-3 break-words text-muted-foreground">{object.description}</p>
          )}
          <p className="font-mono text-xs break-all text-muted-foreground">{object.id}</p>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
            <div className="flex gap-1">
              <dt>Added:</dt>
              <dd>
                <time dateTime={object.addedAt} title={formatDate(object.addedAt)}>
                  {formatRelativeTime(object.addedAt)}
                </time>
              </dd>
            </div>
            {object.createdAt && (
              <div className="flex gap-1">
                <dt>Created (STIX):</dt>
                <dd>
                  <time dateTime={object.createdAt}>{formatDate(object.createdAt)}</time>
                </dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
