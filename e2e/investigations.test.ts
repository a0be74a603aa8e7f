import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

const request = {
  Subject: 'Pre-employment check: CFO candidate',
  Description:
    'Verify identity, education and employment history of our shortlisted CFO candidate before the offer.',
  'Legal basis': 'Written consent of the candidate on file',
  'Target information': 'Full name, date of birth and last three employers',
  'Expected timeframe': 'Within two weeks',
};

describe('investigation services', () => {
  it('shows a signed-out visitor the seven services and no request button', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/investigations`);
    const cards = page.getByTestId('investigation-service');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(7);
    expect(await cards.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Background Check',
      'Corporate Intelligence',
      'Digital Forensics',
      'Surveillance Operations',
      expect.any(String),
      'Asset Investigation',
      'Fraud Investigation',
    ]);
    await cards.first().getByText('TIER 1').waitFor();
    await cards.first().getByText('₹25,000 - ₹75,000').waitFor();
    await cards.nth(3).getByText('TIER 3').waitFor();
    expect(await page.getByRole('button', { name: 'Request Investigation' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'My Investigation Requests' }).count()).toBe(0);
    await page.screenshot({ path: artifact('investigations.png'), fullPage: true });
  });

  it('lets a member submit a request through the dialog and see it with its estimated cost', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'investigations', { firstName: 'Dana', lastName: 'Reyes' });
    await page.goto(`${e2e.server.url}/investigations`);
    const section = page.getByRole('region', { name: 'My Investigation Requests' });
    await section.getByRole('button', { name: 'Submit Your First Request' }).waitFor();

    await page.getByRole('button', { name: 'Request Investigation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Investigation' });
    const form = dialog.getByRole('form', { name: 'Investigation request' });
    // Tier 1: only the tier-1 service can be chosen.
    const serviceType = form.getByLabel('Service type');
    expect(await serviceType.locator('option').allTextContents()).toEqual(['Background Check']);
    expect(await form.getByLabel('Priority').inputValue()).toBe('STANDARD');
    expect(await form.getByLabel('Authorized representative').inputValue()).toBe('Dana Reyes');

    await form.getByRole('button', { name: 'Submit Request' }).click();
    await form.getByText('Must declare lawful purpose').waitFor();
    await form.getByText('Description must be at least 50 characters').waitFor();

    for (const [label, value] of Object.entries(request)) await form.getByLabel(label).fill(value);
    await form.getByLabel('Priority').selectOption('HIGH');
    await form.getByTestId('estimate-preview').getByText('₹37,500').waitFor();
    for (const name of [/lawful purpose/, /harass/, /compliance requirements/]) {
      await form.getByRole('checkbox', { name }).check();
    }
    await page.screenshot({ path: artifact('investigation-request.png') });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Request Submitted').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = section.getByTestId('investigation-row');
    await row.getByText(request.Subject).waitFor();
    await row.getByText('Background Check').waitFor();
    await row.getByText('PENDING').waitFor();
    await row.getByText('₹37,500').waitFor();
    await row.getByText('Not yet assigned').waitFor();
    await page.screenshot({ path: artifact('investigations-member.png'), fullPage: true });

    const saved = (await (await page.request.get(`${e2e.server.url}/api/investigations`)).json()) as {
      serviceType: string;
      priority: string;
      status: string;
      estimatedCost: string;
    }[];
    expect(saved).toEqual([
      expect.objectContaining({
        serviceType: 'background-check',
        priority: 'HIGH',
        status: 'PENDING',
        estimatedCost: '37500.00',
      }),
    ]);
  });

  it('lets a Director move a request forward and assign an agent, which the client sees', async () => {
    const member = await e2e.newPage();
    await e2e.signUp(member, 'client', { firstName: 'Asha', lastName: 'Rao' });
    const subject = 'Due diligence on a prospective distributor';
    const filed = await member.request.post(`${e2e.server.url}/api/investigations`, {
      data: {
        serviceType: 'background-check',
        subject,
        description: request.Description,
        authorizedRepresentative: 'Asha Rao',
        legalBasis: request['Legal basis'],
        targetInformation: request['Target information'],
        expectedTimeframe: request['Expected timeframe'],
        lawfulPurposeDeclaration: true,
        noHarassmentDeclaration: true,
        complianceAgreement: true,
      },
    });
    expect(filed.status()).toBe(201);
    await member.context().close();

    const director = await e2e.newPage();
    const email = await e2e.signUp(director, 'director', { firstName: 'Meera', lastName: 'Iyer' });
    await e2e.server.cli('user:set-tier', email, '4');
    await director.goto(`${e2e.server.url}/investigations`);
    const all = director.getByRole('region', { name: 'All Requests' });
    const row = all.getByTestId('all-requests-row').filter({ hasText: subject });
    await row.getByText('Asha Rao').waitFor();
    await row.getByLabel('Status').selectOption('IN_PROGRESS');
    await director.getByText('Request Updated').first().waitFor();
    // Forward only: once in progress, PENDING is no longer offered.
    await row.getByRole('option', { name: 'PENDING' }).waitFor({ state: 'detached' });
    await row.getByRole('option', { name: 'Meera Iyer' }).waitFor({ state: 'attached' });
    await row.getByLabel('Assigned agent').selectOption({ label: 'Meera Iyer' });
    await director.waitForFunction(async (url) => {
      const list = (await (await fetch(url)).json()) as { assignedAgent: string | null }[];
      return list.some((item) => item.assignedAgent === 'Meera Iyer');
    }, `${e2e.server.url}/api/investigations?scope=all`);
    expect(await row.getByLabel('Status').locator('option').allTextContents()).toEqual([
      'IN PROGRESS',
      'COMPLETED',
      'CANCELLED',
    ]);
    await director.screenshot({ path: artifact('investigations-director.png'), fullPage: true });
  });
});
