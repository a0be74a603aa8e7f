import type { ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useCopyToClipboard } from '@/components/ui/use-copy-to-clipboard';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'asChild'> {
  /** The text to copy. */
  value: string;
  /** The accessible name: what is copied ('Copy backup code 1a2b-...'). */
  label: string;
  /** The toast's text when the browser refuses to copy. */
  failureMessage: string;
  /** Visible text beside the icon; an icon-only button when left out. */
  children?: ReactNode;
}

/** A copy control that shows a check mark for two seconds after copying, and a toast when it cannot copy. */
export function CopyButton({
  value,
  label,
  failureMessage,
  children,
  variant = 'ghost',
  size,
  className,
  ...props
}: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();

  async function onClick() {
    if (!(await copy(value))) toast({ variant: 'destructive', title: 'Error', description: failureMessage });
  }

  return (
    <Button
      variant={variant}
      size={size ?? (children ? 'sm' : 'icon')}
      aria-label={children ? undefined : label}
      title={label}
      data-copied={copied || undefined}
      className={cn(!children && 'size-8', copied && 'text-primary', className)}
      onClick={() => void onClick()}
      {...props}
    >
      {copied ? (
        <Check aria-hidden="true" data-testid="copied-icon" />
      ) : (
        <Copy aria-hidden="true" data-testid="copy-icon" />
      )}
      {children}
      {copied && (
        <span role="status" className="sr-only">
          Copied
        </span>
      )}
    </Button>
  );
}
