import { BadgeCheck, CalendarClock, ExternalLink, FileLock2, ShieldCheck, UserRound } from 'lucide-react';
import type { TeamMember } from '@contract/team';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border bg-surface px-3 py-2">
      <dt className="font-mono text-[0.65rem] tracking-wider text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 font-mono text-sm font-semibold">{value}</dd>
    </div>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <h3 className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">{children}</h3>
  );
}

/** One personnel dossier. 'Last updated' is the day the page is read; team.json carries no date of its own. */
export function PersonnelDossier({ member, today }: { member: TeamMember; today: Date }) {
  const headingId = `dossier-${member.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="personnel-dossier"
      className="flex flex-col gap-6 rounded-lg border bg-card p-6 text-card-foreground shadow-sm"
    >
      <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-start">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-md border bg-surface text-primary">
          <UserRound aria-hidden="true" className="size-7" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex items-center gap-2 font-mono text-[0.7rem] tracking-widest text-red-400 uppercase">
            <FileLock2 aria-hidden="true" className="size-3.5" />
            {member.classification}
          </p>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight">
            {member.name}
          </h2>
          <p className="text-muted-foreground">{member.title}</p>
        </div>
      </header>

      <dl className="grid gap-2 sm:grid-cols-3">
        <Field label="Clearance level" value={member.clearanceLevel} />
        <Field label="Security clearance" value={member.securityClearance} />
        <Field label="Years active" value={String(member.yearsActive)} />
      </dl>

      <section className="space-y-2">
        <SectionTitle>Specializations</SectionTitle>
        <ul className="flex flex-wrap gap-2">
          {member.specializations.map((specialization) => (
            <li key={specialization}>
              <Badge variant="secondary">{specialization}</Badge>
            </li>
          ))}
        </ul>
      </section>

      <section className="space-y-2">
        <SectionTitle>Biography</SectionTitle>
        <p className="leading-7 text-foreground/90">{member.bio}</p>
      </section>

      <section className="space-y-2">
        <SectionTitle>Operational history</SectionTitle>
        <ul className="grid gap-2 text-sm">
          {member.operationalHistory.map((entry) => (
            <li key={entry} className="flex items-start gap-2">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {entry}
            </li>
          ))}
        </ul>
      </section>

      {member.links.length > 0 && (
        <section className="space-y-2">
          <SectionTitle>External references</SectionTitle>
          <ul className="grid gap-2 text-sm">
            {member.links.map((link) => (
              <li
                key={link.url}
                data-testid="dossier-link"
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
              >
                <a
                  href={link.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="flex min-w-0 flex-1 items-start gap-2 text-primary underline-offset-4 hover:underline"
                >
                  <ExternalLink aria-hidden="true" className="mt-1 size-3.5 shrink-0" />
                  <span className="break-words">{link.label}</span>
                </a>
                <Badge variant="default" title="Link verified by the firm" className="shrink-0">
                  <BadgeCheck aria-hidden="true" />
                  Verified
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}

      <footer className="mt-auto flex items-center gap-2 border-t pt-4 font-mono text-xs text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-3.5" />
        Last updated: <time dateTime={today.toISOString().slice(0, 10)}>{formatDate(today)}</time>
      </footer>
    </article>
  );
}
