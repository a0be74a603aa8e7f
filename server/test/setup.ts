import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a bug the test did not look for (the Epic Stack's rule).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
