import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../server/lib/paths.js';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

// Issue 18, point 7: a clean console and first paint. The harness lets any 401 through; these tests do not.
const e2e = useHarness();

/** Every console error and failed call of the page, 401s included, and the current-user calls it made. */
function watch(page: Page) {
  const errors: string[] = [];
  const userCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The console names no address; this says which call failed.
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/user') userCalls.push(request.url());
  });
  return { errors, userCalls };
}

describe('a clean console and first paint', () => {
  it('lets a signed-out visitor browse without one console error or current-user call', async () => {
    // An unknown page is left out: it is answered 404 (design 11.3), which the browser itself logs; the auth and
    // coverage tests visit it.
    const page = await e2e.newPage();
    const seen = watch(page);
    for (const route of ['/', '/marketplace', '/digital', '/privacy', '/terms', '/security']) {
      await page.goto(`${e2e.server.url}${route}`);
      await page.getByRole('contentinfo').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await page.getByRole('link', { name: 'Request Access' }).first().waitFor();
    expect(seen.errors).toEqual([]);
    expect(seen.userCalls).toEqual([]);
    // The spec's call is unchanged: asked, it answers 401.
    expect((await page.request.get(`${e2e.server.url}/api/auth/user`)).status()).toBe(401);

    // The footer: Support asks a signed-out visitor to sign in (not the 404 page), then goes to the dashboard.
    await page.goto(`${e2e.server.url}/`);
    const footer = page.getByRole('contentinfo');
    await footer.getByText(`© ${new Date().getFullYear()} Intel Portal`).waitFor();
    await footer.getByRole('link', { name: 'Support' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(seen.errors).toEqual([]);
  });

  it('still asks, and knows, once the visitor has an account, after a reload too', async () => {
    const page = await e2e.newPage();
    const seen = watch(page);
    await page.goto(`${e2e.server.url}/login?mode=register`);
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Email').fill(`e2e.first-paint.${Date.now()}@example.test`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    // A new account is welcomed, not welcomed back.
    await page.getByText('Welcome to Intel Portal').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Noor' }).waitFor();
    await page.reload();
    await page.getByText('TIER 1').first().waitFor();
    expect(seen.userCalls.length).toBeGreaterThan(0);
    // The page's own calls (cart, notifications) end before the sign-out: one still on its way when the session
    // goes would be answered 401, which the browser logs.
    await page.waitForLoadState('networkidle');

    // Signed out: the hint goes with the session, and the next pages ask nothing again.
    await page.goto(`${e2e.server.url}/api/logout`);
    await page.getByRole('link', { name: 'Request Access' }).first().waitFor();
    const calls = seen.userCalls.length;
    await page.goto(`${e2e.server.url}/marketplace`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(seen.userCalls.length).toBe(calls);
    expect(seen.errors).toEqual([]);
  });

  it("keeps zod out of the landing route's JavaScript (the pages with forms load it)", async () => {
    // The built entry script's source map names every module in it: the stream's event names are there, the
    // contract's schemas and zod (a fifth of the entry when the layout imported contract/events.ts) are not.
    const client = path.join(projectRoot, 'dist', 'client');
    const html = await readFile(path.join(client, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)![1]!;
    const { sources } = JSON.parse(await readFile(path.join(client, `${entry}.map`), 'utf8')) as {
      sources: string[];
    };
    expect(sources.some((source) => source.endsWith('contract/event-names.ts'))).toBe(true);
    expect(sources.filter((source) => /node_modules\/zod\/|contract\/events\.ts$/.test(source))).toEqual([]);
  });

  it('shows the API docs without a CSP error', async () => {
    const page = await e2e.newPage();
    const seen = watch(page);
    await page.goto(`${e2e.server.url}/api/docs`);
    await page.getByText('Intelligence portal API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    await page.waitForTimeout(500);
    expect(seen.errors).toEqual([]);
    await page.screenshot({ path: artifact('api-docs.png') });
  });

  it('shows product cards with an icon of what each product is', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/marketplace`);
    await page.getByTestId('product-card').first().waitFor();
    const icons = await page
      .getByTestId('product-icon')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-icon')));
    expect(icons.length).toBeGreaterThan(20);
    // Seven products a category, each drawn as what it is.
    expect(new Set(icons).size).toBeGreaterThan(20);
  });

  it("draws a member's page with the e-mail banner above it, not pushed down when the banner arrives", async () => {
    const page = await e2e.newPage();
    // Every layout shift of <main>: a part drawn above it after the page moves the page (and what is under the
    // pointer). It came about 250 ms after the page's content when the banner's code loaded on its first render.
    await page.addInitScript({
      content: `window.__mainShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          for (const source of entry.sources)
            if (source.node && source.node.id === 'main-content')
              window.__mainShifts.push(source.previousRect.y + ' px -> ' + source.currentRect.y + ' px');
      }).observe({ type: 'layout-shift', buffered: true });`,
    });
    await e2e.signUp(page, 'first-paint-banner');
    await page.goto(`${e2e.server.url}/cases`);
    await page.getByText('No cases found').waitFor();
    await page.getByTestId('verify-email-banner').waitFor();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as { __mainShifts?: string[] }).__mainShifts);
    expect(shifts, 'the page moved after it was drawn').toEqual([]);
  });

  it("paints the sign-in page and a member's home page without a spinner first, and loads the next page's code on the way to its link", async () => {
    const page = await e2e.newPage();
    // Whether the page's spinner (the Suspense fallback in <main>, which React keeps up for 300 ms) ever showed.
    await page.addInitScript({
      content: `new MutationObserver(() => {
        if (document.querySelector('main [data-slot="spinner"]')) window.__pageSpinner = true;
      }).observe(document, { subtree: true, childList: true });`,
    });
    const spinnerShown = () =>
      page.evaluate(() => Boolean((window as { __pageSpinner?: boolean }).__pageSpinner));

    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(await spinnerShown()).toBe(false);

    await e2e.signUp(page, 'first-paint-home');
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    expect(await spinnerShown()).toBe(false);

    // Focusing a link (as a pointer over it or a touch would) fetches its page's code before any click.
    const marketplaceCode = page.waitForRequest((request) =>
      /\/assets\/marketplace-[^/]*\.js$/.test(request.url()),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).focus();
    await marketplaceCode;

    // And the phone menu's button its menu's.
    await page.setViewportSize({ width: 390, height: 844 });
    const menuCode = page.waitForRequest((request) => /\/assets\/mobile-menu-[^/]*\.js$/.test(request.url()));
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await menuCode;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
  });
});
