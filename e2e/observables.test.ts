import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

describe('observables on a case (issue 38)', () => {
  for (const [width, height] of WIDTHS) {
    it(`extracts observables from a pasted report, adds the chosen ones and shows their matches at ${width}x${height}`, async () => {
      // The refused value's 400 is logged by the browser; it is expected.
      const page = await e2e.newPage({ expectedErrors: [/400/] });
      await page.setViewportSize({ width, height });
      await e2e.signUp(page, `observables${width}`);
      const c2 = `c2-${width}.evil-corp.example`;
      const { api } = await e2e.directorApi(`observables${width}`);
      const campaign = `Finance lure campaign ${width}`;
      const threat = await api.post('/api/threat-intelligence', {
        data: {
          source: 'Partner CERT',
          category: 'cyber',
          severity: 'high',
          title: campaign,
          description: 'Invoices with links to a credential harvesting page, seen across the sector.',
          indicators: [c2],
          tlp: 'GREEN',
        },
      });
      expect(threat.status()).toBe(201);

      const title = `Phishing against finance ${width}`;
      const opened = await page.request.post(`${e2e.server.url}/api/cases`, {
        data: {
          title,
          description: 'Finance staff received invoices linking to a page that asked for their password.',
          category: 'digital_forensics',
        },
      });
      expect(opened.status()).toBe(201);
      const caseId = ((await opened.json()) as { id: string }).id;

      await page.goto(`${e2e.server.url}/cases?case=${caseId}`);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await dialog.getByText('No observables recorded yet.').waitFor();

      // A value that is not of its type is refused with the server's message under the field.
      const form = dialog.getByRole('form', { name: 'Add an observable' });
      await form.getByLabel('Type').selectOption('ipv4');
      await form.getByLabel('Value').fill('300.1.2.3');
      await form.getByRole('button', { name: 'Add observable' }).click();
      await form.getByText('Enter an IPv4 address such as 203.0.113.7').waitFor();

      await dialog
        .getByLabel('Extract from text')
        .fill(
          `The invoice came from billing[@]evil-corp(.)example and linked to hxxps://${c2.replace(/\./g, '[.]')}/login.\n` +
            `The page posted to ${c2.replace(/\./g, '[.]')} and 198.51.100[.]23; the attachment was invoice.pdf.exe.`,
        );
      await dialog.getByRole('button', { name: 'Find observables' }).click();
      const found = dialog.getByRole('list', { name: 'Found observables' });
      await found.getByText('billing@evil-corp.example').waitFor();
      await found.getByText(`https://${c2}/login`).waitFor();
      await found.getByText(c2, { exact: true }).waitFor();
      await found.getByText('198.51.100.23').waitFor();
      await found.getByText('invoice.pdf.exe').waitFor();
      // The person confirms: the IP address is left out.
      await found.getByRole('listitem').filter({ hasText: '198.51.100.23' }).getByRole('checkbox').uncheck();
      await page.screenshot({ path: artifact(`observables-extract-${width}.png`) });
      await dialog.getByRole('button', { name: 'Add 4 selected' }).click();

      const rows = dialog.getByRole('list', { name: 'Observables' }).getByTestId('observable');
      await expect.poll(() => rows.count()).toBe(4);
      const matched = rows.filter({ hasText: c2 }).filter({ hasText: 'Domain' });
      await matched.getByText(campaign).waitFor();
      await matched.getByText('high').waitFor();
      await dialog.getByText('1 matched intelligence').waitFor();
      expect(await rows.filter({ hasText: '198.51.100.23' }).count()).toBe(0);
      await matched.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`observables-matched-${width}.png`) });

      // Removing one leaves the rest.
      await rows
        .filter({ hasText: 'invoice.pdf.exe' })
        .getByRole('button', { name: 'Remove invoice.pdf.exe' })
        .click();
      await expect.poll(() => rows.count()).toBe(3);
    }, 120_000);
  }
});
