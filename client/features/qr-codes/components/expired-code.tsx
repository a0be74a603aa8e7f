import { Link } from 'wouter';
import { QrCode } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Where a scan of an unknown, deactivated or expired code leads (`/qr/expired`). */
export function ExpiredCode() {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center">
      <QrCode aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-3xl font-bold tracking-tight">This QR code has expired</h1>
      <p className="max-w-prose text-muted-foreground">
        The code you scanned is no longer active: it has expired or its owner has switched it off. Ask whoever
        gave it to you for a new one.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.home.getHref()}>Go home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.secureChannel.getHref()}>Secure channel</Link>
        </Button>
      </div>
    </section>
  );
}
