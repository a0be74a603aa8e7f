import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@': fileURLToPath(new URL('./client', import.meta.url)),
};

// Three projects: `npm test -- --project api` (or unit, e2e) runs one of them.
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core free (one worker on a 2-core machine), but these files
    // wait on PostgreSQL, SMTP and timers much of the time: on 2 cores the unit project took 137 s with two workers
    // against 238 s with one, the API project 301 s against about 530 (a third worker gained nothing for the API).
    maxWorkers: '100%',
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['client/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // One file per core, as the other projects: each file starts its own server and Chromium. On 2 cores the
          // whole suite took 0.63-0.65 of its time one file at a time (on two days); the files that wait on pages
          // and timers gain, those that keep Chromium busy little (ten of them: 253 s against 270).
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
