import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS } from '@/lib/constants';

/**
 * Copies text to the clipboard and remembers, for `durationMs`, that it did (for a check mark). `copy` resolves to
 * false when the browser refuses (no clipboard outside secure contexts, or permission denied).
 */
export function useCopyToClipboard(durationMs: number = COPIED_INDICATOR_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        // `navigator.clipboard` is undefined on plain HTTP: that throws here too.
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      clearTimeout(timer.current);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), durationMs);
      return true;
    },
    [durationMs],
  );

  return { copied, copy };
}
