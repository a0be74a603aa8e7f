import { CopyButton } from '@/components/ui/copy-button';

/** The backup codes, each with its own copy control (a check mark for 2 s), and one to copy them all. */
export function BackupCodeList({ codes }: { codes: readonly string[] }) {
  return (
    <div className="grid gap-3">
      <ul aria-label="Backup codes" className="grid gap-2 sm:grid-cols-2">
        {codes.map((code) => (
          <li
            key={code}
            className="flex items-center justify-between gap-2 rounded-md border bg-surface py-1 pr-1 pl-3"
          >
            <code className="font-mono text-sm tracking-wider">{code}</code>
            <CopyButton
              value={code}
              label={`Copy backup code ${code}`}
              failureMessage="Failed to copy backup code"
            />
          </li>
        ))}
      </ul>
      <CopyButton
        value={codes.join('\n')}
        label="Copy all backup codes"
        failureMessage="Failed to copy backup codes"
        variant="outline"
        className="justify-self-start"
      >
        Copy all codes
      </CopyButton>
    </div>
  );
}
