import { request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Opened {
  id: string;
  caseNumber: string;
}

describe('the case workbench', () => {
  for (const size of WIDTHS) {
    it(`lets a Director work a case from the queue: a task, a technique and a merge; the client sees progress (${size.name})`, async () => {
      // A client opens two cases about one incident.
      const clientEmail = `e2e.workbench.client.${size.name}.${Date.now()}@example.test`;
      const client = await request.newContext({ baseURL: e2e.server.url });
      expect(
        (
          await client.post('/api/auth/register', { data: { email: clientEmail, password: PASSWORD } })
        ).status(),
      ).toBe(201);
      const open = async (title: string) => {
        const response = await client.post('/api/cases', {
          data: {
            title,
            description: 'Our tender documents reached a competitor before the bids were opened.',
            category: 'investigation',
            deadline: '2030-03-31',
          },
        });
        expect(response.status()).toBe(201);
        return (await response.json()) as Opened;
      };
      const main = await open(`Tender leak ${size.name}`);
      const duplicate = await open(`Tender seen at rival ${size.name}`);

      const { email: directorEmail, api } = await e2e.directorApi(`workbench-${size.name}`);
      await api.dispose();
      const page = await e2e.newPage();
      await page.setViewportSize({ width: size.width, height: size.height });
      expect(
        (
          await page.request.post(`${e2e.server.url}/api/auth/login`, {
            data: { email: directorEmail, password: PASSWORD },
          })
        ).status(),
      ).toBe(200);

      // The first look: the queue of new and unassigned cases, with whose deadline it is.
      await page.goto(`${e2e.server.url}/cases`);
      await page.getByRole('tab', { name: 'New & unassigned', selected: true }).waitFor();
      const queue = page.getByRole('tabpanel', { name: 'New & unassigned' });
      const card = queue.getByTestId('case-card').filter({ hasText: main.caseNumber });
      await card.waitFor();
      await card.getByText("Client's deadline", { exact: false }).first().waitFor();
      await page.screenshot({ path: artifact(`workbench-queue-${size.name}.png`), fullPage: true });

      // A task, assigned to me, then done.
      await card.getByRole('button', { name: `View case ${main.caseNumber}` }).click();
      const dialog = page.getByRole('dialog', { name: `Tender leak ${size.name}` });
      await dialog.waitFor();
      await dialog.getByLabel('Task title').fill('Interview the courier');
      await dialog.getByRole('button', { name: 'Add Task' }).click();
      const task = dialog.getByTestId('task').filter({ hasText: 'Interview the courier' });
      await task.waitFor();
      await task.getByLabel('Status of Interview the courier').selectOption('done');
      await dialog.getByText('1 of 1 tasks done').waitFor();

      // A technique from the shipped ATT&CK table.
      await dialog.getByLabel('Find a technique').fill('spearphishing attachment');
      await dialog.getByRole('button', { name: 'Add T1566.001 Spearphishing Attachment' }).click();
      await dialog.getByRole('list', { name: 'ATT&CK techniques' }).getByText('T1566.001').waitFor();
      await page.screenshot({ path: artifact(`workbench-case-${size.name}.png`), fullPage: true });
      // Nothing in the dialog is wider than the dialog (a long address once pushed it sideways on a phone).
      const [scrollWidth, clientWidth] = await dialog.evaluate((root) => [
        root.scrollWidth,
        root.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The duplicate goes into the main case; its dialog then shows the main case.
      await page.goto(`${e2e.server.url}/cases?tab=all&case=${duplicate.id}`);
      const second = page.getByRole('dialog', { name: `Tender seen at rival ${size.name}` });
      await second.waitFor();
      await second.getByLabel('Case number to merge into').fill(main.caseNumber);
      await second.getByRole('button', { name: 'Merge', exact: true }).click();
      await page.getByText('Cases merged').first().waitFor();
      const merged = page.getByRole('dialog', { name: `Tender leak ${size.name}` });
      await merged.getByText(`Merged ${duplicate.caseNumber}`).waitFor();
      await page.screenshot({ path: artifact(`workbench-merged-${size.name}.png`), fullPage: true });
      await merged.getByRole('button', { name: 'Close', exact: true }).click();
      await merged.waitFor({ state: 'detached' });

      // The merged number finds the main case, and the duplicate is in no list.
      const all = page.getByRole('tabpanel', { name: 'All cases' });
      await page
        .getByRole('searchbox', { name: 'Find a case by number or title' })
        .fill(duplicate.caseNumber);
      await all.getByTestId('case-card').filter({ hasText: main.caseNumber }).waitFor();
      expect(await all.getByTestId('case-card').count()).toBe(1);

      // The client: progress and the technique, no task details; the old case forwards. The Director signs out
      // first: a page of theirs left open would refresh on a live event about the merge with the client's
      // session, and be refused, as a stale tab's would.
      await page.goto(`${e2e.server.url}/api/logout`);
      expect(
        (
          await page.request.post(`${e2e.server.url}/api/auth/login`, {
            data: { email: clientEmail, password: PASSWORD },
          })
        ).status(),
      ).toBe(200);
      await page.goto(`${e2e.server.url}/cases?case=${main.id}`);
      const mine = page.getByRole('dialog', { name: `Tender leak ${size.name}` });
      await mine.getByText('1 of 1 tasks done').waitFor();
      await mine.getByText('T1566.001').waitFor();
      await mine.getByText('Your deadline', { exact: false }).first().waitFor();
      expect(await mine.getByText('Interview the courier').count()).toBe(0);
      await page.screenshot({ path: artifact(`workbench-client-${size.name}.png`), fullPage: true });
      await page.goto(`${e2e.server.url}/cases?case=${duplicate.id}`);
      await page.getByText(`${duplicate.caseNumber} was merged into ${main.caseNumber}`).waitFor();
      await page.getByRole('button', { name: `Open ${main.caseNumber}` }).click();
      await page.getByRole('dialog', { name: `Tender leak ${size.name}` }).waitFor();
      await client.dispose();
    });
  }
});

describe('case templates and STIX import findability', () => {
  for (const size of WIDTHS) {
    it(`lets a Director create, edit and delete a case template, with validation shown (${size.name})`, async () => {
      const { email, api } = await e2e.directorApi(`templates-${size.name}`);
      await api.dispose();
      const page = await e2e.newPage({ expectedErrors: [/status of 400/] });
      await page.setViewportSize({ width: size.width, height: size.height });
      expect(
        (
          await page.request.post(`${e2e.server.url}/api/auth/login`, { data: { email, password: PASSWORD } })
        ).status(),
      ).toBe(200);
      await page.goto(`${e2e.server.url}/cases`);
      await page.getByRole('tab', { name: 'Templates' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Templates' });
      await panel.getByRole('button', { name: 'New Template' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Template' });
      await dialog.waitFor();
      // Nothing filled in: the schema's messages, on their fields.
      await dialog.getByRole('button', { name: 'Save Template' }).click();
      await dialog.getByText('Name is required').waitFor();
      await dialog.getByText('Title is required').waitFor();
      // Applied automatically without a category: the server's refusal, on the category.
      const name = `Ransomware first response ${size.name} ${Date.now()}`;
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Apply automatically when a case of this category is opened').check();
      await dialog.getByLabel('Task 1 title').fill('Isolate the affected hosts');
      await dialog.getByLabel('Task 1 due in hours').fill('4');
      await dialog.getByRole('button', { name: 'Save Template' }).click();
      await dialog.getByText('A template applied automatically needs a category').waitFor();
      await dialog.getByLabel('Category', { exact: true }).selectOption('digital_forensics');
      await dialog.getByRole('button', { name: 'Add a task' }).click();
      await dialog.getByLabel('Task 2 title').fill('Collect memory images');
      await dialog.getByLabel('Task 2 description').fill('Before any host is rebooted.');
      await page.screenshot({ path: artifact(`templates-form-${size.name}.png`), fullPage: true });
      await dialog.getByRole('button', { name: 'Save Template' }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = panel.getByTestId('case-template').filter({ hasText: name });
      await card.getByText('Applied automatically').waitFor();
      await card.getByText('Isolate the affected hosts').waitFor();
      await card.getByText('due 4 h after applying').waitFor();
      await page.screenshot({ path: artifact(`templates-list-${size.name}.png`), fullPage: true });

      // Edited: renamed and one task fewer.
      await card.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Template' });
      await edit.getByLabel('Name').fill(`${name} (revised)`);
      await edit.getByRole('button', { name: 'Remove task 2' }).click();
      await edit.getByRole('button', { name: 'Save Template' }).click();
      await edit.waitFor({ state: 'detached' });
      const revised = panel.getByTestId('case-template').filter({ hasText: `${name} (revised)` });
      await revised.waitFor();
      expect(await revised.getByText('Collect memory images').count()).toBe(0);

      // Deleted, after asking.
      await revised.getByRole('button', { name: `Delete ${name} (revised)` }).click();
      await page.getByRole('button', { name: 'Delete Template' }).click();
      await revised.waitFor({ state: 'detached' });
    }, 180_000);

    it(`shows what a STIX import stored, type by type, with a link to each type's objects (${size.name})`, async () => {
      const { email, api } = await e2e.directorApi(`stix-findable-${size.name}`);
      await api.dispose();
      const page = await e2e.newPage();
      await page.setViewportSize({ width: size.width, height: size.height });
      expect(
        (
          await page.request.post(`${e2e.server.url}/api/auth/login`, { data: { email, password: PASSWORD } })
        ).status(),
      ).toBe(200);
      const uuid = () => crypto.randomUUID();
      const created = '2024-02-03T04:05:06.000Z';
      const common = { spec_version: '2.1', created, modified: created };
      const [indicator, malware, relationship] = [
        `indicator--${uuid()}`,
        `malware--${uuid()}`,
        `relationship--${uuid()}`,
      ];
      const malwareName = `PaleLoader ${size.name} ${Date.now()}`;
      const bundle = {
        type: 'bundle',
        id: `bundle--${uuid()}`,
        objects: [
          {
            ...common,
            type: 'indicator',
            id: indicator,
            pattern: `[domain-name:value = 'pale-${size.name}-${Date.now()}.example']`,
            pattern_type: 'stix',
            valid_from: created,
          },
          { ...common, type: 'malware', id: malware, name: malwareName, is_family: true },
          {
            ...common,
            type: 'relationship',
            id: relationship,
            relationship_type: 'indicates',
            source_ref: indicator,
            target_ref: malware,
          },
        ],
      };
      await page.goto(`${e2e.server.url}/ai?tab=threats`);
      await page.getByRole('button', { name: 'Import STIX' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import STIX' });
      await dialog.getByText('is stored as TLP:AMBER', { exact: false }).waitFor();
      await dialog.getByLabel('STIX 2.1 bundle (JSON)').setInputFiles({
        name: 'bundle.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(bundle)),
      });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const stored = dialog.getByRole('list', { name: 'Stored by type' });
      await stored.waitFor();
      for (const type of ['indicator', 'malware', 'relationship']) {
        await stored.getByRole('link', { name: `See 1 stored ${type}` }).waitFor();
      }
      await page.screenshot({ path: artifact(`stix-import-report-${size.name}.png`), fullPage: true });

      // The malware link closes the dialog on the list of stored malware: added today, created by its producer.
      await stored.getByRole('link', { name: 'See 1 stored malware' }).click();
      await dialog.waitFor({ state: 'detached' });
      const list = page.getByRole('list', { name: 'Stored malware' });
      const item = list.getByTestId('stored-object').filter({ hasText: malwareName });
      await item.waitFor();
      await item.getByText('Created (STIX):').waitFor();
      await item.getByText('Added:').waitFor();
      expect(new URL(page.url()).searchParams.get('objects')).toBe('malware');
      await page.screenshot({ path: artifact(`stix-stored-objects-${size.name}.png`), fullPage: true });
      // The relationship is listed too.
      await page.getByLabel('Type', { exact: true }).selectOption('relationship');
      await page
        .getByRole('list', { name: 'Stored relationship' })
        .getByText(`${indicator} indicates ${malware}`)
        .waitFor();
    }, 180_000);
  }
});
