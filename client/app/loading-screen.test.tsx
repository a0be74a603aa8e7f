import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingGate, LoadingScreen } from '@/app/loading-screen';
import { LOADING_SCREEN_SEEN_KEY, LOADING_STATUS_MESSAGES } from '@/lib/constants';

function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Advances in 100 ms steps so React renders between timer callbacks, as it does in a browser. */
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) tick(Math.min(100, ms - elapsed));
}

describe('LoadingScreen', () => {
  it('rises 3 to 13 points every 300 ms, ends at "System ready" and completes 1 s after 100%', () => {
    vi.useFakeTimers();
    const onComplete = vi.fn();
    // random() = 0 gives the smallest step (3 points): 34 ticks to reach 100.
    render(<LoadingScreen onComplete={onComplete} random={() => 0} />);
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(screen.getByText(LOADING_STATUS_MESSAGES[0])).toBeInTheDocument();

    tick(299);
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    tick(1);
    expect(bar).toHaveAttribute('aria-valuenow', '3');

    advance(33 * 300);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('All systems operational')).toBeInTheDocument();
    expect(screen.getByText('System ready')).toBeVisible();

    tick(999);
    expect(onComplete).not.toHaveBeenCalled();
    tick(1);
    expect(onComplete).toHaveBeenCalledOnce();
    expect(screen.getByText('System ready')).toBeVisible();
  });

  it('uses the largest step of 13 points and an injected tick duration', () => {
    vi.useFakeTimers();
    const onComplete = vi.fn();
    render(<LoadingScreen onComplete={onComplete} random={() => 0.999} tickMs={10} />);
    tick(10);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');
    advance(70); // 7 more ticks: 104, capped at 100
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    tick(1000);
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('runs to completion with the real random source', () => {
    vi.useFakeTimers();
    const onComplete = vi.fn();
    render(<LoadingScreen onComplete={onComplete} />);
    advance(34 * 300 + 1000);
    expect(screen.getByText('System ready')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('is skipped with Escape, once', () => {
    vi.useFakeTimers();
    const onComplete = vi.fn();
    render(<LoadingScreen onComplete={onComplete} />);
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('is skipped with a click anywhere', () => {
    const onComplete = vi.fn();
    render(<LoadingScreen onComplete={onComplete} />);
    fireEvent.click(screen.getByTestId('loading-screen'));
    expect(onComplete).toHaveBeenCalledOnce();
  });
});

describe('LoadingGate', () => {
  it('shows the screen on the first load of a session only', () => {
    vi.useFakeTimers();
    const first = render(
      <LoadingGate>
        <p>Router</p>
      </LoadingGate>,
    );
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.queryByText('Router')).not.toBeInTheDocument();

    advance(34 * 300 + 1000);
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
    expect(screen.getByText('Router')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(LOADING_SCREEN_SEEN_KEY)).toBe('1');
    first.unmount();

    // A reload in the same browser session goes straight to the router.
    render(
      <LoadingGate>
        <p>Router</p>
      </LoadingGate>,
    );
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
    expect(screen.getByText('Router')).toBeInTheDocument();
  });

  it('remembers a skip as well', () => {
    render(
      <LoadingGate>
        <p>Router</p>
      </LoadingGate>,
    );
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByText('Router')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(LOADING_SCREEN_SEEN_KEY)).toBe('1');
  });

  it('is skipped for visitors who prefer reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query.includes('prefers-reduced-motion'), media: query }) as MediaQueryList,
    );
    render(
      <LoadingGate>
        <p>Router</p>
      </LoadingGate>,
    );
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
    expect(screen.getByText('Router')).toBeInTheDocument();
  });

  it.each(['/setup?token=abc', '/reset-password?token=abc', '/verify-email?token=abc'])(
    'is not played before a page opened from a sent link (%s), nor on the next load',
    (path) => {
      window.history.replaceState(null, '', path);
      try {
        const first = render(
          <LoadingGate>
            <p>Router</p>
          </LoadingGate>,
        );
        expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
        expect(screen.getByText('Router')).toBeInTheDocument();
        first.unmount();

        window.history.replaceState(null, '', '/marketplace');
        render(
          <LoadingGate>
            <p>Router</p>
          </LoadingGate>,
        );
        expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
      } finally {
        window.history.replaceState(null, '', '/');
      }
    },
  );
});
