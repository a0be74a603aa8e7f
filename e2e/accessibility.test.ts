import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '../contract/routes.js';
import { sidewaysOverflow } from './support/browser.js';
import { useHarness } from './support/harness.js';

/*
 * axe-core over every client route for each role, at a desktop and a phone width: no critical or serious
 * violation, one main landmark, headings in order. The counts per impact are printed, so a run shows where a page
 * stands even when it passes.
 */

const e2e = useHarness();
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const ROLES = [
  { role: 'signed-out', tier: null },
  { role: 'tier-1', tier: 1 },
  { role: 'tier-2', tier: 2 },
  { role: 'tier-4', tier: 4 },
] as const;

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Every route of the table, with a real id where the path has one. */
async function routeList(page: Page): Promise<string[]> {
  const [post] = (await (await page.request.get(`${e2e.server.url}/api/blog?limit=1`)).json()) as {
    id: string;
  }[];
  const [product] = (await (await page.request.get(`${e2e.server.url}/api/products?limit=1`)).json()) as {
    id: string;
  }[];
  return Object.values(CLIENT_ROUTES).map((route) =>
    route.replace(':id', route.startsWith('/blog') ? post!.id : product!.id),
  );
}

async function audit(page: Page): Promise<{ findings: Finding[]; mains: number }> {
  // page.evaluate runs outside the page's CSP, which would refuse an injected script tag.
  await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // Only the violations are read: axe then builds no details of the passing and inapplicable nodes.
      resultTypes: ['violations'],
    })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    return {
      findings: result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      })),
      mains: document.querySelectorAll('main, [role="main"]').length,
    };
  });
}

describe('accessibility of every route', () => {
  for (const viewer of ROLES) {
    it(`has no critical or serious axe violation for ${viewer.role}, one main landmark and ordered headings`, async () => {
      // A page a role may not use answers 403 or 404 to its calls; the coverage test checks those screens' texts.
      const page = await e2e.newPage({ expectedErrors: [/status of 40[34]/] });
      if (viewer.tier !== null) {
        const email = await e2e.signUp(page, `axe-${viewer.role}`);
        if (viewer.tier !== 1) await e2e.server.cli('user:set-tier', email, String(viewer.tier));
      }
      const routes = await routeList(page);
      const counts: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
      const blocking: string[] = [];
      // The two widths at once, each in its own tab of the same session (two renderers for two cores). The
      // harness watches the first tab's console; the second's errors are checked here, on the same terms.
      const phone = await page.context().newPage();
      const phoneErrors: string[] = [];
      phone.on('pageerror', (error) => phoneErrors.push(error.message));
      phone.on('console', (message) => {
        if (message.type() === 'error' && !/401|status of 40[34]/.test(message.text()))
          phoneErrors.push(message.text());
      });
      await Promise.all(
        WIDTHS.map(async (size) => {
          const tab = size.name === 'phone' ? phone : page;
          await tab.setViewportSize({ width: size.width, height: size.height });
          for (const route of routes) {
            await tab.goto(`${e2e.server.url}${route}`);
            await tab.getByRole('main').waitFor();
            await tab.waitForLoadState('networkidle');
            const { findings, mains } = await audit(tab);
            const where = `${viewer.role} ${size.name} ${route}`;
            if (mains !== 1) blocking.push(`${where}: ${mains} main landmarks`);
            if (!(await tab.getByRole('heading', { level: 1 }).count())) blocking.push(`${where}: no h1`);
            const wider = await sidewaysOverflow(tab);
            if (wider > 0) blocking.push(`${where}: ${wider} px wider than the window`);
            for (const finding of findings) {
              counts[finding.impact ?? 'minor'] = (counts[finding.impact ?? 'minor'] ?? 0) + 1;
              if (
                finding.impact === 'critical' ||
                finding.impact === 'serious' ||
                finding.id === 'heading-order'
              ) {
                blocking.push(
                  `${where}: ${finding.id} (${finding.impact}) ${finding.help} at ${finding.targets.join(', ')}`,
                );
              }
            }
          }
        }),
      );
      await phone.close();
      expect(phoneErrors, 'errors in the phone tab’s console').toEqual([]);
      console.log(`axe ${viewer.role}: ${JSON.stringify(counts)} over ${routes.length} routes x 2 widths`);
      expect(blocking).toEqual([]);
    }, 300_000);
  }
});

/** Presses Tab `times` times and answers whether the focus stayed inside `selector` every time. */
async function focusStaysIn(page: Page, selector: string, times: number): Promise<boolean> {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);
    if (!inside) return false;
  }
  return true;
}

describe('dialogs with the keyboard alone', () => {
  it('open from their button with Enter, keep the focus inside, close with Escape and give it back', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'axe-keyboard');
    const dialogs = [
      { route: '/cases', button: 'New Case', dialog: 'New Case' },
      { route: '/investigations', button: 'Request Investigation', dialog: 'Request Investigation' },
    ];
    for (const { route, button, dialog } of dialogs) {
      await page.goto(`${e2e.server.url}${route}`);
      // Enabled: the investigations' button waits for the catalogue (the services within the person's tier).
      const trigger = page.getByRole('button', { name: button, exact: true, disabled: false }).first();
      await trigger.waitFor();
      await trigger.focus();
      await page.keyboard.press('Enter');
      const opened = page.getByRole('dialog', { name: dialog });
      await opened.waitFor();
      expect(await focusStaysIn(page, '[role="dialog"]', 25), `${route}: focus left the dialog`).toBe(true);
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'detached' });
      expect(
        await trigger.evaluate((element) => element === document.activeElement),
        `${route}: focus did not return to its button`,
      ).toBe(true);
    }
  });
});
