import { request, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/** The client's sessionStorage key (client/lib/constants.ts): the loading screen shows once per browser session. */
const LOADING_SCREEN_SEEN_KEY = 'intel-portal:loading-screen-seen';
export const PASSWORD = 'a long enough password';

export interface PageOptions {
  /** Pretend this browser session already saw the loading screen (default true). */
  skipLoadingScreen?: boolean;
  /** Console errors that do not fail the test (the browser logs every 404 answer, wanted or not). */
  expectedErrors?: RegExp[];
  /** Let the page read and write the clipboard. */
  clipboard?: boolean;
}

export interface Harness {
  readonly server: RunningServer;
  newPage(options?: PageOptions): Promise<Page>;
  /** Signs up through the API in the page's context, which keeps the session cookie; returns the email. */
  signUp(page: Page, label: string, extra?: Record<string, string>): Promise<string>;
  /** A Director made with the operator CLI (`user:create --tier 4`), signed in through an API client. */
  directorApi(label: string): Promise<{ api: APIRequestContext; email: string }>;
}

/**
 * One built server (fresh database; `env` adds settings, read when it starts) and one Chromium per test file; a fresh browser context per test. Errors in the
 * browser console fail the test, except a signed-out visitor's 401 (the user check) and those a test expects.
 */
export function useHarness(options: { env?: () => Record<string, string> } = {}): Harness {
  let server: RunningServer;
  let browser: Browser;
  let page: Page | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: options.env?.() }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    // A failed step shows what the server said meanwhile (CI keeps nothing else of it).
    if (task.result?.state === 'fail') console.error(`server output:\n${server.output().slice(-4000)}`);
    await page?.context().close();
    page = undefined;
    // Cleared before the check, so one test's errors do not fail the next ones too.
    // Joined, so that a report shows the messages themselves rather than `[ Array(1) ]`.
    const seen = errors.splice(0);
    expect(seen.join('\n'), 'errors in the browser console').toBe('');
  });

  return {
    get server() {
      return server;
    },
    async newPage({ skipLoadingScreen = true, expectedErrors = [], clipboard = false } = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      if (clipboard)
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      if (skipLoadingScreen) {
        await context.addInitScript({
          content: `sessionStorage.setItem(${JSON.stringify(LOADING_SCREEN_SEEN_KEY)}, '1');`,
        });
      }
      page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() !== 'error' || text.includes('401')) return;
        // Patterns see the text and the address it came from (a page answered 404 logs only a status).
        const line = `${text} ${message.location().url}`;
        if (!expectedErrors.some((pattern) => pattern.test(line))) errors.push(text);
      });
      return page;
    },
    async signUp(target, label, extra = {}) {
      const email = `e2e.${label}.${Date.now()}@example.test`;
      const response = await target.request.post(`${server.url}/api/auth/register`, {
        data: { email, password: PASSWORD, ...extra },
      });
      expect(response.status()).toBe(201);
      return email;
    },
    async directorApi(label) {
      const email = `e2e.${label}.director.${Date.now()}@example.test`;
      await server.cli('user:create', '--email', email, '--password', PASSWORD, '--tier', '4');
      const api = await request.newContext({ baseURL: server.url });
      const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
      expect(login.status()).toBe(200);
      return { api, email };
    },
  };
}
