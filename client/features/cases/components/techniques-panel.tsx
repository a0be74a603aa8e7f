import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Crosshair, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { searchTechniques, techniquesQueryKey, useSetTechniques } from '@/features/cases/api/case-changes';
import { reportUpdateError } from '@/features/cases/utils/report-error';

/** A case's ATT&CK technique ids as badges linking to MITRE's pages; everyone who reads the case sees them. */
export function TechniqueList({
  ids,
  onRemove,
}: {
  ids: readonly string[];
  onRemove?: (id: string) => void;
}) {
  if (ids.length === 0) return <p className="text-sm text-muted-foreground">None recorded.</p>;
  return (
    <ul aria-label="ATT&CK techniques" className="flex flex-wrap gap-2">
      {ids.map((id) => (
        <li key={id}>
          <Badge variant="outline" className="gap-1 font-mono">
            <a
              href={`https://attack.mitre.org/techniques/${id.replace('.', '/')}/`}
              target="_blank"
              rel="noreferrer"
              className="hover:underline"
            >
              {id}
            </a>
            {onRemove && (
              <button type="button" aria-label={`Remove ${id}`} onClick={() => onRemove(id)}>
                <X aria-hidden="true" className="size-3" />
              </button>
            )}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** Directors: search the shipped ATT&CK Enterprise table and add or remove techniques on the case. */
export function TechniquesPanel({ caseId, ids }: { caseId: string; ids: readonly string[] }) {
  const searchId = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const results = useQuery({
    queryKey: techniquesQueryKey(deferred),
    queryFn: ({ signal }) => searchTechniques(deferred, { signal }),
    enabled: deferred.length >= 2,
  });
  const setTechniques = useSetTechniques(caseId);
  const save = (next: string[]) => void setTechniques.mutateAsync(next).catch(reportUpdateError);

  return (
    <section aria-labelledby={`${searchId}-heading`} className="grid gap-3">
      <h3 id={`${searchId}-heading`} className="flex items-center gap-2 font-semibold">
        <Crosshair aria-hidden="true" className="size-4 text-primary" />
        ATT&CK techniques
      </h3>
      <TechniqueList ids={ids} onRemove={(id) => save(ids.filter((other) => other !== id))} />
      <label htmlFor={searchId} className="text-sm font-medium">
        Find a technique
      </label>
      <Input
        id={searchId}
        type="search"
        placeholder="T1566 or phishing"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {deferred.length >= 2 && results.data && (
        <ul aria-label="Matching techniques" className="grid max-h-56 gap-1 overflow-y-auto">
          {results.data.length === 0 && (
            <li className="text-sm text-muted-foreground">No technique matches.</li>
          )}
          {results.data.map((technique) => (
            <li key={technique.id} className="flex items-center gap-2 rounded-md border px-2 py-1">
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-mono">{technique.id}</span> {technique.name}
                <span className="block text-xs text-muted-foreground">{technique.tactics.join(', ')}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={ids.includes(technique.id) || setTechniques.isPending}
                aria-label={`Add ${technique.id} ${technique.name}`}
                onClick={() => save([...ids, technique.id])}
              >
                {ids.includes(technique.id) ? 'Added' : 'Add'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        MITRE ATT&CK® Enterprise. © The MITRE Corporation; reproduced and distributed with the permission of
        The MITRE Corporation.
      </p>
    </section>
  );
}
