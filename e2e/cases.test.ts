import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

const TITLE = 'Trace a leaked board memo';

describe('the cases page', () => {
  it('takes a new case; once a Director moves it to In Progress and comments, the member sees both', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'cases');
    await page.goto(`${e2e.server.url}/cases`);
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    await page.getByText('No cases found').waitFor();
    expect(await page.getByRole('tab', { name: 'All cases' }).count()).toBe(0);

    await page.getByRole('button', { name: 'New Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Case' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Case' }).click();
    await dialog.getByText('Category is required').waitFor();
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog
      .getByLabel('Description')
      .fill('A confidential board memo reached the press last week; find out how it left the building.');
    await dialog.getByLabel('Category').selectOption('digital_forensics');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Deadline').fill('2030-01-31');
    await page.screenshot({ path: artifact('cases-new-dialog.png') });
    await dialog.getByRole('button', { name: 'Create Case' }).click();
    await page.getByText('Case Created').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('case-card').filter({ hasText: TITLE });
    await card.getByText('Status: Open').waitFor();
    await card.getByText('Digital Forensics').waitFor();
    await page.screenshot({ path: artifact('cases-list.png'), fullPage: true });

    // A Director moves it to in progress and comments through the API.
    const { api: director, email: directorEmail } = await e2e.directorApi('cases');
    const all = await director.get('/api/cases?scope=all');
    const item = ((await all.json()) as { id: string; title: string }[]).find((c) => c.title === TITLE);
    expect(item).toBeDefined();
    const moved = await director.post(`/api/cases/${item!.id}/updates`, {
      data: { updateType: 'status_change', status: 'in_progress' },
    });
    expect(moved.status()).toBe(201);
    const commented = await director.post(`/api/cases/${item!.id}/updates`, {
      data: { updateType: 'comment', content: 'An analyst is reviewing the print logs.' },
    });
    expect(commented.status()).toBe(201);
    const noted = await director.post(`/api/cases/${item!.id}/updates`, {
      data: { updateType: 'internal_note', content: 'Suspect the outside printer vendor.' },
    });
    expect(noted.status()).toBe(201);
    await director.dispose();

    // The notification link opens the case.
    await page.goto(`${e2e.server.url}/cases?case=${item!.id}`);
    const detail = page.getByRole('dialog', { name: TITLE });
    await detail.waitFor();
    await detail.getByText('In Progress').first().waitFor();
    await detail.getByText('An analyst is reviewing the print logs.').waitFor();
    expect(await detail.getByText('Suspect the outside printer vendor.').count()).toBe(0);
    expect(await detail.getByTestId('director-controls').count()).toBe(0);

    await detail.getByLabel('Add a comment').fill('Thank you, please keep me posted.');
    await detail.getByRole('button', { name: 'Post Comment' }).click();
    await detail.getByText('Thank you, please keep me posted.').waitFor();
    await page.screenshot({ path: artifact('cases-detail.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await card.getByText('Status: In Progress').waitFor();

    // The same browser signs in as the Director, who works the case from its dialog.
    const login = await page.request.post(`${e2e.server.url}/api/auth/login`, {
      data: { email: directorEmail, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${e2e.server.url}/cases?tab=all&case=${item!.id}`);
    const worked = page.getByRole('dialog', { name: TITLE });
    const controls = worked.getByTestId('director-controls');
    await controls.waitFor();
    await worked.getByText('Suspect the outside printer vendor.').waitFor();
    await worked.getByText('Internal', { exact: true }).waitFor();
    const moves = await controls.getByLabel('Move status').locator('option').allTextContents();
    expect(moves).toEqual(['Pending Review']);
    await controls.getByRole('button', { name: 'Assign to Me' }).click();
    await controls.getByRole('button', { name: 'Assigned to you' }).waitFor();
    await controls.getByLabel('Estimated cost (INR)').fill('4200');
    await controls.getByRole('button', { name: 'Set Cost' }).click();
    await worked.getByText('₹4,200').waitFor();
    await controls.getByRole('button', { name: 'Move' }).click();
    await worked.getByText('Pending Review').first().waitFor();
    expect(await controls.getByLabel('Move status').locator('option').allTextContents()).toEqual([
      'Completed',
      'In Progress',
    ]);
    await page.screenshot({ path: artifact('cases-director.png'), fullPage: true });
    await worked.getByRole('button', { name: 'Close', exact: true }).click();
    await worked.waitFor({ state: 'detached' });
    const allCard = page.getByTestId('case-card').filter({ hasText: TITLE });
    await allCard.getByText('Status: Pending Review').waitFor();
    await allCard.getByText(/Assigned:/).waitFor();
  });
});
