import { useState } from 'react';
import { Check, Code2, Copy, Info } from 'lucide-react';
import { TEAM_LINK_FIELDS, teamLinkFormSchema, type TeamMember } from '@contract/team';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useCopyToClipboard } from '@/components/ui/use-copy-to-clipboard';
import { toast } from '@/components/ui/use-toast';
import { useTeam } from '@/features/team/api/get-team';
import { generateLinksSnippet, linkFormDefaults } from '@/features/team/utils/link-form';
import { useApiForm } from '@/lib/use-api-form';

/** The generated snippet, with a copy control that confirms with a 'Copied' toast. */
function Snippet({ code }: { code: string }) {
  const { copied, copy } = useCopyToClipboard();

  async function onCopy() {
    if (await copy(code)) {
      toast({ title: 'Copied', description: 'The links snippet is on your clipboard.' });
    } else {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to copy the snippet' });
    }
  }

  return (
    <section aria-labelledby="snippet-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="snippet-heading" className="text-lg font-semibold">
          Generated code
        </h2>
        <Button variant="outline" size="sm" onClick={() => void onCopy()} data-copied={copied || undefined}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy to clipboard'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Replace each member&apos;s <code className="font-mono text-foreground">links</code> in{' '}
        <code className="font-mono text-foreground">server/db/seed/data/team.json</code> with the list below.
      </p>
      <pre
        data-testid="links-snippet"
        className="max-h-[32rem] overflow-auto rounded-md border bg-surface p-4 font-mono text-xs leading-relaxed"
      >
        {code}
      </pre>
    </section>
  );
}

function LinkForm({ members }: { members: TeamMember[] }) {
  const [snippet, setSnippet] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useApiForm(teamLinkFormSchema, { defaultValues: linkFormDefaults(members) });

  const onGenerate = handleSubmit((values) => {
    setSnippet(generateLinksSnippet(members, values));
    toast({ title: 'Code Generated', description: 'Copy the snippet into team.json.' });
  });

  return (
    <div className="space-y-8">
      <form noValidate onSubmit={(event) => void onGenerate(event)} className="space-y-6">
        {members.map((member) => (
          <fieldset
            key={member.id}
            data-testid="member-links"
            className="rounded-lg border bg-card p-5 text-card-foreground"
          >
            <legend className="px-2 font-semibold">
              {member.name}
              <span className="ml-2 font-mono text-xs font-normal text-muted-foreground">{member.id}</span>
            </legend>
            <div className="grid gap-4 pt-2 sm:grid-cols-2 lg:grid-cols-3">
              {TEAM_LINK_FIELDS.map((field) => (
                <TextField
                  key={field.key}
                  label={field.label}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  autoComplete="off"
                  error={errors.members?.[member.id]?.[field.key]?.message}
                  {...register(`members.${member.id}.${field.key}`)}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <Button type="submit">
          <Code2 aria-hidden="true" />
          Generate Code
        </Button>
      </form>
      {snippet !== null && <Snippet code={snippet} />}
    </div>
  );
}

/**
 * The team link form: eleven optional URL fields per member, turned into a snippet for team.json.
 * Nothing is sent to the server: an operator pastes the snippet into the data file.
 */
export function AdminLinkForm() {
  const team = useTeam();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Administration</p>
        <h1 className="text-3xl font-bold tracking-tight">Team Link Form</h1>
        <p className="flex max-w-3xl items-start gap-2 text-muted-foreground">
          <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
          Edit the external links of each dossier, then generate the code for the team data file. Every field
          is optional; nothing is sent to the server.
        </p>
      </header>
      {team.isPending ? (
        <div aria-hidden="true" className="grid gap-6">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      ) : team.isError ? (
        <LoadError
          message="The team could not be loaded. Check your connection and try again."
          onRetry={() => void team.refetch()}
        />
      ) : (
        <LinkForm members={team.data.members} />
      )}
    </div>
  );
}
