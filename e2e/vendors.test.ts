import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

const COMPANY = 'Nightjar Optics E2E';
const PRODUCT = 'Nightjar Thermal Monocular';

/** The Director the first test makes; the second signs in as them. */
let directorEmail = '';

describe('the vendor portal', () => {
  it('takes an application (PENDING), and once a Director approves it the vendor adds a product that waits for approval', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'vendor');
    await page.goto(`${e2e.server.url}/vendor`);
    await page.getByRole('heading', { name: 'Vendor Portal', level: 1 }).waitFor();
    await page.getByText('No applications yet').waitFor();

    // Not a vendor yet: 'Add Product' says to apply first and opens nothing.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page
      .getByText(/Apply as a vendor first/)
      .first()
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Apply as Vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vendor Application' });
    await dialog.waitFor();
    // The form's own messages, before anything is sent.
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByText('Business type is required').waitFor();
    await dialog.getByLabel('Company name').fill(COMPANY);
    await dialog.getByLabel('Business type').selectOption('manufacturer');
    await dialog.getByLabel('Phone number').fill('+91 98450 12345');
    await dialog
      .getByLabel('Business description')
      .fill('We design and build thermal and night vision optics for security teams across India.');
    await dialog.getByLabel('Certifications').fill('ISO 9001');
    await dialog.getByLabel('Certifications').press('Enter');
    await dialog.getByRole('button', { name: 'Remove ISO 9001' }).waitFor();
    await page.screenshot({ path: artifact('vendor-application-dialog.png') });
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Application Submitted').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('vendor-application-row').filter({ hasText: COMPANY });
    await row.getByText('PENDING').waitFor();
    await row.getByText('ISO 9001').waitFor();
    expect(await page.getByRole('button', { name: 'Apply as Vendor' }).count()).toBe(0);
    await page.screenshot({ path: artifact('vendor-pending.png'), fullPage: true });

    // A Director approves it through the API.
    const { api: director, email } = await e2e.directorApi('vendor');
    directorEmail = email;
    const queue = await director.get('/api/vendor/applications?scope=all&status=PENDING');
    const application = ((await queue.json()) as { id: string; companyName: string }[]).find(
      (a) => a.companyName === COMPANY,
    );
    expect(application).toBeDefined();
    const approved = await director.patch(`/api/vendor/applications/${application!.id}`, {
      data: { status: 'APPROVED' },
    });
    expect(approved.status()).toBe(200);
    await director.dispose();

    await page.reload();
    await row.getByText('APPROVED').waitFor();
    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    await form.waitFor();
    await form.getByLabel('Product name').fill(PRODUCT);
    await form
      .getByLabel('Description')
      .fill('A pocket thermal monocular with a 384 pixel sensor and six hours of battery.');
    await form.getByLabel('Price (INR)').fill('45999');
    await form.getByLabel('Stock count').fill('12');
    // What the tax invoice will print: a monocular is HSN 9005 (binoculars, telescopes), at 18 %.
    await form.getByLabel('HSN code').fill('90058090');
    await form.getByLabel('GST rate').selectOption({ label: '18 %' });
    await form.getByLabel('Specifications').fill('Sensor: 384 x 288\nBattery: 6 h');
    await page.screenshot({ path: artifact('vendor-add-product-dialog.png') });
    await form.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Product Added').first().waitFor();
    await form.waitFor({ state: 'detached' });

    const product = page.getByTestId('vendor-product-row').filter({ hasText: PRODUCT });
    await product.getByText('Pending approval').waitFor();
    await product.getByText('₹45,999').waitFor();
    // The figures count it as pending.
    await page.getByLabel('Vendor statistics').getByText('Pending', { exact: true }).waitFor();

    // Not in the marketplace while it waits.
    const listed = await page.request.get(`${e2e.server.url}/api/products?q=nightjar`);
    expect(await listed.json()).toEqual([]);
    await page.screenshot({ path: artifact('vendor-product-pending.png'), fullPage: true });
  });

  it('gives a Director the review queue, where approving the product puts it in the marketplace', async () => {
    const page = await e2e.newPage();
    const login = await page.request.post(`${e2e.server.url}/api/auth/login`, {
      data: { email: directorEmail, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${e2e.server.url}/vendor`);
    await page.getByRole('heading', { name: 'Review queue' }).waitFor();
    const row = page.getByTestId('review-product-row').filter({ hasText: PRODUCT });
    await row.waitFor();
    // The Director sees the tax classification the vendor gave before approving.
    await row.getByText(/HSN 90058090 · GST 18 %/).waitFor();
    await page.screenshot({ path: artifact('vendor-review-queue.png'), fullPage: true });

    await row.getByRole('button', { name: `Approve ${PRODUCT}` }).click();
    await page.getByText('Product Approved').first().waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No products waiting.').waitFor();

    await page.goto(`${e2e.server.url}/marketplace`);
    await page.getByText(PRODUCT).first().waitFor();
  });
});
