import { createHash } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('evidence files and reports (issue 22)', () => {
  for (const [width, height] of WIDTHS) {
    it(`attaches, lists and downloads a case's files and downloads its report at ${width}x${height}`, async () => {
      // The refused upload's 415 is logged by the browser; it is expected.
      const page = await e2e.newPage({ expectedErrors: [/415/] });
      await page.setViewportSize({ width, height });
      await e2e.signUp(page, `evidence${width}`);
      const title = `Leaked tender documents ${width}`;
      const opened = await page.request.post(`${e2e.server.url}/api/cases`, {
        data: {
          title,
          description: 'Our tender documents reached a competitor two days before the deadline.',
          category: 'digital_forensics',
        },
      });
      expect(opened.status()).toBe(201);
      const caseId = ((await opened.json()) as { id: string }).id;

      await page.goto(`${e2e.server.url}/cases?case=${caseId}`);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await dialog.getByText('No files attached yet.').waitFor();

      // A program called invoice.pdf is refused by its content.
      const input = dialog.getByLabel('Attach a file');
      // The server's own limit (the default here), not "by default".
      await dialog.getByText(/up to 20 MB a file\./).waitFor();
      await input.setInputFiles({
        name: 'invoice.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]),
      });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'This type of file cannot be attached' }).waitFor();

      const statement = Buffer.from(
        `Statement of the office manager, ${width}.\nThe folder was on the shared drive.\n`,
      );
      await input.setInputFiles({ name: 'statement.txt', mimeType: 'text/plain', buffer: statement });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      const row = dialog.getByTestId('evidence-file').filter({ hasText: 'statement.txt' });
      await row.waitFor();
      await row.getByText(`SHA-256 ${sha256(statement)}`).waitFor();
      // The case's timeline says so too.
      await dialog.getByTestId('case-update').filter({ hasText: 'File attached' }).waitFor();
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`evidence-case-files-${width}.png`) });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('link', { name: 'statement.txt', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('statement.txt');
      expect(sha256(await readFile((await download.path())!))).toBe(sha256(statement));

      const [report] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        dialog.getByRole('button', { name: 'Download report' }).click(),
      ]);
      expect(report.suggestedFilename()).toMatch(/^CASE-\d+-report\.pdf$/);
      const pdfPath = (await report.path())!;
      const pdf = await readFile(pdfPath);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await copyFile(pdfPath, artifact(`evidence-case-report-${width}.pdf`));
      // The PDF's own hash is one the firm answers for.
      const verified = await page.request.get(`${e2e.server.url}/api/reports/verify/${sha256(pdf)}`);
      expect(verified.status()).toBe(200);
      expect(await verified.json()).toMatchObject({ subjectType: 'case' });
      expect(await dialog.getByRole('button', { name: 'Staff report' }).count()).toBe(0);
      await page.getByText('Report ready').first().waitFor();
      await page.screenshot({ path: artifact(`evidence-case-report-${width}.png`) });
    }, 180_000);

    it(`attaches a file to an investigation request and downloads its report at ${width}x${height}`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height });
      await e2e.signUp(page, `evidence-inv${width}`);
      const subject = `Due diligence on a supplier ${width}`;
      const filed = await page.request.post(`${e2e.server.url}/api/investigations`, {
        data: {
          serviceType: 'background-check',
          subject,
          description: 'Establish who owns the supplier and whether it has been sued before.',
          authorizedRepresentative: 'Asha Rao',
          legalBasis: 'Contractual due diligence',
          targetInformation: 'Registered company name and directors',
          expectedTimeframe: 'Within two weeks',
          lawfulPurposeDeclaration: true,
          noHarassmentDeclaration: true,
          complianceAgreement: true,
        },
      });
      expect(filed.status(), await filed.text()).toBe(201);

      await page.goto(`${e2e.server.url}/investigations`);
      const row = page.getByTestId('investigation-row').filter({ hasText: subject });
      await row.waitFor();
      await row.getByText('Files and report').click();
      const contract = Buffer.from('supplier,director\nAcme Parts,R. Mehta\n');
      await row
        .getByLabel('Attach a file')
        .setInputFiles({ name: 'directors.csv', mimeType: 'text/csv', buffer: contract });
      await row.getByRole('button', { name: 'Upload' }).click();
      const file = row.getByTestId('evidence-file').filter({ hasText: 'directors.csv' });
      await file.waitFor();
      await file.getByText('text/csv').waitFor();
      await file.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`evidence-investigation-files-${width}.png`) });

      const [report] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        row.getByRole('button', { name: 'Download report' }).click(),
      ]);
      expect(report.suggestedFilename()).toMatch(/^INV-[0-9A-F]{8}-report\.pdf$/);
      const pdf = await readFile((await report.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }, 180_000);
  }

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`opens the report footer's verify link as a page that says in words whether it is genuine at ${width}x${height}`, async () => {
      // The unknown hash's 404 is logged by the browser; it is the answer the page explains.
      const page = await e2e.newPage({ skipLoadingScreen: false, expectedErrors: [/404/] });
      await page.setViewportSize({ width, height });
      await e2e.signUp(page, `verify${width}`);
      const opened = await page.request.post(`${e2e.server.url}/api/cases`, {
        data: {
          title: `Forged letterhead ${width}`,
          description: 'A letter on our letterhead reached a client; we did not send it.',
          category: 'digital_forensics',
        },
      });
      const caseId = ((await opened.json()) as { id: string }).id;
      expect(
        (await page.request.post(`${e2e.server.url}/api/cases/${caseId}/report`, { data: {} })).status(),
      ).toBe(202);
      let pdf: Buffer | undefined;
      let printed = '';
      for (let tries = 0; !pdf && tries < 120; tries++) {
        const got = await page.request.get(`${e2e.server.url}/api/cases/${caseId}/report`);
        if (got.status() === 200) {
          pdf = await got.body();
          printed = got.headers()['x-report-sha256']!;
        } else await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(printed).toMatch(/^[0-9a-f]{64}$/);
      await page.context().clearCookies(); // the reader of a report is anyone

      // What the footer prints, opened in a browser: the page, at once (no loading screen before it).
      await page.goto(`${e2e.server.url}/api/reports/verify/${printed}`);
      expect(new URL(page.url()).pathname).toBe(`/reports/verify/${printed}`);
      await page.getByRole('heading', { name: 'Genuine report' }).waitFor();
      expect(await page.getByTestId('loading-screen').count()).toBe(0);
      await page
        .getByText(/We issued this report on .*It is the client version of case CASE-\d+\./)
        .waitFor();
      await page.screenshot({ path: artifact(`report-verify-genuine-${width}.png`), fullPage: true });

      // The PDF file held by the reader, checked in the browser: its own hash is recorded too.
      await page.getByLabel('Check a PDF file you hold').setInputFiles({
        name: 'report.pdf',
        mimeType: 'application/pdf',
        buffer: pdf!,
      });
      await page.waitForURL(`**/reports/verify/${sha256(pdf!)}`);
      await page.getByRole('heading', { name: 'Genuine report' }).waitFor();

      // One changed byte: not ours.
      const altered = Buffer.from(pdf!);
      altered.writeUInt8(altered.readUInt8(altered.length - 20) ^ 1, altered.length - 20);
      await page.getByLabel('Check a PDF file you hold').setInputFiles({
        name: 'report.pdf',
        mimeType: 'application/pdf',
        buffer: altered,
      });
      await page.getByRole('heading', { name: 'Not issued by us' }).waitFor();
      await page.getByText('This report is not genuine.').waitFor();
      await page.screenshot({ path: artifact(`report-verify-not-issued-${width}.png`), fullPage: true });

      // Programs still get the JSON.
      const json = await page.request.get(`${e2e.server.url}/api/reports/verify/${printed}`, {
        headers: { accept: 'application/json' },
      });
      expect(await json.json()).toMatchObject({ subjectType: 'case', version: 'client' });
    }, 180_000);
  }
});
