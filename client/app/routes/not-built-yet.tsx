import { Construction } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** The one honest placeholder for a section whose issue has not landed yet. */
export function NotBuiltYet({ section }: { section: string }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center">
      <Construction aria-hidden="true" className="size-10 text-warning" />
      <Badge variant="warning">In development</Badge>
      <h1 className="text-3xl font-bold tracking-tight">{section}</h1>
      <p className="max-w-prose text-muted-foreground">
        This section is being built. Nothing here is live yet; it will appear at this address when it is
        ready.
      </p>
      <Button asChild variant="outline">
        <Link href={paths.home.getHref()}>Back to home</Link>
      </Button>
    </section>
  );
}
