import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Crosshair } from 'lucide-react';
import { isSentLinkPage, rememberLoadingScreenSeen, willShowLoadingScreen } from '@/app/loading-screen-seen';
import { Progress } from '@/components/ui/progress';
import {
  APP_NAME,
  LOADING_COMPLETE_DELAY_MS,
  LOADING_READY_MESSAGE,
  LOADING_STATUS_MESSAGES,
  LOADING_STEP_MAX,
  LOADING_STEP_MIN,
  LOADING_TICK_MS,
} from '@/lib/constants';
import { cn } from '@/lib/utils';

interface LoadingScreenProps {
  onComplete: () => void;
  /** Milliseconds between progress ticks (300 in the app; tests may shorten it). */
  tickMs?: number;
  /** Milliseconds between reaching 100% and `onComplete`. */
  completeDelayMs?: number;
  /** A number in [0, 1), like Math.random; injectable for tests. */
  random?: () => number;
}

function statusIndex(progress: number): number {
  const step = 100 / LOADING_STATUS_MESSAGES.length;
  return Math.min(LOADING_STATUS_MESSAGES.length - 1, Math.floor(progress / step));
}

/**
 * The start-up screen: a progress bar rising by 3 to 13 points per tick, status lines that end at
 * 'All systems operational', then 'System ready'; `onComplete` follows one second after 100%. Escape or a
 * click skips it.
 */
export function LoadingScreen({
  onComplete,
  tickMs = LOADING_TICK_MS,
  completeDelayMs = LOADING_COMPLETE_DELAY_MS,
  random = Math.random,
}: LoadingScreenProps) {
  const [progress, setProgress] = useState(0);
  const done = progress >= 100;
  const completed = useRef(false);

  function complete() {
    if (completed.current) return;
    completed.current = true;
    onComplete();
  }
  const completeFromEffect = useEffectEvent(complete);
  const nextStep = useEffectEvent(
    () => LOADING_STEP_MIN + Math.floor(random() * (LOADING_STEP_MAX - LOADING_STEP_MIN + 1)),
  );

  useEffect(() => {
    if (done) {
      const timer = setTimeout(() => completeFromEffect(), completeDelayMs);
      return () => clearTimeout(timer);
    }
    const interval = setInterval(() => {
      const step = nextStep();
      setProgress((current) => Math.min(100, current + step));
    }, tickMs);
    return () => clearInterval(interval);
  }, [done, tickMs, completeDelayMs]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') completeFromEffect();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const current = statusIndex(progress);
  const lines = LOADING_STATUS_MESSAGES.slice(0, current + 1);

  return (
    // The whole screen is a skip target for pointer users; keyboard users have Escape and the Skip button.
    <div
      data-testid="loading-screen"
      onClick={complete}
      className="bg-grid fixed inset-0 z-50 flex cursor-pointer items-center justify-center bg-background p-6"
    >
      <div className="w-full max-w-md space-y-6 font-mono">
        <div className="flex items-center gap-3 text-primary">
          <Crosshair aria-hidden="true" className="size-7" />
          <div>
            <p className="text-sm font-semibold tracking-[0.3em] uppercase">{APP_NAME}</p>
            <p className="text-xs text-muted-foreground">Secure terminal</p>
          </div>
        </div>

        <div className="space-y-2">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>BOOT SEQUENCE</span>
            <span aria-hidden="true">{progress}%</span>
          </div>
          <Progress value={progress} aria-label="Loading" />
        </div>

        <ol className="min-h-48 space-y-1.5 text-xs" aria-label="Start-up status" aria-live="polite">
          {lines.map((line, index) => {
            const active = index === current && !done;
            return (
              <li
                key={line}
                className={cn('flex gap-2', active ? 'text-foreground' : 'text-muted-foreground')}
              >
                <span aria-hidden="true" className={active ? 'text-warning' : 'text-primary'}>
                  {active ? '>' : '✓'}
                </span>
                <span>{line}</span>
              </li>
            );
          })}
        </ol>

        <p role="status" className="h-5 text-sm font-semibold tracking-widest text-primary uppercase">
          {done ? (
            LOADING_READY_MESSAGE
          ) : (
            <span aria-hidden="true" className="inline-block h-4 w-2 animate-blink bg-primary align-middle" />
          )}
        </p>

        <div className="flex items-center justify-between text-[0.7rem] text-muted-foreground">
          <span>Press Esc or click to skip</span>
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              complete();
            }}
            className="rounded border border-input px-2 py-1 uppercase hover:border-primary hover:text-foreground"
          >
            Skip
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * Shows the loading screen on the first load of a browser session (once per tab), then its children. Later
 * loads in the session, and visitors who ask for reduced motion, go straight to the children.
 */
export function LoadingGate({
  children,
  ...screenProps
}: { children: ReactNode } & Omit<LoadingScreenProps, 'onComplete'>) {
  const [showing, setShowing] = useState(willShowLoadingScreen);
  // A sent link's page was this tab's first load: the screen is not kept for the next one.
  useEffect(() => {
    if (isSentLinkPage()) rememberLoadingScreenSeen();
  }, []);
  if (!showing) return children;
  return (
    <LoadingScreen
      {...screenProps}
      onComplete={() => {
        rememberLoadingScreenSeen();
        setShowing(false);
      }}
    />
  );
}
