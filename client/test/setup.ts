import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { resetToastsForTests } from '@/components/ui/use-toast';

// `findBy...` and `waitFor` give up after 3 s, not 1 s: a lazily loaded route can take longer than a second on a
// machine whose two cores run the API tests beside these. A test that passes waits no longer for it.
configure({ asyncUtilTimeout: 3_000 });

/*
 * The layout loads these after the first paint (dynamic imports). A file whose last test ends while such an import
 * is still loading would see it fail on a torn-down environment, so the file waits for them before it ends. (Not
 * loaded up front: that would bypass the vi.mock calls of the test files.)
 */
afterAll(async () => {
  await Promise.all([
    import('@/features/cart/components/cart-dialog'),
    import('@/app/checkout-steps'),
    import('@/features/notifications/components/notification-bell'),
    import('@/components/ui/toaster'),
    import('@/app/layout/mobile-menu'),
    import('@/app/routes/home'),
    import('@/app/routes/not-found'),
    import('@/features/auth/components/verify-email-banner'),
    import('@/features/cart/components/cart-widget'),
    import('@/features/search/components/search-results-list'),
  ]);
});

/*
 * The app's provider installs how a lost session is shown (a toast); a test that calls the api client without
 * the provider sees the same. Imported here, not up front, so that the test files' vi.mock calls still apply.
 */
beforeEach(async () => {
  const [{ setUnauthorizedHandler }, { showSessionExpired }, { loadToaster }] = await Promise.all([
    import('@/lib/api-client'),
    import('@/app/session-expired'),
    import('@/components/ui/load-toaster'),
  ]);
  setUnauthorizedHandler(showSessionExpired);
  // The app loads the toasts' code at the first interaction; tests look for a toast as soon as it is raised.
  await loadToaster();
});

/*
 * The browser of a test may hold a session: the server's signed-in hint is there (decision 013), so the current user
 * is asked of the mocked API, which answers for a signed-in or a signed-out visitor. A test of a browser that never
 * signed in removes it.
 */
beforeEach(() => {
  document.cookie = 'signed_in=1; Path=/';
});

/*
 * Every test fails on an unexpected console.error (React warnings, act() warnings, failed prop types...).
 * A test that expects one silences it itself: `vi.spyOn(console, 'error').mockImplementation(() => {})`.
 */
const originalConsoleError = console.error;

/** console-style formatting ('%s' placeholders, errors with their stack) without Node's util in the types. */
function format(...args: unknown[]): string {
  const show = (value: unknown) =>
    value instanceof Error
      ? (value.stack ?? value.message)
      : typeof value === 'string'
        ? value
        : String(value);
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(show).join(' ');
  const remaining = [...rest];
  const message = first.replace(/%[sdifoOc]/g, () => (remaining.length > 0 ? show(remaining.shift()) : ''));
  return [message, ...remaining.map(show)].join(' ');
}
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(format(...args));
    originalConsoleError(...args);
  };
});

afterEach(() => {
  cleanup();
  resetToastsForTests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  console.error = originalConsoleError;
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error during the test:\n${errors.join('\n---\n')}`);
  }
});

// jsdom lacks matchMedia; the app reads it for prefers-reduced-motion. Tests may redefine it.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom lacks ResizeObserver; Radix measures some controls (radio buttons, for one) with it.
if (typeof window.ResizeObserver !== 'function') {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}
