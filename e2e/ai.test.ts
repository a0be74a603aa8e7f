import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

describe('the AI Analysis tab', () => {
  it('runs a sentiment and a pattern analysis in the background and shows their results', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'ai');
    await page.goto(`${e2e.server.url}/ai`);
    await page.getByRole('heading', { name: 'AI & Enterprise', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'AI Analysis', selected: true }).waitFor();
    await page.getByText('No analyses yet').waitFor();

    // The form checks with the API's own messages before sending anything.
    await page.getByRole('button', { name: 'Run Analysis' }).click();
    await page.getByText('Text is required for sentiment analysis').waitFor();

    await page.getByLabel('Text').fill('I love this product. It is not good at all!\nTerrible support.');
    await page.getByRole('button', { name: 'Run Analysis' }).click();
    await page.getByText('Analysis Started').first().waitFor();

    const sentiment = page.getByTestId('analysis-card').filter({ hasText: 'Sentiment Analysis' });
    await sentiment.getByText('Completed').waitFor({ timeout: 20_000 });
    expect(await sentiment.getByTestId('sentiment-label').textContent()).toContain('Negative');
    await sentiment.getByText('Confidence 59.6%').waitFor();
    expect(await sentiment.getByRole('list', { name: 'Sentences' }).getByRole('listitem').count()).toBe(3);
    await sentiment.getByRole('list', { name: 'Strongest positive terms' }).getByText(/love/).waitFor();

    await page.getByLabel('Analysis type').selectOption('pattern_analysis');
    await page.getByLabel('Data points').fill('1, 2, 1, 2, 1, 9, 10, 9, 10, 9, 100');
    await page.getByRole('button', { name: 'Run Analysis' }).click();

    const pattern = page.getByTestId('analysis-card').filter({ hasText: 'Pattern Analysis' });
    await pattern.getByText('Completed').waitFor({ timeout: 20_000 });
    await pattern.getByText('Trend: Rising').waitFor();
    await pattern
      .getByRole('list', { name: 'Anomalies' })
      .getByText(/Point 11: 100/)
      .waitFor();
    await pattern
      .getByRole('list', { name: 'Change points' })
      .getByText(/From point 6/)
      .waitFor();
    await pattern.getByTestId('pattern-chart').locator('svg').first().waitFor();
    await page.screenshot({ path: artifact('ai-analysis.png'), fullPage: true });

    // Newest first: the pattern analysis sits above the sentiment analysis.
    const titles = await page.getByTestId('analysis-card').locator('h4').allTextContents();
    expect(titles).toEqual(['Pattern Analysis', 'Sentiment Analysis']);
  });
});
