import { describe, expect, it } from 'vitest';
import { TAXII_COLLECTION_ID } from '../contract/taxii.js';
import { SPEC_OBJECTS, specBundle } from '../server/modules/threats/stix-fixtures.js';
import { artifact, expectNoSidewaysScroll } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('Threat Intelligence: the TAXII feed and the last import (issue 20 point 3)', () => {
  it('shows a Director the feed’s address, how to connect, and the last import’s counts, at desktop and phone widths', async () => {
    const { email } = await e2e.directorApi('taxii');
    const page = await e2e.newPage({ clipboard: true });
    const login = await page.request.post(`${e2e.server.url}/api/auth/login`, {
      data: { email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    const imported = await page.request.post(`${e2e.server.url}/api/threat-intelligence/import`, {
      data: specBundle(),
    });
    expect(imported.status()).toBe(200);
    expect(await imported.json()).toMatchObject({ imported: SPEC_OBJECTS.length, failed: 0 });

    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${e2e.server.url}/ai?tab=threats`);
      await page.getByRole('heading', { name: 'Operation Paper Trail' }).waitFor();

      const feed = page.getByRole('region', { name: 'TAXII 2.1 feed' });
      await feed.getByText(`${e2e.server.url}/taxii2/`, { exact: true }).waitFor();
      await feed.getByText(TAXII_COLLECTION_ID, { exact: true }).waitFor();
      await feed.getByText(/the API key as the\s+password/).waitFor();
      expect(await feed.getByRole('link', { name: /API Keys/ }).getAttribute('href')).toBe(
        '/mobile?tab=api-keys',
      );

      const report = page.getByRole('region', { name: 'Last import report' });
      await report.scrollIntoViewIfNeeded();
      const counts = Object.fromEntries(
        await report
          .getByRole('term')
          .evaluateAll((terms) =>
            terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
          ),
      );
      expect(counts).toEqual({
        Imported: String(SPEC_OBJECTS.length),
        Updated: '0',
        Unchanged: '0',
        Skipped: '0',
        Failed: '0',
      });
      await page.getByText(`${SPEC_OBJECTS.length} objects through Import STIX`).waitFor();
      await expectNoSidewaysScroll(page);
      await feed.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`threats-feed-${size.name}.png`), fullPage: true });
    }

    // The copy button puts the discovery address on the clipboard.
    await page
      .getByRole('region', { name: 'TAXII 2.1 feed' })
      .getByRole('button', { name: 'Copy the discovery address' })
      .click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e2e.server.url}/taxii2/`);
  });

  it('shows a member the feed but not the import report', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'taxii-member');
    await page.goto(`${e2e.server.url}/ai?tab=threats`);
    await page.getByRole('region', { name: 'TAXII 2.1 feed' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Last import' }).count()).toBe(0);
  });
});
