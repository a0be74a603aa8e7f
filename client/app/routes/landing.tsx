import { ArrowRight, Globe, Radar, ShieldCheck, Store } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const intelligenceCapabilities = [
  'Threat briefs',
  'Reputation monitoring',
  'OSINT target reports',
  'VIP risk assessment',
  'Trend analysis',
];
const marketplaceCategories = [
  'Surveillance & audio equipment',
  'Protection gear',
  'Counter-surveillance kits',
  'Secure devices',
];

/** The signed-out home page: the hero and the two halves of the portal. */
export function Landing() {
  return (
    <>
      <section className="bg-grid relative border-b">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-20 sm:px-6 md:py-28">
          <Badge variant="secondary" className="max-w-full whitespace-normal">
            <ShieldCheck aria-hidden="true" />
            Private intelligence · Investigations · Equipment
          </Badge>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Discreet intelligence. <span className="text-primary">Decisive action.</span>
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Threat intelligence and OSINT reporting, licensed investigation services and a vetted marketplace
            for professional surveillance and protection equipment, with access matched to your clearance
            tier.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href={paths.digital.getHref()}>
                Access Digital Services
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={paths.marketplace.getHref()}>Browse Marketplace</Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link href={paths.investigations.getHref()}>Investigations</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="domains-heading" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="domains-heading" className="sr-only">
          What we offer
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <Globe aria-hidden="true" className="mb-2 size-8 text-primary" />
              <CardTitle>Digital Intelligence Hub</CardTitle>
              <CardDescription>
                Analyst-led digital intelligence services, each available from a minimum clearance tier.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1.5 text-sm">
                {intelligenceCapabilities.map((capability) => (
                  <li key={capability} className="flex items-center gap-2">
                    <Radar aria-hidden="true" className="size-3.5 text-primary" />
                    {capability}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter className="mt-auto">
              <Button asChild>
                <Link href={paths.digital.getHref()}>Access Digital Tools</Link>
              </Button>
            </CardFooter>
          </Card>

          <Card>
            <CardHeader>
              <Store aria-hidden="true" className="mb-2 size-8 text-warning" />
              <CardTitle>Tactical Marketplace</CardTitle>
              <CardDescription>
                Professional equipment for operators and security teams, with tier-restricted items.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1.5 text-sm">
                {marketplaceCategories.map((category) => (
                  <li key={category} className="flex items-center gap-2">
                    <ShieldCheck aria-hidden="true" className="size-3.5 text-warning" />
                    {category}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter className="mt-auto">
              <Button asChild variant="outline">
                <Link href={paths.marketplace.getHref()}>Browse Catalog</Link>
              </Button>
            </CardFooter>
          </Card>
        </div>

        <p className="mt-10 text-center text-sm text-muted-foreground">
          New client?{' '}
          <Link
            href={paths.secureChannel.getHref()}
            className="text-primary underline underline-offset-4 hover:text-primary/80"
          >
            Request a secure channel
          </Link>{' '}
          to start the vetting process.
        </p>
      </section>
    </>
  );
}
