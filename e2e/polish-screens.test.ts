import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact, ARTIFACTS } from './support/browser.js';
import { useHarness } from './support/harness.js';

// Screenshots of the forms and the analytics tab of issue 18 (points 4 and 6) at both widths. SHOTS_PHASE names
// them (`before` on the code before the change, `after` on the change): `SHOTS_PHASE=after npx vitest run
// --project e2e e2e/polish-screens.test.ts`.
const e2e = useHarness();
const PHASE = process.env.SHOTS_PHASE ?? 'after';
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * In every row of side-by-side fields under `scope`, the fields that sit on one line have their controls on one
 * line too (issue 18: a field without a hint sat 12 px below a neighbour with one). Returns the worst offset in px.
 */
async function worstRowOffset(page: Page, scope: string): Promise<number> {
  return page.locator(scope).evaluate((root) => {
    let worst = 0;
    for (const row of root.querySelectorAll('[data-slot="form-row"]')) {
      const lines = new Map<number, number[]>();
      for (const field of row.querySelectorAll(':scope > [data-slot="form-field"]')) {
        const control = field.querySelector('input, select, textarea');
        if (!control) continue;
        const top = Math.round(field.getBoundingClientRect().top);
        lines.set(top, [...(lines.get(top) ?? []), control.getBoundingClientRect().top]);
      }
      for (const tops of lines.values()) worst = Math.max(worst, Math.max(...tops) - Math.min(...tops));
    }
    return worst;
  });
}

function overlaps(a: { x: number; y: number; width: number; height: number } | null, b: typeof a): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300);
  await page.screenshot({
    path: artifact(`polish-${PHASE}-${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

describe('polish screenshots', () => {
  for (const size of WIDTHS) {
    it(`forms and analytics at ${size.name} width`, async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      const page = await e2e.newPage();
      await page.setViewportSize({ width: size.width, height: size.height });
      const email = await e2e.signUp(page, `polish-${size.name}`, { firstName: 'Dana', lastName: 'Reyes' });
      await e2e.server.cli('user:set-tier', email, '4');

      await page.goto(`${e2e.server.url}/investigations`);
      await page.getByRole('button', { name: 'Request Investigation' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Request Investigation' });
      await dialog.getByRole('form', { name: 'Investigation request' }).waitFor();
      await shoot(page, `investigation-dialog-${size.name}`);
      if (PHASE === 'after') expect(await worstRowOffset(page, '[role=dialog] form')).toBeLessThanOrEqual(1);

      await page.goto(`${e2e.server.url}/secure-channel`);
      await page.getByRole('button', { name: 'Submit for Security Review' }).waitFor();
      await shoot(page, `secure-channel-${size.name}`, true);
      if (PHASE === 'after') expect(await worstRowOffset(page, 'main form')).toBeLessThanOrEqual(1);

      await page.goto(`${e2e.server.url}/marketplace`);
      await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('Added to Cart').first().waitFor();
      // The toast does not cover the floating cart either: it opens at once (a covered button would wait).
      await page.getByRole('button', { name: 'Open shopping cart, 1 item' }).click({ timeout: 3_000 });
      // The toast is still up: it must not cover the dialog's title or its close button (phones included).
      const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
      await cart.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
      const toast = await page.locator('[data-slot="toast"]').first().boundingBox();
      expect(toast).not.toBeNull();
      if (PHASE === 'after') {
        expect(
          overlaps(toast, await cart.getByRole('heading', { name: 'Shopping Cart' }).boundingBox()),
        ).toBe(false);
        expect(overlaps(toast, await cart.getByRole('button', { name: 'Close' }).boundingBox())).toBe(false);
      }
      await shoot(page, `cart-toast-${size.name}`);
      await page
        .getByRole('dialog', { name: 'Shopping Cart' })
        .getByRole('button', { name: 'Proceed to Checkout' })
        .click();
      await page.getByRole('form', { name: 'Checkout' }).waitFor();
      await shoot(page, `checkout-${size.name}`, true);
      if (PHASE === 'after')
        expect(await worstRowOffset(page, 'form[aria-label="Checkout"]')).toBeLessThanOrEqual(1);

      await page.goto(`${e2e.server.url}/settings?tab=analytics`);
      await page.getByRole('tabpanel', { name: 'Analytics' }).getByText('Page views').first().waitFor();
      await shoot(page, `analytics-${size.name}`, true);
    });
  }
});
