import { useState, type ChangeEvent, type ReactNode } from 'react';
import { ShieldAlert, ShieldCheck, ShieldQuestion, type LucideIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import type { ReportVerification as Verified } from '@contract/reports';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useReportVerification } from '@/features/reports/api/get-report-verification';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const SUBJECT_WORDS: Record<Verified['subjectType'], string> = {
  case: 'case',
  investigation: 'investigation request',
};

const VERSION_WORDS: Record<Verified['version'], { title: string; detail: string }> = {
  client: {
    title: 'Client version',
    detail: 'what the client may see: no internal notes or internal files.',
  },
  staff: {
    title: 'Staff version',
    detail: "the firm's internal version, with internal notes and files: for Directors only.",
  },
};

function Panel({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: LucideIcon;
  tone: 'good' | 'bad' | 'neutral';
  title: string;
  children: ReactNode;
}) {
  return (
    <Card
      className={cn(
        'w-full max-w-xl',
        tone === 'good' && 'border-emerald-500/60',
        tone === 'bad' && 'border-destructive/60',
      )}
    >
      <CardHeader className="items-center text-center">
        <Icon
          aria-hidden="true"
          className={cn(
            'mb-1 size-10',
            tone === 'good' && 'text-emerald-400',
            tone === 'bad' && 'text-red-400',
            tone === 'neutral' && 'text-primary',
          )}
        />
        <h1 className="text-2xl leading-tight font-semibold">{title}</h1>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">{children}</CardContent>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function HashLine({ sha256 }: { sha256: string }) {
  return (
    <Fact term="SHA-256 checked">
      <code className="font-mono text-xs break-all">{sha256}</code>
    </Fact>
  );
}

/**
 * Checks a PDF file the reader holds: its SHA-256, worked out in the browser (the file is not sent anywhere), is
 * looked up as the page's own address. The file's hash is recorded with the report as its footer's is.
 */
function CheckFile() {
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
      const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
      setFailed(false);
      navigate(paths.reportVerify.getHref(hex));
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="grid gap-1.5 border-t pt-4">
      <Label htmlFor="report-verify-file">Check a PDF file you hold</Label>
      <Input
        id="report-verify-file"
        type="file"
        accept="application/pdf,.pdf"
        onChange={(event) => void onChange(event)}
      />
      <p className="text-xs text-muted-foreground">
        Its SHA-256 is worked out in your browser; the file is not sent anywhere.
      </p>
      {failed && (
        <p role="alert" className="text-xs text-red-400">
          The file could not be read. Choose it again.
        </p>
      )}
    </div>
  );
}

/**
 * What a report's footer link opens (`/reports/verify/{sha256}`): in words, whether this firm issued the report
 * with that hash (the one printed in its footer, or the PDF file's own), when, of which case or request, and whether
 * it is the client's or the staff version. A hash the firm never issued says plainly that the document is not one
 * of ours, or was changed after it was issued.
 */
export function ReportVerification({ sha256 }: { sha256: string }) {
  const verification = useReportVerification(sha256);

  if (verification.isPending) {
    return (
      <Panel icon={ShieldQuestion} tone="neutral" title="Checking the report">
        <Spinner label="Checking the report" className="justify-self-center" />
      </Panel>
    );
  }
  if (verification.isError) {
    return (
      <Panel icon={ShieldQuestion} tone="neutral" title="The report could not be checked">
        <LoadError
          message="We could not reach the server to check this report. Nothing is known about it yet."
          onRetry={() => void verification.refetch()}
        />
      </Panel>
    );
  }
  const report = verification.data;
  if (!report) {
    return (
      <Panel icon={ShieldAlert} tone="bad" title="Not issued by us">
        <p className="text-base">
          <strong>This report is not genuine.</strong> We never issued a report with this SHA-256: the
          document was not made by us, or it was changed after it was issued.
        </p>
        <dl className="grid gap-3">
          <HashLine sha256={sha256} />
        </dl>
        <p className="text-muted-foreground">
          Check that the address is the one printed in the report&apos;s footer, complete. Do not rely on the
          document; if someone presented it as ours, tell us through the secure channel.
        </p>
        <CheckFile />
      </Panel>
    );
  }
  const version = VERSION_WORDS[report.version];
  return (
    <Panel icon={ShieldCheck} tone="good" title="Genuine report">
      <p className="text-base">
        <strong>We issued this report</strong> on {formatDateTime(report.issuedAt)}. It is the{' '}
        {version.title.toLowerCase()} of {SUBJECT_WORDS[report.subjectType]} {report.subjectNumber}.
      </p>
      <dl className="grid gap-3">
        <Fact term="Issued">{formatDateTime(report.issuedAt)}</Fact>
        <Fact term="Of">
          {SUBJECT_WORDS[report.subjectType].replace(/^\w/, (c) => c.toUpperCase())} {report.subjectNumber}
        </Fact>
        <Fact term="Version">
          {version.title}: {version.detail}
        </Fact>
        <HashLine sha256={sha256} />
      </dl>
      <p className="text-muted-foreground">
        This says that we issued a report with this SHA-256. A footer can be copied into another document: to
        be sure the PDF you hold is that report, check the file itself below.
      </p>
      <CheckFile />
    </Panel>
  );
}
