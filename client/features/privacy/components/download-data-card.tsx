import { Download, FileDown, FileJson } from 'lucide-react';
import {
  DATA_EXPORT_TTL_DAYS,
  isDataExportActive,
  isDataExportDownloadable,
  type DataExport,
} from '@contract/privacy';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { dataExportDownloadHref, useDataExports } from '@/features/privacy/api/get-data-exports';
import { useRequestDataExport } from '@/features/privacy/api/request-data-export';
import { toastFailure } from '@/lib/failure-toast';

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => moment.format(new Date(iso));

/** 2048 -> '2 KB'; the documents are kilobytes to a few megabytes. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type Shown = 'preparing' | 'ready' | 'expired' | 'failed';

const BADGES: Record<Shown, { label: string; variant: BadgeProps['variant'] }> = {
  preparing: { label: 'Preparing', variant: 'warning' },
  ready: { label: 'Ready', variant: 'default' },
  expired: { label: 'Expired', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function shownAs(item: DataExport): Shown {
  if (isDataExportActive(item)) return 'preparing';
  if (item.status === 'failed') return 'failed';
  return isDataExportDownloadable(item) ? 'ready' : 'expired';
}

/** One export: while it runs its progress, when done its download and expiry, when failed why. */
function DataExportItem({ item }: { item: DataExport }) {
  const shown = shownAs(item);
  const badge = BADGES[shown];
  const title = `Export of ${when(item.createdAt)}`;
  return (
    <li
      data-testid="data-export"
      aria-label={`${title}, ${badge.label}`}
      className="grid gap-3 rounded-lg border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <FileJson aria-hidden="true" className="size-4 text-muted-foreground" />
        <p className="flex-1 text-sm font-medium">
          Export of <span className="whitespace-nowrap">{when(item.createdAt)}</span>
        </p>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      {shown === 'preparing' && (
        <div className="grid gap-1.5">
          <Progress value={item.progress} aria-label={`Collecting your data: ${item.progress}%`} />
          <p className="text-sm text-muted-foreground">
            Collecting your data... {item.progress}%. You can leave this page: we will notify you when it is
            ready.
          </p>
        </div>
      )}
      {shown === 'ready' && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span>
            {item.sizeBytes !== null && <>{formatSize(item.sizeBytes)} · </>}
            Available until{' '}
            <time dateTime={item.expiresAt!} className="whitespace-nowrap">
              {when(item.expiresAt!)}
            </time>
          </span>
          <Button asChild size="sm" className="sm:ml-auto">
            <a href={dataExportDownloadHref(item.id)} download>
              <Download aria-hidden="true" />
              Download JSON
            </a>
          </Button>
        </div>
      )}
      {shown === 'expired' && (
        <p className="text-sm text-muted-foreground">
          Expired
          {item.expiresAt && (
            <>
              {' '}
              on <time dateTime={item.expiresAt}>{when(item.expiresAt)}</time>
            </>
          )}
          . Start a new export for a fresh copy.
        </p>
      )}
      {shown === 'failed' && (
        <p className="text-sm text-red-400">This export failed{item.error ? `: ${item.error}` : '.'}</p>
      )}
    </li>
  );
}

function DataExportList() {
  const { data, isPending, isError, refetch } = useDataExports();
  if (isPending) return <ListSkeleton label="Loading exports" rowClassName="h-20" rows={1} />;
  if (isError)
    return <LoadError message="Your exports could not be loaded." onRetry={() => void refetch()} />;
  if (data.length === 0) {
    return (
      <EmptyState icon={FileDown} title="No exports yet">
        Export your data to get a copy of everything the portal holds about you.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your exports" className="grid gap-3">
      {data.map((item) => (
        <DataExportItem key={item.id} item={item} />
      ))}
    </ul>
  );
}

/**
 * Settings > Privacy, "Download my data": starts an export (one JSON document built in the background), follows
 * its progress while it runs and lists the finished ones with their download and expiry.
 */
export function DownloadDataCard() {
  const { data } = useDataExports();
  const request = useRequestDataExport();
  const running = data?.some(isDataExportActive) ?? false;

  const start = () =>
    request.mutate(undefined, {
      onSuccess: (started) => {
        const known = data?.some((item) => item.id === started.id) ?? false;
        toast(
          known
            ? { title: 'Export already running', description: 'Your data is still being collected.' }
            : {
                title: 'Export started',
                description: 'Your data is being collected. It will be ready to download here shortly.',
              },
        );
      },
      onError: (error) => {
        toastFailure(error, 'The export could not be started. Please try again.');
      },
    });

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <FileDown aria-hidden="true" className="size-5 text-primary" />
            Download my data
          </CardTitle>
          <CardDescription className="max-w-2xl">
            One JSON file with everything the portal holds about you: your profile, orders and payments,
            cases, investigations and requests, notifications, API keys, devices and integrations, and the
            audit events about your account. Passwords, keys, 2FA secrets and tokens are never included. Each
            file can be downloaded for {DATA_EXPORT_TTL_DAYS} days.
          </CardDescription>
        </div>
        <Button
          onClick={start}
          disabled={running || request.isPending || !data}
          className="self-start sm:shrink-0"
        >
          {request.isPending ? <Spinner label="Starting" /> : <FileDown aria-hidden="true" />}
          {running ? 'Export running...' : 'Export my data'}
        </Button>
      </CardHeader>
      <CardContent>
        <DataExportList />
      </CardContent>
    </Card>
  );
}
